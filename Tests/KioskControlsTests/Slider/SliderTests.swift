import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// The one-value slider on the virtual clock: a finger on the knob drags the value (snapped to
/// the step, clamped at the ends), along the slider's own axis; a read-only one is the owner's.
@Suite("Slider")
struct SliderTests {
    /// 0…100 over a 440x40 frame at (100, 100): the knob is 40 wide, so 400 px of travel,
    /// 4 px a unit; the value 50 sits at x 320.
    func horizontal(step: Double = 0, value: Double = 50) -> Slider {
        Slider(id: "dim", frame: Rect(100, 100, 440, 40), minimum: 0, maximum: 100, step: step, value: value)
    }

    /// The same turned upright: a 40x440 frame at (100, 20), values growing upwards; 50 at y 240.
    func vertical(value: Double = 50) -> Slider {
        Slider(id: "fader", frame: Rect(100, 20, 40, 440), minimum: 0, maximum: 100, value: value)
    }

    @Test("the knob maps the value along the track as the range slider's knobs do")
    func geometry() {
        let s = horizontal()
        #expect(s.axis == .horizontal)
        #expect(s.usableTrackLength == 400)
        #expect(s.position(of: 50) == 320)
        #expect(s.knobRect == Rect(300, 100, 40, 40))
        let v = vertical()
        #expect(v.axis == .vertical, "a frame taller than wide is vertical")
        #expect(v.position(of: 0) == 440 && v.position(of: 100) == 40, "the minimum at the bottom")
        #expect(Slider(id: "s", frame: Rect(0, 0, 40, 440), axis: .horizontal).axis == .horizontal, "said beats inferred")
    }

    @Test("dragging the knob changes the value by Δx × range / usable, with valueChanged while moving and valueCommitted at lift")
    func drag() {
        let s = horizontal()
        let ui = SceneHarness([s])
        ui.drag(from: Point(320, 120), to: Point(420, 120))
        #expect(s.value == 75)
        #expect(!ui.events(from: "dim", .valueChanged).isEmpty)
        let committed = ui.events(from: "dim", .valueCommitted)
        #expect(committed.count == 1)
        #expect(committed.first?["value"] == .number(75))
    }

    @Test("a vertical slider grows upwards: a drag up raises the value, a sideways drag does nothing")
    func verticalDrag() {
        let s = vertical()
        let ui = SceneHarness([s])
        ui.drag(from: Point(120, 240), to: Point(120, 140))
        #expect(s.value == 75)
        ui.drag(from: Point(120, s.position(of: 75)), to: Point(220, s.position(of: 75)))
        #expect(s.value == 75)
    }

