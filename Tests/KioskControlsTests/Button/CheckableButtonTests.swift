import KioskControls
import KioskTestSupport
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

    /// A choice that is not a button: a tile checked by a tap, one of a group through the
    /// control-level hooks (`checkGroup`, `uncheckForGroup`), as an app's control would be.
    final class Tile: Control {
        var isChecked = false
        let group: String
        init(id: String, frame: Rect, group: String) {
            self.group = group
            super.init(id: id, frame: frame, theme: .standard)
        }
        override var checkGroup: String? { group }
        override func uncheckForGroup() { isChecked = false }
        override func touchBegan(at point: Point, time: Instant) -> Bool { true }
        override func touchTapped(at point: Point, time: Instant) {
            isChecked = true
            host?.controlChecked(self, inGroup: group)
        }
    }

    @Test("any control can join a group of choices: a tile and buttons of one group name uncheck one another, on a screen and in a list's row")
    func groupOfOtherControls() {
        let en = language("en", x: 20), de = language("de", x: 140)
        let tile = Tile(id: "tile", frame: Rect(260, 20, 100, 48), group: "lang")
        let ui = SceneHarness([en, de, tile])
        en.setChecked(true)
        ui.tap(tile.frame.center)
        #expect(tile.isChecked && !en.isChecked && !de.isChecked)
        ui.tap(de.frame.center)
        #expect(de.isChecked && !tile.isChecked)
        // Through a list's row, which passes the hook on to the list's host.
        let fr = language("fr", x: 20)
        let inRow = Tile(id: "inRow", frame: Rect(0, 0, 100, 40), group: "lang")
        let list = List(id: "list", frame: Rect(20, 200, 300, 200), rowHeight: 40, rows: [ListRow(index: 0, controls: [inRow])])
        let withList = SceneHarness([fr, list])
        fr.setChecked(true)
        inRow.host?.controlChecked(inRow, inGroup: "lang")
        #expect(!fr.isChecked)
        withExtendedLifetime(ui) {}
        withExtendedLifetime(withList) {}
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
