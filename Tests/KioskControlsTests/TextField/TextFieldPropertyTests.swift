import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// A text field and its keypad from the owner's side: `kiosk ctl set pin text=` (the value
/// field, with `textChanged`), `get`, the look as properties (checked as the config checks
/// them), a template that follows the text, and a masked field's PIN kept out of the state
/// file and MQTT's retained state while an unmasked field's text is kept.
@Suite("Text field through set and get")
struct TextFieldPropertyTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "textField", "id": "pin", "frame": [40, 40, 300, 60], "maxLength": 4, "mask": true, "placeholder": "PIN"},
          {"type": "textField", "id": "table", "frame": [40, 120, 300, 60], "text": "12"},
          {"type": "keypad", "id": "pad", "frame": [400, 40, 300, 400], "field": "pin"},
          {"type": "label", "id": "echo", "frame": [40, 200, 300, 40], "text": "Table {table.text}"}]}]}
        """#

    func target() throws -> ControlTestTarget { try ControlTestTarget(configJSON: Self.config) }

    @Test("set text clears or fills the field, cut to maxLength, with textChanged; get lists a masked field's length and properties")
    func setText() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let pin = try #require(scene.control(withID: "pin") as? TextField)
        let pad = try #require(scene.control(withID: "pad") as? Keypad)
        for d in [1, 2, 3] { pad.enter(.digit(d)) }
        _ = scene.drainEvents()
        #expect(target.reply(#"{"op": "set", "control": "pin", "value": {"text": ""}}"#)
                == #"{"ok": true, "control": "pin", "value": {"length": 0}}"#)
        #expect(pin.text.isEmpty)
        let cleared = scene.drainEvents()
        #expect(cleared.map(\.kind) == [.textChanged])
        #expect(cleared.first?.origin == .owner)
        #expect(target.reply(#"{"op": "set", "control": "pin", "value": {"text": "987654"}}"#)
                == #"{"ok": true, "control": "pin", "value": {"length": 4}}"#)
        #expect(pin.text == "9876")
        // A masked field's text is its length everywhere but `submitted`.
        #expect(target.reply(#"{"op": "get", "control": "pin"}"#)
                == #"{"ok": true, "control": "pin", "value": {"length": 4}, "properties": {"placeholder": "PIN", "#
                + #""mask": true, "font": null, "color": null, "background": null, "align": null, "enabled": true, "visible": true}}"#)
        #expect(target.reply(#"{"op": "set", "control": "pin", "value": {"text": true}}"#)
                == #"{"ok": false, "error": "'pin'.text must be text (found a boolean)"}"#)
    }

    @Test("the look is properties: set, checked with the config's messages, announced; the text stays")
    func properties() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let pin = try #require(scene.control(withID: "pin") as? TextField)
        try pin.setValue([("text", .string("12"))], sendsEvents: false)
        #expect(target.reply(#"{"op": "set", "control": "pin", "value": {"mask": false, "placeholder": "Code"}}"#)
            .hasPrefix(#"{"ok": true"#))
        #expect(!pin.isMasked && pin.placeholder == "Code" && pin.text == "12")
        #expect(scene.drainEvents().map(\.kind) == [.propertiesChanged])
        #expect(target.reply(#"{"op": "set", "control": "pin", "value": {"align": "middle"}}"#)
                == #"{"ok": false, "error": "align: unknown align \"middle\"; expected one of center, end, start"}"#)
        #expect(target.reply(##"{"op": "set", "control": "pad", "value": {"submitBackground": "#2EA043"}}"##)
            .hasPrefix(#"{"ok": true"#))
        #expect((scene.control(withID: "pad") as? Keypad)?.submitBackground == Color(hex: "#2EA043"))
        #expect(target.reply(#"{"op": "set", "control": "pad", "value": {"field": "table"}}"#)
                == #"{"ok": false, "error": "\"field\" is not a value field or a property of \"pad\" (properties: font, "#
                + #"color, background, submitBackground, enabled, visible)"}"#)
    }

    @Test("a template inserting the text follows each key")
    func templateFollows() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let model = try #require(target.properties)
        let echo = try #require(scene.control(withID: "echo") as? Label)
        let table = try #require(scene.control(withID: "table") as? TextField)
        model.refreshTemplates(in: scene, after: nil)
        #expect(echo.text == "Table 12")
        table.insert("7")
        model.refreshTemplates(in: scene, after: scene.drainEvents())
        #expect(echo.text == "Table 127")
    }

    @Test("a masked field's PIN is neither in the state file nor in MQTT's retained state; an unmasked field's text is")
    func secretStaysOffDisk() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let pin = try #require(scene.control(withID: "pin") as? TextField)
        let table = try #require(scene.control(withID: "table") as? TextField)
        pin.insert("1234")
        let state = SavedState.capture(from: scene)
        #expect(state.value(of: "pin") == nil)
        #expect(state.value(of: "table")?.fields.first?.value == .string("12"))
        #expect(ControlValueJSON.state(of: pin) == nil)
        #expect(ControlValueJSON.state(of: table) == #"{"text": "12"}"#)
        #expect(!ControlValueJSON.controlsWithState(in: scene).contains { $0 === pin })
        pin.isMasked = false
        #expect(SavedState.capture(from: scene).value(of: "pin")?.fields.first?.value == .string("1234"))
    }
}
