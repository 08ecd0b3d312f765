import Testing
import KioskCore
import KioskUI

/// Checkable buttons and button groups: a choice that stays made (tabs, a language chooser).
@Suite("Checkable buttons and groups")
struct CheckableButtonTests {
    func language(_ id: String, x: Double) -> Button {
        let button = Button(id: id, frame: Rect(x, 20, 100, 48), title: id)
        button.group = "lang"
        return button
    }

    @Test("a checkable button's tap checks it and the next unchecks it, each reported as its value after the tap")
    func checkable() {
        let mute = Button(id: "mute", frame: Rect(20, 20, 120, 48), title: "Mute")
        mute.isCheckable = true
        let ui = SceneHarness([mute])
        #expect(mute.currentValue.map { $0.map(\.name) } == ["checked"])
        ui.tap(mute.frame.center)
        #expect(mute.isChecked)
        #expect(ui.events.filter { $0.source == "mute" }.map(\.kind) == [.tapped, .valueChanged, .valueCommitted])
        #expect(ui.events(.valueCommitted, from: "mute").last?["checked"] == .bool(true))
        ui.tap(mute.frame.center)
        #expect(!mute.isChecked)
        #expect(ui.events(.valueCommitted, from: "mute").last?["checked"] == .bool(false))
    }

    @Test("in a group one button is checked: a tap on another moves the choice, a tap on the checked one keeps it")
    func group() {
        let en = language("en", x: 20), de = language("de", x: 140), hi = language("hi", x: 260)
        let ui = SceneHarness([en, de, hi])
        en.setChecked(true)
        ui.tap(de.frame.center)
        #expect(!en.isChecked && de.isChecked && !hi.isChecked)
        // The old choice reports that it was let go, then the new one that it was taken.
        #expect(ui.events(.valueCommitted).map { "\($0.source)=\($0["checked"]!)" } == ["en=false", "de=true"])
        ui.tap(de.frame.center)
        #expect(de.isChecked)
        #expect(ui.events(.valueCommitted).count == 2)   // no change, no event
    }

    @Test("set checked from outside checks one of a group and unchecks the rest; a plain button has no value to set")
    func setFromOutside() throws {
        let en = language("en", x: 20), de = language("de", x: 140)
        let plain = Button(id: "go", frame: Rect(20, 200, 100, 48), title: "Go")
        let ui = SceneHarness([en, de, plain])
        try de.setValue([("checked", .bool(true))])
        #expect(de.isChecked && !en.isChecked)
        try en.setValue([("checked", .bool(true))], sendsEvents: false)
        #expect(en.isChecked && !de.isChecked)
        #expect(throws: ControlValueError.self) { try plain.setValue([("checked", .bool(true))]) }
        #expect(throws: ControlValueError.self) { try en.setValue([("checked", .number(1))]) }
        #expect(plain.currentValue == nil)
        withExtendedLifetime(ui) {}
    }

    @Test("a checked button is drawn in its checked colour, the theme's accent by default")
    func checkedLook() {
        let mute = Button(id: "mute", frame: Rect(20, 20, 120, 48), title: "Mute")
        mute.isCheckable = true
        let canvas = RecordingCanvas()
        mute.draw(canvas, in: mute.frame)
        mute.setChecked(true)
        mute.draw(canvas, in: mute.frame)
        mute.checkedBackground = Color(hex: "#2E7D32")
        mute.draw(canvas, in: mute.frame)
        let fills = canvas.calls.compactMap { call -> Paint? in if case .fill(_, let paint) = call { paint } else { nil } }
        #expect(fills == [.solid(Theme.standard.buttonBackground), .solid(Theme.standard.accent), .solid(Color(hex: "#2E7D32")!)])
    }
}
