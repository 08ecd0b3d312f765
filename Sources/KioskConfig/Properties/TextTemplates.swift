import KioskCore
import KioskUI

/// The text properties of a scene that are not shown as written: templates
/// (`"{price.lower} – {price.upper} €"`), keys of the string files (`"@menu.title"`, whose
/// string may itself be a template) and `"@@…"` (a text starting with `@`). `PropertyModel`
/// keeps one; it writes the texts again when what they insert moved or the scene's language
/// changed. A text is only written when it came out different, so a slider dragged under a
/// label that shows another control costs nothing.
struct TextTemplates {
    private struct Binding {
        var control: String
        var property: String
        /// The property's text as written.
        var source: String
        /// What it shows in the language it was last written in, read once per language.
        var shown: (language: String, template: TextTemplate)?
        /// Every control it inserts from (in any language), and its own.
        var sources: Set<String>
        var written: String?
    }

    private var bindings: [Binding] = []
    /// The strings of the config's languages; nil without them.
    private let languages: LanguageSettings?

    init(languages: LanguageSettings? = nil) { self.languages = languages }

    var isEmpty: Bool { bindings.isEmpty }

    /// Takes `config`'s text properties that are templates or keys in place of the ones it had.
    mutating func bind(_ config: ControlConfig) {
        bindings.removeAll { $0.control == config.id }
        for property in config.properties where property.kind == .text {
            guard case .string(let text)? = config.source?[property.name]?.kind,
                  TextTemplate.isTemplate(text) || StringKey.isSpecial(text) else { continue }
            var sources: Set<String> = [config.id]
            for language in languages?.languages ?? [""] {
                sources.formUnion(Self.template(of: text, in: language, languages: languages).references.map(\.control))
            }
            bindings.append(Binding(control: config.id, property: property.name, source: text, sources: sources))
        }
    }

    /// `text` in `language` as a template (plain words insert nothing; a config from
    /// `ConfigLoader` has no template that cannot be read, anything else shows as written).
    private static func template(of text: String, in language: String, languages: LanguageSettings?) -> TextTemplate {
        let words = StringKey.words(text, in: language, of: languages)
        guard TextTemplate.isTemplate(words), case .success(let template) = TextTemplate.parse(words) else {
            return .literal(words)
        }
        return template
    }

    /// Renders the bindings `events` may have touched (all when nil: a new scene, or a
    /// language switch) in the scene's language, and hands each text that changed to `write`
    /// (control id, property, text).
    mutating func refresh(in scene: Scene, after events: [ControlEvent]?, properties: (Control) -> JSONObject,
                          write: (String, String, String) -> Void) {
        let language = scene.language.code
        for index in bindings.indices {
            if let events, !events.contains(where: { bindings[index].sources.contains($0.source) }) { continue }
            // The control's own config changed: its template may be new, so it is written again.
            if let events, events.contains(where: { $0.source == bindings[index].control && $0.kind == .propertiesChanged }) {
                bindings[index].written = nil
            }
            let template: TextTemplate
            if let shown = bindings[index].shown, shown.language == language {
                template = shown.template
            } else {
                template = Self.template(of: bindings[index].source, in: language, languages: languages)
                bindings[index].shown = (language, template)
            }
            let text = template.render(numbers: scene.language.numbers) { reference in
                Self.value(of: reference, in: scene, properties: properties)
            }
            guard text != bindings[index].written else { continue }
            bindings[index].written = text
            write(bindings[index].control, bindings[index].property, text)
        }
    }

    /// What `{ID.FIELD}` stands for now: a value field, else a property; nil when the control
    /// or the field is gone.
    static func value(of reference: TextTemplate.Reference, in scene: Scene,
                      properties: (Control) -> JSONObject) -> JSONValue? {
        guard let control = scene.control(withID: reference.control) else { return nil }
        // A secret value (a masked field's text) is never shown: only what it discloses.
        let value = control.disclosedValue ?? []
        guard let field = reference.field else { return value.count == 1 ? value[0].value.json : nil }
        if let scalar = value.first(where: { $0.name == field })?.value { return scalar.json }
        return properties(control)[field]
    }
}
