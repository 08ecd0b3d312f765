import KioskCore

/// A text set at run time that names a string (`set title text=@menu.title`): checked as the
/// config's texts are, so a visitor is never shown a raw key.
extension LanguageSettings {
    /// What is wrong with a text naming `key` (without its `@`) in a kiosk whose languages are
    /// `settings`: nil when every language's file has the string, else the config's message
    /// for it (no languages at all; a key that is missing, or that names a group of strings).
    package static func problem(naming key: String, in settings: LanguageSettings?) -> String? {
        guard let settings else {
            return "\(JSONWriter.quoted("@" + key)) names a string, but the config has no \"languages\" "
                + "(write \(JSONWriter.quoted("@@" + key)) for a text that starts with @)"
        }
        for language in settings.languages {
            guard let table = settings.strings[language], table.entries[key] == nil else { continue }
            let file = settings.file(of: language).map { " (\($0))" } ?? ""
            if table.entries.keys.contains(where: { $0.hasPrefix(key + ".") }) {
                return "\(JSONWriter.quoted("@" + key)) names a group of strings in \(JSONWriter.quoted(language))\(file), "
                    + "not a string"
            }
            return "string \(JSONWriter.quoted(key)) is missing from \(JSONWriter.quoted(language))\(file)"
        }
        return nil
    }
}
