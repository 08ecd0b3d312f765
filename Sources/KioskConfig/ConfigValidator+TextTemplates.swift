import KioskCore
import KioskUI

/// Text templates (`"{price.lower} – {price.upper} €"`) checked once every control is known:
/// the syntax, the control each `{…}` names and the field it asks for.
extension ConfigValidator {
    /// Reports every template mistake of every text property (a label's `text`, a button's
    /// `title`, a custom control's `.text` properties) at that key, with a suggestion when a
    /// control or a field is close.
    func checkTextTemplates() {
        let targets = templateTargets
        for control in controls {
            for property in control.config.properties where property.kind == .text {
                guard case .string(let text)? = control.config.source?[property.name]?.kind,
                      TextTemplate.isTemplate(text) else { continue }
                let path = control.path + [TemplateKey(stringValue: property.name)]
                switch TextTemplate.parse(text) {
                case .failure(let error): report(error.message, at: path)
                case .success(let template):
                    for reference in template.references {
                        if let problem = problem(with: reference, fieldsByID: targets.fields, ids: targets.ids) {
                            report(problem, at: path)
                        }
                    }
                }
            }
        }
    }

    /// What each control offers a template, by id (the first control of an id), and the ids
    /// for suggestions: made at the first check, once every control is known (each control's
    /// fields are read from a control made of its config), then shared by the config's
    /// templates and every string file's.
    var templateTargets: TemplateTargets {
        if let made = madeTemplateTargets { return made }
        var fieldsByID: [String: TemplateFields] = [:]
        for control in controls where fieldsByID[control.config.id] == nil {
            fieldsByID[control.config.id] = TemplateFields(control.config)
        }
        let made = TemplateTargets(fields: fieldsByID, ids: Suggestion.Candidates(controls.map(\.config.id)))
        madeTemplateTargets = made
        return made
    }

    /// What is wrong with one `{…}`, or nil.
    func problem(with reference: TextTemplate.Reference, fieldsByID: [String: TemplateFields],
                         ids: Suggestion.Candidates) -> String? {
        let braces = "{" + reference.control + (reference.field.map { "." + $0 } ?? "") + "}"
        guard let known = fieldsByID[reference.control] else {
            var message = "\(braces): no control \(JSONWriter.quoted(reference.control))"
            if let suggestion = ids.closest(to: reference.control, budget: suggestionBudget) {
                message += "; did you mean \(JSONWriter.quoted(suggestion))?"
            }
            return message
        }
        guard let field = reference.field else {
            let values = known.values
            guard values.count == 1 else {
                return "\(braces): name the field, {\(reference.control).FIELD}: its value has "
                    + (values.isEmpty ? "no fields" : values.joined(separator: ", "))
            }
            return nil
        }
        let fields = known.values + known.properties
        guard !fields.contains(field) else { return nil }
        var message = "\(braces): \(JSONWriter.quoted(reference.control)) has no value field or property "
            + "\(JSONWriter.quoted(field)) (it has \(fields.joined(separator: ", ")))"
        if let suggestion = Suggestion.closest(to: field, among: fields, budget: suggestionBudget) {
            message += "; did you mean \(JSONWriter.quoted(suggestion))?"
        }
        return message
    }
}

/// What templates may insert: each control's fields by id, and the ids to suggest from.
struct TemplateTargets {
    var fields: [String: TemplateFields]
    var ids: Suggestion.Candidates
}

/// What a template may insert from a control: its value fields as it discloses them (those of
/// the control made from the config, once: a masked field's `length`, never its text) and its
/// properties.
struct TemplateFields {
    var values: [String]
    var properties: [String]

    init(_ config: ControlConfig) {
        values = (config.makeControl(in: ControlContext(theme: .standard)).disclosedValue ?? []).map(\.name)
        properties = config.properties.map(\.name)
    }
}

/// A key of a control's object, by name.
struct TemplateKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
