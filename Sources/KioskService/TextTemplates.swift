import KioskCore
import KioskConfig
import KioskUI

/// The text properties of a scene that are templates (`"{price.lower} – {price.upper} €"`),
/// and what each last wrote: `PropertyModel` keeps one and writes the texts again when what
/// they insert moved. A text is only written when it came out different, so a slider dragged
/// under a label that shows another control costs nothing.
struct TextTemplates {
    private struct Binding {
        var control: String
        var property: String
        var template: TextTemplate
        /// Every control it inserts from, and its own.
        var sources: Set<String>
        var written: String?
    }

    private var bindings: [Binding] = []

    var isEmpty: Bool { bindings.isEmpty }

    /// Takes `config`'s text properties that are templates in place of the ones it had.
    mutating func bind(_ config: ControlConfig) {
        bindings.removeAll { $0.control == config.id }
        for property in config.properties where property.kind == .text {
            guard case .string(let text)? = config.source?[property.name]?.kind, TextTemplate.isTemplate(text),
                  case .success(let template) = TextTemplate.parse(text) else { continue }
            let sources = Set(template.references.map(\.control) + [config.id])
            bindings.append(Binding(control: config.id, property: property.name, template: template, sources: sources))
        }
    }

    /// Renders the bindings `events` may have touched (all when nil) and hands each text that
    /// changed to `write` (control id, property, text).
    mutating func refresh(in scene: Scene, after events: [ControlEvent]?, properties: (Control) -> JSONObject,
                          write: (String, String, String) -> Void) {
        for index in bindings.indices {
            if let events, !events.contains(where: { bindings[index].sources.contains($0.source) }) { continue }
            // The control's own config changed: its template may be new, so it is written again.
            if let events, events.contains(where: { $0.source == bindings[index].control && $0.kind == .propertiesChanged }) {
                bindings[index].written = nil
            }
            let text = bindings[index].template.render { reference in
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
        let value = control.currentValue ?? []
        guard let field = reference.field else { return value.count == 1 ? EventEncoder.json(value[0].value) : nil }
        if let scalar = value.first(where: { $0.name == field })?.value { return EventEncoder.json(scalar) }
        return properties(control)[field]
    }
}
