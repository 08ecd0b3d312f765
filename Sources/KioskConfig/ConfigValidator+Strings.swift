import KioskCore

/// Texts that name a string of the string files (`"@menu.title"`): noted as the config is
/// decoded, checked against the files once they are read (`StringFiles`).
extension ConfigValidator {
    /// One text that names a string.
    struct StringUse {
        /// The key, without the `@`.
        var key: String
        /// Where the text is.
        var path: [any CodingKey]
        /// Whether the text is a number format (`"format": "@units.temp"`) rather than words.
        var isNumberFormat = false

        /// `path` as the messages write it.
        var pathDescription: String { Diagnostics.format(path) }
    }

    /// Notes `text`, at `path`, when it names a string.
    func use(text: String, at path: [any CodingKey], isNumberFormat: Bool = false) {
        guard let key = StringKey.key(in: text) else { return }
        stringUses.append(StringUse(key: key, path: path, isNumberFormat: isNumberFormat))
    }

    /// Notes that the value at `path` names the language `code`.
    func refer(toLanguage code: String, at path: [any CodingKey]) { languageReferences.append((code, path)) }

    /// Reports every language an action names that `languages` lacks.
    func checkLanguageReferences(_ languages: LanguageSettings?) {
        let known = languages?.languages ?? []
        for reference in languageReferences where !known.contains(reference.code) {
            var message = "no language \(JSONWriter.quoted(reference.code))"
            if known.isEmpty {
                message += ": the config has no \"languages\""
            } else {
                message += " (the config has \(known.joined(separator: ", ")))"
                if let close = Suggestion.closest(to: reference.code, among: known, budget: suggestionBudget) {
                    message += "; did you mean \(JSONWriter.quoted(close))?"
                }
            }
            report(message, at: reference.path)
        }
    }

    /// What is wrong with the insertions of `template` (a string of a string file): each
    /// `{…}` must name a control and a field it has, as in a text property.
    func templateProblems(_ template: TextTemplate) -> [String] {
        let targets = templateTargets
        return template.references.compactMap { problem(with: $0, fieldsByID: targets.fields, ids: targets.ids) }
    }
}
