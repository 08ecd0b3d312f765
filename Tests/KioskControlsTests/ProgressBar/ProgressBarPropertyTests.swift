import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// A progress bar from the owner's side: `kiosk ctl set load value=0.4` (the value field,
/// clamped as a slider's), `indeterminate` and the colours (properties, checked as the config
/// checks them), `get`, and a template that follows the value.
@Suite("Progress bar through set and get")
struct ProgressBarPropertyTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "progressBar", "id": "load", "frame": [40, 200, 600, 20], "value": 0.25},
          {"type": "label", "id": "percent", "frame": [40, 140, 200, 40], "text": "{load.value:.2}"}]}]}
        """#

    func target() throws -> ControlTestTarget { try ControlTestTarget(configJSON: Self.config) }

    @Test("set value glides the bar there, clamped, with the value's events; get lists value and properties")
    func setValue() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let bar = try #require(scene.control(withID: "load") as? ProgressBar)
        _ = scene.drainEvents()
        #expect(target.reply(#"{"op": "set", "control": "load", "value": {"value": 0.4}}"#)
                == #"{"ok": true, "control": "load", "value": {"value": 0.4}}"#)
        #expect(bar.value == 0.4)
        #expect(bar.displayedValue == 0.25, "the fill glides, it does not jump")
        #expect(scene.isAnimating)
        #expect(scene.drainEvents().map(\.kind) == [.valueChanged, .valueCommitted])
        #expect(target.reply(#"{"op": "set", "control": "load", "value": {"value": 1.0000001}}"#)
                == #"{"ok": true, "control": "load", "value": {"value": 1}}"#)
        #expect(target.reply(#"{"op": "get", "control": "load"}"#)
                == #"{"ok": true, "control": "load", "value": {"value": 1}, "properties": {"indeterminate": null, "#
                + #""trackColor": null, "fillColor": null, "enabled": true, "visible": true}}"#)
    }

    @Test("indeterminate and the colours are properties: set, checked with the config's messages, announced")
    func properties() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let bar = try #require(scene.control(withID: "load") as? ProgressBar)
        _ = scene.drainEvents()
        #expect(target.reply(##"{"op": "set", "control": "load", "value": {"indeterminate": true, "fillColor": "#2EA043"}}"##)
            .hasPrefix(#"{"ok": true"#))
        #expect(bar.isIndeterminate)
        #expect(bar.fillColor == Color(hex: "#2EA043"))
        #expect(bar.value == 0.25, "a property change leaves the owner's value alone")
        #expect(scene.drainEvents().map(\.kind) == [.propertiesChanged])
        #expect(target.reply(#"{"op": "set", "control": "load", "value": {"indeterminate": "yes"}}"#)
                == #"{"ok": false, "error": "indeterminate: expected true or false, found a string"}"#)
        #expect(target.reply(#"{"op": "set", "control": "load", "value": {"progress": 1}}"#)
                == #"{"ok": false, "error": "\"progress\" is not a value field or a property of \"load\" (value: value; "#
                + #"properties: indeterminate, trackColor, fillColor, enabled, visible)"}"#)
    }

    @Test("a template inserting the value follows it")
    func templateFollows() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let model = try #require(target.properties)
        let label = try #require(scene.control(withID: "percent") as? Label)
        model.refreshTemplates(in: scene, after: nil)
        #expect(label.text == "0.25")
        _ = target.reply(#"{"op": "set", "control": "load", "value": {"value": 0.5}}"#)
        model.refreshTemplates(in: scene, after: scene.drainEvents())
        #expect(label.text == "0.50")
    }
}
