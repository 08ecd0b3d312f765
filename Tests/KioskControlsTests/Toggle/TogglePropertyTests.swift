import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// A toggle from the owner's side: `kiosk ctl set light on=true` (the value field, as a tap
/// leaves it), the colours (properties, checked as the config checks them), `get`, the state
/// file, and a template that follows the value.
@Suite("Toggle through set and get")
struct TogglePropertyTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "toggle", "id": "light", "frame": [40, 200, 64, 36]},
          {"type": "label", "id": "state", "frame": [40, 140, 200, 40], "text": "Light: {light.on}"}]}]}
        """#

    func target() throws -> ControlTestTarget { try ControlTestTarget(configJSON: Self.config) }

    @Test("set on springs the thumb over with the value's events; get lists the value and the properties")
    func setValue() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let toggle = try #require(scene.control(withID: "light") as? Toggle)
        _ = scene.drainEvents()
        #expect(target.reply(#"{"op": "set", "control": "light", "value": {"on": true}}"#)
                == #"{"ok": true, "control": "light", "value": {"on": true}}"#)
        #expect(toggle.isOn)
        #expect(toggle.thumbPosition == 0, "the thumb springs, it does not jump")
        #expect(scene.isAnimating)
        let events = scene.drainEvents()
        #expect(events.map(\.kind) == [.valueChanged, .valueCommitted])
        #expect(events.allSatisfy { $0.origin == .owner })
        #expect(target.reply(#"{"op": "get", "control": "light"}"#)
                == #"{"ok": true, "control": "light", "value": {"on": true}, "properties": {"onColor": null, "#
                + #""offColor": null, "thumbColor": null, "enabled": true, "visible": true}}"#)
        #expect(target.reply(#"{"op": "set", "control": "light", "value": {"on": "yes"}}"#)
                == #"{"ok": false, "error": "'light'.on must be true or false (found a string)"}"#)
        #expect(toggle.isOn)
    }

    @Test("a set that comes while the thumb springs turns it round from where it is")
    func setWhileSpringing() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let toggle = try #require(scene.control(withID: "light") as? Toggle)
        let step = Duration.nanoseconds(1_000_000_000 / 120)
        var now = Instant.zero
        func run(_ steps: Int) {
            for _ in 0..<steps {
                now = now + step
                scene.step(step, at: now)
            }
        }
        _ = target.reply(#"{"op": "set", "control": "light", "value": {"on": true}}"#)
        run(10)
        let there = toggle.thumbPosition
        #expect(there > 0.2 && there < 0.9, "\(there)")
        #expect(target.reply(#"{"op": "set", "control": "light", "value": {"on": false}}"#)
                == #"{"ok": true, "control": "light", "value": {"on": false}}"#)
        #expect(toggle.thumbPosition == there, "no jump")
        run(2)
        #expect(toggle.thumbPosition < there + 0.1)
        run(200)
        #expect(toggle.thumbPosition == 0 && !scene.isAnimating)
    }

    @Test("the colours are properties: set, checked with the config's messages, announced, kept by the state")
    func properties() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let toggle = try #require(scene.control(withID: "light") as? Toggle)
        _ = scene.drainEvents()
        #expect(target.reply(##"{"op": "set", "control": "light", "value": {"onColor": "#2EA043", "thumbColor": "#F0F0F0"}}"##)
            .hasPrefix(#"{"ok": true"#))
        #expect(toggle.onColor == Color(hex: "#2EA043") && toggle.thumbColor == Color(hex: "#F0F0F0"))
        #expect(!toggle.isOn, "a property change leaves the value alone")
        #expect(scene.drainEvents().map(\.kind) == [.propertiesChanged])
        #expect(target.reply(#"{"op": "set", "control": "light", "value": {"offColor": "grey"}}"#)
                == #"{"ok": false, "error": "offColor: invalid colour \"grey\": expected #RRGGBB or #RRGGBBAA"}"#)
        #expect(target.reply(#"{"op": "set", "control": "light", "value": {"checked": true}}"#)
                == #"{"ok": false, "error": "\"checked\" is not a value field or a property of \"light\" (value: on; "#
                + #"properties: onColor, offColor, thumbColor, enabled, visible)"}"#)
        #expect(toggle.ownerProperties.map(\.name) == ["onColor", "thumbColor"])
    }

    @Test("the state file keeps the value and brings it back at once, without events")
    func stateFile() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let toggle = try #require(scene.control(withID: "light") as? Toggle)
        _ = target.reply(#"{"op": "set", "control": "light", "value": {"on": true}}"#)
        let saved = SavedState.capture(from: scene)
        #expect(saved.value(of: "light") == SavedState.SavedValue(id: "light", fields: [("on", true)]))
        let fresh = try #require(try self.target().scene)
        let restored = try #require(fresh.control(withID: "light") as? Toggle)
        _ = fresh.drainEvents()
        #expect(saved.restore(into: fresh).problems.isEmpty)
        #expect(restored.isOn && restored.thumbPosition == 1)
        #expect(fresh.drainEvents().isEmpty)
        #expect(toggle.isOn)
    }

    @Test("a template inserting the value follows it")
    func templateFollows() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let model = try #require(target.properties)
        let label = try #require(scene.control(withID: "state") as? Label)
        model.refreshTemplates(in: scene, after: nil)
        #expect(label.text == "Light: false")
        _ = target.reply(#"{"op": "set", "control": "light", "value": {"on": true}}"#)
        model.refreshTemplates(in: scene, after: scene.drainEvents())
        #expect(label.text == "Light: true")
    }
}
