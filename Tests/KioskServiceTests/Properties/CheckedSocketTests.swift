import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// A button group through the control socket: the owner reads and moves the choice as a
/// person's tap would, and a checked colour is a property.
@Suite("Checked buttons through set and get")
struct CheckedSocketTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "button", "id": "en", "frame": [20, 20, 100, 48], "title": "English", "group": "lang", "checked": true},
          {"type": "button", "id": "de", "frame": [140, 20, 100, 48], "title": "Deutsch", "group": "lang"},
          {"type": "button", "id": "go", "frame": [20, 100, 100, 48], "title": "Go"}]}]}
        """#

    func target() throws -> ControlTestTarget { try ControlTestTarget(configJSON: Self.config) }

    @Test("get shows which button of the group is checked; set checked=true on another moves the choice")
    func moveTheChoice() throws {
        let target = try target()
        #expect(target.reply(#"{"op": "get", "control": "en"}"#).hasPrefix(#"{"ok": true, "control": "en", "value": {"checked": true}"#))
        #expect(target.reply(##"{"op": "set", "control": "de", "value": {"checked": true, "checkedBackground": "#2E7D32"}}"##)
            .hasPrefix(#"{"ok": true, "control": "de", "value": {"checked": true}, "properties": {"#))
        let scene = try #require(target.scene)
        #expect((scene.control(withID: "en") as? Button)?.isChecked == false)
        #expect((scene.control(withID: "de") as? Button)?.checkedBackground == Color(hex: "#2E7D32"))
        let events = scene.drainEvents().map { "\($0.source) \($0.kind.rawValue)" }
        #expect(events.contains("en valueCommitted") && events.contains("de valueCommitted"))
        #expect(target.reply(#"{"op": "get"}"#).contains(#""en": {"checked": false}, "de": {"checked": true}"#))
    }

    @Test("a button that is not checkable has no value to set")
    func plainButton() throws {
        let target = try target()
        #expect(target.reply(#"{"op": "set", "control": "go", "value": {"checked": true}}"#).hasPrefix(#"{"ok": false"#))
    }
}
