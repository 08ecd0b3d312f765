import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// A dial with a range: a 270° gauge from 7:30 clockwise over the top to 4:30 (start 225°,
/// end −45°), 0…100. Its value follows the finger on the sweep, snaps to the step, and never
/// jumps across the gap.
@Suite("Dial with a range")
struct DialRangeTests {
    static let gauge = DialRange(minimum: 0, maximum: 100, startAngle: 225, endAngle: -45)

    /// On a 320x320 frame: centre (160, 160), ring radius 100.
    func dial(_ range: DialRange = gauge, value: Double = 50) -> CircularSlider {
        CircularSlider(id: "heat", frame: Rect(0, 0, 320, 320), range: range, value: value)
    }

    /// The point at `degrees` (the dial's: 0° at 3 o'clock, counter-clockwise) on the ring.
    func at(_ degrees: Double) -> Point {
        let a = degrees * .pi / 180
        return Point(160 + 100 * Trig.cos(a), 160 - 100 * Trig.sin(a))
    }

    @Test("the value lies along the sweep: the minimum at the start angle, the maximum at the end")
    func mapping() {
        #expect(Self.gauge.angle(of: 0) == 225)
        #expect(Self.gauge.angle(of: 50) == 90)
        #expect(Self.gauge.angle(of: 100) == -45)
        let d = dial()
        #expect(d.handleAngle == 90)
        #expect(abs(d.handleCenter.x - 160) < 1e-9 && abs(d.handleCenter.y - 60) < 1e-9)
        #expect(d.currentValue?.map(\.name) == ["value"])
    }

    @Test("a touch on the sweep moves the value there, with valueChanged and valueCommitted carrying value")
    func touch() {
        let d = dial()
        let ui = SceneHarness([d])
        ui.down(at(0).x, at(0).y)
        ui.up()
        #expect(abs(d.value - 225.0 / 270 * 100) < 1e-9)
        ui.drag(from: at(180), to: at(170), steps: 2)
        #expect(abs(d.value - 55.0 / 270 * 100) < 1e-9)
        #expect(ui.events(from: "heat", .valueCommitted).last?["value"] == .number(d.value))
    }

    @Test("with a step the value snaps to it")
    func step() {
        let d = dial(DialRange(minimum: 1, maximum: 10, step: 1, startAngle: 225, endAngle: -45), value: 2)
        let ui = SceneHarness([d])
        ui.down(at(95).x, at(95).y)   // 130° of 270 along: 5.33
        ui.up()
        #expect(d.value == 5)
        let expected: Double = 225 - 4.0 / 9 * 270
        #expect(d.handleAngle == expected)
    }

    @Test("a finger that crosses the gap holds the value at the end it left by: no jump from max to min")
    func gapHolds() {
        let d = dial()
        let ui = SceneHarness([d])
        ui.down(at(0).x, at(0).y)
        var seen: [Double] = []
        for degrees in [-30.0, -60, -90, -120, -135, -140] {   // 330°, 300° (gap) … 220° (on the sweep by the minimum)
            ui.move(at(degrees).x, at(degrees).y)
            seen.append(d.value)
        }
        #expect(seen == [seen[0], 100, 100, 100, 100, 100], "\(seen)")
        #expect(abs(seen[0] - 255.0 / 270 * 100) < 1e-9)
        for degrees in [-90.0, -45, 10] {   // back through the gap, then on the sweep by the maximum
            ui.move(at(degrees).x, at(degrees).y)
        }
        #expect(abs(d.value - 215.0 / 270 * 100) < 1e-9, "it follows again once the finger is back")
        ui.up()
        #expect(ui.events(from: "heat", .valueChanged).allSatisfy { $0["value"] != .number(0) }, "never at the minimum")
    }

    @Test("a touch that lands in the gap takes the nearer end")
    func landInGap() {
        let d = dial()
        let ui = SceneHarness([d])
        ui.down(at(-60).x, at(-60).y)   // 300°: 15° past the maximum
        ui.up()
        #expect(d.value == 100)
        ui.down(at(240).x, at(240).y)   // 15° past the minimum
        ui.up()
        #expect(d.value == 0)
    }

    @Test("a full-turn range stops at its ends too: one turn past the maximum is still the maximum")
    func fullTurnClamps() {
        let d = dial(DialRange(minimum: 0, maximum: 360), value: 350)
        let ui = SceneHarness([d])
        ui.down(at(350).x, at(350).y)
        for degrees in [355.0, 5, 20] { ui.move(at(degrees).x, at(degrees).y) }
        #expect(d.value == 360)
        ui.up()
    }

    @Test("set clamps and snaps, never wraps; only value is a field")
    func setValue() throws {
        let d = dial()
        try d.setValue([("value", .number(140))])
        #expect(d.value == 100)
        try d.setValue([("value", .number(-20))])
        #expect(d.value == 0)
        #expect(throws: ControlValueError.self) { try d.setValue([("angle", .number(90))]) }
    }

    @Test("a dial without a range is the angle dial: angle, 0…359, wrapping")
    func angleDialUnchanged() throws {
        let d = CircularSlider(id: "a", frame: Rect(0, 0, 320, 320), angle: 90)
        #expect(d.range == nil)
        #expect(d.currentValue?.map(\.name) == ["angle"])
        try d.setValue([("angle", .number(370))])
        #expect(d.angle == 10)
    }
}
