import KioskConfig
import KioskCore
import KioskUI

/// What a kiosk keeps across a restart: the value of every control that has one, the
/// screen shown and the display language. The state file holds one (`StateFile`);
/// `capture(from:)` takes it from a scene and `restore(into:)` puts it back.
package struct SavedState: Sendable, Equatable {
    /// One control's value, its fields in the order the control's events carry them.
    package struct SavedValue: Sendable, Equatable {
        /// The control's id.
        package var id: String
        /// The fields, as `Control.currentValue` gives them.
        package var fields: [(name: String, value: EventScalar)]

        /// The saved value of the control `id`.
        package init(id: String, fields: [(name: String, value: EventScalar)]) {
            self.id = id
            self.fields = fields
        }

        package static func == (a: SavedValue, b: SavedValue) -> Bool {
            a.id == b.id && a.fields.map(\.name) == b.fields.map(\.name) && a.fields.map(\.value) == b.fields.map(\.value)
        }
    }

    /// The id of the screen shown (the destination while a transition runs); nil: not known.
    package var screen: String?
    /// The display language, for a scene with languages; nil: not known or none.
    package var language: String?
    /// The values, in the scene's order: screens in order, then panels by id.
    package var values: [SavedValue]
    /// The properties the owner set at run time that persist (`ControlProperty.persists`),
    /// by control id, in the scene's order.
    package var properties: [(id: String, properties: [OwnerProperty])]

    /// A state showing `screen` with `values` and the owner's `properties`.
    package init(screen: String?, values: [SavedValue], properties: [(id: String, properties: [OwnerProperty])] = []) {
        self.screen = screen
        self.values = values
        self.properties = properties
    }

    package static func == (a: SavedState, b: SavedState) -> Bool {
        a.screen == b.screen && a.language == b.language && a.values == b.values
            && a.properties.map(\.id) == b.properties.map(\.id) && a.properties.map(\.properties) == b.properties.map(\.properties)
    }

    /// The value saved for the control `id`.
    package func value(of id: String) -> SavedValue? { values.first { $0.id == id } }

    /// The state of `scene` now: every control on every screen and in every registered panel
    /// with a `currentValue` that is not secret (`Control.valueIsSecret`: a masked text
    /// field's PIN) (ids are unique across a scene, so one id is one control).
    package static func capture(from scene: Scene) -> SavedState {
        var values: [SavedValue] = []
        let controls = scene.allControls
        var properties: [(id: String, properties: [OwnerProperty])] = []
        for control in controls {
            let kept = control.ownerProperties.filter(\.persists)
            if !kept.isEmpty { properties.append((control.id, kept)) }
            // A secret (a PIN in a masked field) is typed for the moment: never on disk.
            guard let value = control.currentValue, !control.valueIsSecret else { continue }
            values.append(SavedValue(id: control.id, fields: value))
        }
        var state = SavedState(screen: scene.currentScreen.id, values: values, properties: properties)
        if !scene.languages.isEmpty { state.language = scene.language.code }
        return state
    }

    /// Sets every saved value that still fits the scene, without events (the values are not
    /// news, they are where the kiosk was), and shows the saved screen if it still exists.
    /// Each value is clamped by its control as a finger's would be. What cannot be restored
    /// (a control no longer in the config, a field it no longer has, a field of another type)
    /// is left at the config's value and returned as a problem, one line each, with `where`
    /// (`values.price.lower`) first.
    ///
    /// The screen is shown like a button's `switchScreen` without a transition, so `back` from
    /// it returns to the config's start screen.
    package func restore(into scene: Scene, properties model: PropertyModel? = nil) -> Restoration {
        var problems: [String] = []
        for saved in properties {
            guard let control = scene.control(withID: saved.id) else {
                problems.append("properties.\(escaped(saved.id)): no control \(quoted(saved.id)) in the config; ignored")
                continue
            }
            guard let model else { continue }
            for problem in model.restore(saved.properties, on: control, designSize: scene.designSize) {
                problems.append("properties.\(escaped(saved.id)): \(problem); ignored")
            }
        }
        var restored = 0
        for saved in values {
            guard let control = scene.control(withID: saved.id) else {
                problems.append("values.\(escaped(saved.id)): no control \(quoted(saved.id)) in the config; ignored")
                continue
            }
            guard let current = control.currentValue else {
                problems.append("values.\(escaped(saved.id)): \(quoted(saved.id)) has no value any more; ignored")
                continue
            }
            var fields: [(name: String, value: EventScalar)] = []
            for field in saved.fields {
                guard let now = current.first(where: { $0.name == field.name }) else {
                    let known = current.map { quoted($0.name) }.joined(separator: ", ")
                    problems.append("values.\(escaped(saved.id)).\(escaped(field.name)): \(quoted(saved.id)) has no field "
                                    + "\(quoted(field.name)) (its value has \(known)); ignored")
                    continue
                }
                guard Self.sameKind(now.value, field.value) else {
                    problems.append("values.\(escaped(saved.id)).\(escaped(field.name)): expected "
                                    + "\(now.value.json.kindDescription), found \(field.value.json.kindDescription) (\(Self.text(field.value))); ignored")
                    continue
                }
                fields.append(field)
            }
            guard !fields.isEmpty else { continue }
            do {
                try control.setValue(fields, sendsEvents: false)
                restored += 1
            } catch {
                problems.append("values.\(escaped(saved.id)): \(error.message); ignored")
            }
        }
        if let language, language != scene.language.code {
            // Before the screen: the texts of everything shown are then written in it at once.
            if !scene.setLanguage(language, sendsEvents: false) {
                problems.append("language: no language \(quoted(language)) in the config; "
                                + "starting in \(quoted(scene.language.code))")
            }
        }
        if let screen, screen != scene.currentScreen.id {
            if scene.screen(withID: screen) != nil {
                scene.showScreen(screen, sendsEvents: false)
            } else {
                problems.append("screen: no screen \(quoted(screen)) in the config; "
                                + "starting on \(quoted(scene.currentScreen.id))")
            }
        }
        return Restoration(restoredValues: restored, problems: problems)
    }

    /// What `restore(into:)` did.
    package struct Restoration: Sendable, Equatable {
        /// Controls that took some or all of their saved fields.
        package var restoredValues: Int
        /// What could not be restored, one line each.
        package var problems: [String]
    }

    private static func sameKind(_ a: EventScalar, _ b: EventScalar) -> Bool {
        switch (a, b) {
        case (.number, .number), (.string, .string), (.bool, .bool): return true
        default: return false
        }
    }

    /// Text from the state file as a message quotes it, and as a path shows it bare: JSON's
    /// escaping, the one rule of every message (`JSONWriter`), so a line break or a NUL in an
    /// id never reaches the log as itself.
    private func quoted(_ text: String) -> String { JSONWriter.quoted(text) }
    private func escaped(_ text: String) -> String { JSONWriter.escaped(text) }

    static func text(_ value: EventScalar) -> String {
        switch value {
        case .number(let n): return JSONWriter.format(n)
        case .string(let s): return JSONWriter.quoted(String(s.prefix(40)))
        case .bool(let b): return b ? "true" : "false"
        }
    }
}