    @Test("with a step the value snaps to it; a slow finger still gets from one step to the next")
    func stepSnapping() {
        let s = horizontal(step: 10)
        let ui = SceneHarness([s])
        ui.drag(from: Point(320, 120), to: Point(410, 120))   // +22.5
        #expect(s.value == 70)
        ui.drag(from: Point(s.position(of: 70), 120), to: Point(s.position(of: 70) + 40, 120), steps: 40)   // 1 px a move
        #expect(s.value == 80)
        #expect(ui.events(from: "dim", .valueChanged).map { $0["value"] } == [.number(60), .number(70), .number(80)])
        s.setValue(33)
        #expect(s.value == 30)
        #expect(Slider(id: "s", frame: Rect(0, 0, 400, 40), minimum: 0, maximum: 1, step: 0.1, value: 0.3).value == 0.3)
        #expect(Slider(id: "s", frame: Rect(0, 0, 400, 40), minimum: 0, maximum: 25, step: 10, value: 24).value == 25,
                "the maximum is a value even when the range is no whole number of steps")
    }

    @Test("the value stops at both ends, and a finger coming back moves it at once")
    func clampAtEnds() {
        let s = horizontal()
        let ui = SceneHarness([s])
        ui.down(320, 120)
        ui.move(800, 120)
        #expect(s.value == 100)
        ui.move(760, 120)
        #expect(s.value == 90)
        ui.move(-300, 120)
        #expect(s.value == 0)
        ui.up()
        #expect(ui.events(from: "dim", .valueCommitted).first?["value"] == .number(0))
    }

    @Test("a touch on the track away from the knob does not make the value jump")
    func trackTouchDoesNotJump() {
        let s = horizontal()
        let ui = SceneHarness([s])
        ui.drag(from: Point(480, 120), to: Point(520, 120))
        #expect(s.value == 50)
        #expect(ui.events.isEmpty)
    }

    @Test("read-only: no finger moves it (the touch reaches what lies under it), the owner's set does")
    func readOnly() throws {
        let s = horizontal()
        s.isReadOnly = true
        let ui = SceneHarness([s])
        #expect(s.touchDistance(to: Point(320, 120)) == nil)
        ui.drag(from: Point(320, 120), to: Point(420, 120))
        #expect(s.value == 50)
        #expect(ui.events.isEmpty)
        try s.setValue([("value", .number(64))])
        #expect(s.value == 64)
        #expect(ui.scene.drainEvents().map(\.kind) == [.valueChanged, .valueCommitted])
        #expect(!s.keepsDrag(along: .horizontal))
    }

    @Test("making it read-only under a finger ends that drag with its commit")
    func readOnlyMidDrag() {
        let s = horizontal()
        let ui = SceneHarness([s])
        ui.down(320, 120)
        ui.move(360, 120)
        s.isReadOnly = true
        #expect(ui.scene.drainEvents().map(\.kind) == [.valueCommitted])
        ui.move(420, 120)
        ui.up()
        #expect(s.value == 60)
    }

    @Test("it keeps drags along its own axis only")
    func keepsItsAxis() {
        #expect(horizontal().keepsDrag(along: .horizontal))
        #expect(!horizontal().keepsDrag(along: .vertical))
        #expect(vertical().keepsDrag(along: .vertical))
        #expect(!vertical().keepsDrag(along: .horizontal))
    }

    @Test("a set value is clamped and snapped, and set fields are checked")
    func setValue() throws {
        let s = horizontal(step: 5)
        try s.setValue([("value", .number(1e12))])
        #expect(s.value == 100)
        try s.setValue([("value", .number(-3))])
        #expect(s.value == 0)
        #expect(throws: ControlValueError.self) { try s.setValue([("value", .number(.nan))]) }
        s.setValue(.nan)
        #expect(s.value == 0, "NaN from Swift is the minimum")
        #expect(throws: ControlValueError.self) { try s.setValue([("angle", .number(3))]) }
        #expect(s.currentValue?.map(\.name) == ["value"])
    }

    @Test("a value change repaints the knob's travel and the label, not the whole slider")
    func damageIsTheTravel() {
        let s = horizontal()
        s.valueFormat = NumberStyle(decimals: 0, unit: " %")
        let ui = SceneHarness([s])
        _ = ui.scene.takeDamage()
        s.setValue(s.value + 2)
        let damage = ui.scene.takeDamage()
        #expect(damage.area < s.paintBounds.area / 2, "\(damage)")
        #expect(damage.rects.contains { $0.contains(s.valueLabelRect.center) }, "the label is repainted")
    }

    @Test("a format puts the label at the end of the frame (3 heights wide, or 48 high); the knob moves in the rest")
    func labelPlace() {
        let s = horizontal()
        s.valueFormat = NumberStyle(decimals: 0, unit: " %")
        #expect(s.valueLabelRect == Rect(420, 100, 120, 40))
        #expect(s.trackBounds == Rect(100, 100, 320, 40))
        let v = vertical()
        v.valueFormat = NumberStyle(decimals: 0)
        #expect(v.valueLabelRect == Rect(100, 412, 40, 48))
        #expect(v.position(of: 0) == 392)
    }

    @Test("who gets a finger: a slider keeps a drag along its axis from a container, a read-only one keeps none")
    func dragOwnership() {
        let sideways = Point(40, 5), upwards = Point(5, -40)
        #expect(!DragOwnership.containerTakesOver(.horizontal, translation: sideways, from: horizontal()), "pages: the slider")
        #expect(DragOwnership.containerTakesOver(.vertical, translation: upwards, from: horizontal()), "a bottom panel: the panel")
        #expect(!DragOwnership.containerTakesOver(.vertical, translation: upwards, from: vertical()), "a bottom panel: the fader")
        #expect(DragOwnership.containerTakesOver(.horizontal, translation: sideways, from: vertical()), "pages: the pages")
        let locked = horizontal()
        locked.isReadOnly = true
        #expect(DragOwnership.containerTakesOver(.horizontal, translation: sideways, from: locked))
    }
}
