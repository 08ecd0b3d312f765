import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// A slider and a range dial from the owner's side: `set`/`get` of `value` (clamped and
/// snapped), a read-only slider that only the owner moves, `readOnly` and `format` as
/// properties, and templates that follow the values.
@Suite("Slider and range dial through set and get")
struct SliderPropertyTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "slider", "id": "dim", "frame": [40, 40, 400, 40], "step": 5, "value": 60, "format": ".0 %"},
          {"type": "slider", "id": "valve", "frame": [40, 100, 400, 40], "value": 30, "readOnly": true},
          {"type": "circularSlider", "id": "heat", "frame": [460, 40, 240, 240], "min": 5, "max": 30, "step": 0.5,
           "value": 21, "startAngle": 225, "endAngle": -45, "format": ".1 °C"},
          {"type": "label", "id": "summary", "frame": [40, 300, 400, 40], "text": "{dim:.0 %} {heat.value:.1 °C}"}]}]}
        """#

    func target() throws -> ControlTestTarget { try ControlTestTarget(configJSON: Self.config) }

    @Test("set value snaps and clamps, with the value's events; get lists value and the properties")
    func setAndGet() throws {
        let target = try target()
        let scene = try #require(target.scene)
        _ = scene.drainEvents()
        #expect(target.reply(#"{"op": "set", "control": "dim", "value": {"value": 72}}"#)
                == #"{"ok": true, "control": "dim", "value": {"value": 70}}"#)
        #expect(scene.drainEvents().map(\.kind) == [.valueChanged, .valueCommitted])
        #expect(target.reply(#"{"op": "set", "control": "heat", "value": {"value": 99}}"#)
                == #"{"ok": true, "control": "heat", "value": {"value": 30}}"#)
        #expect(target.reply(#"{"op": "set", "control": "heat", "value": {"value": 21.3}}"#)
                == #"{"ok": true, "control": "heat", "value": {"value": 21.5}}"#)
        #expect(target.reply(#"{"op": "get", "control": "dim"}"#)
                == #"{"ok": true, "control": "dim", "value": {"value": 70}, "properties": {"readOnly": null, "format": ".0 %", "#
                + #""font": null, "color": null, "trackColor": null, "highlightColor": null, "knobColor": null, "#
                + #""enabled": true, "visible": true}}"#)
        #expect(target.reply(#"{"op": "set", "control": "heat", "value": {"angle": 90}}"#).hasPrefix(#"{"ok": false"#))
    }

    @Test("a read-only slider takes the owner's value; readOnly and format are properties checked as the config is")
    func readOnlyAndProperties() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let valve = try #require(scene.control(withID: "valve") as? Slider)
        #expect(target.reply(#"{"op": "set", "control": "valve", "value": {"value": 45}}"#).hasPrefix(#"{"ok": true"#))
        #expect(valve.value == 45)
        #expect(target.reply(#"{"op": "set", "control": "valve", "value": {"readOnly": false, "format": ".1"}}"#)
            .hasPrefix(#"{"ok": true"#))
        #expect(!valve.isReadOnly && valve.valueFormat == NumberStyle(decimals: 1))
        #expect(valve.value == 45, "a property change leaves the value alone")
        #expect(target.reply(#"{"op": "set", "control": "valve", "value": {"format": "%d"}}"#)
                == #"{"ok": false, "error": "format: format \"%d\": expected [separator](. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C"}"#)
    }

    @Test("a template inserting the values follows them")
    func templateFollows() throws {
        let target = try target()
        let scene = try #require(target.scene)
        let model = try #require(target.properties)
        let label = try #require(scene.control(withID: "summary") as? Label)
        model.refreshTemplates(in: scene, after: nil)
        #expect(label.text == "60 % 21.0 °C")
        _ = target.reply(#"{"op": "set", "control": "dim", "value": {"value": 35}}"#)
        _ = target.reply(#"{"op": "set", "control": "heat", "value": {"value": 22.5}}"#)
        model.refreshTemplates(in: scene, after: scene.drainEvents())
        #expect(label.text == "35 % 22.5 °C")
    }

    @Test("the state file keeps the values: restored without events, snapped and clamped by the controls")
    func stateFile() throws {
        let target = try target()
        let scene = try #require(target.scene)
        _ = target.reply(#"{"op": "set", "control": "dim", "value": {"value": 25}}"#)
        _ = target.reply(#"{"op": "set", "control": "heat", "value": {"value": 23.5}}"#)
        let state = SavedState.capture(from: scene)
        #expect(state.value(of: "dim")?.fields.map(\.name) == ["value"])
        let fresh = try #require(try self.target().scene)
        _ = fresh.drainEvents()
        #expect(state.restore(into: fresh).problems == [])
        #expect((fresh.control(withID: "dim") as? Slider)?.value == 25)
        #expect((fresh.control(withID: "heat") as? CircularSlider)?.value == 23.5)
        #expect(fresh.drainEvents().isEmpty)
    }
}
