import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI

@Suite("Circular slider")
struct CircularSliderTests {
    let center = Point(100, 100)

    @Test("angles are 0° at 3 o'clock and grow counter-clockwise", arguments: [
        (Point(150, 100), 0), (Point(100, 50), 90), (Point(50, 100), 180), (Point(100, 150), 270),
        (Point(150, 50.0001), 44), (Point(150, 100.5), 359),
    ])
    func angleConvention(point: Point, expected: Int) {
        #expect(CircularSlider.angle(from: center, to: point) == expected)
    }

    @Test("the centre itself has no direction")
    func centreHasNoAngle() {
        #expect(CircularSlider.angle(from: center, to: center) == nil)
    }

    @Test("any angle is normalised into 0…359")
    func normalisation() {
        let s = CircularSlider(id: "a", frame: Rect(0, 0, 200, 200), angle: -90)
        #expect(s.angle == 270)
        s.setAngle(360)
        #expect(s.angle == 0)
        s.setAngle(725)
        #expect(s.angle == 5)
    }

    @Test("the handle sits at centre + r·(cos(−a), sin(−a))")
    func handlePosition() {
        let s = CircularSlider(id: "a", frame: Rect(0, 0, 320, 320), angle: 90)
        #expect(s.radius == 100)
        #expect(abs(s.handleCenter.x - 160) < 1e-9)
        #expect(abs(s.handleCenter.y - 60) < 1e-9)
    }

    @Test("a touch anywhere in the control turns the handle to the touch's direction")
    func touchAnywhere() {
        let s = CircularSlider(id: "angle", frame: Rect(500, 40, 240, 240), angle: 90)
        let h = SceneHarness([s])
        h.down(510, 160)          // far left edge, not on the handle
        #expect(s.angle == 180)
        h.move(620, 270)          // straight down
        #expect(s.angle == 270)
        h.up()
        #expect(h.events(from: "angle", .valueChanged).last?.value.first?.value == .number(270))
        #expect(h.events(from: "angle", .valueCommitted).count == 1)
    }

    @Test("a finger that rests past the long-press time and then drags still turns the dial")
    func restThenDrag() {
        let s = CircularSlider(id: "angle", frame: Rect(500, 40, 240, 240), angle: 90)
        let h = SceneHarness([s])
        h.down(510, 160)
        h.move(620, 270, after: 700)
        #expect(s.angle == 270)
        h.up()
        #expect(h.events(from: "angle", .valueChanged).last?.value.first?.value == .number(270))
    }

    @Test("dragging around keeps following outside the control")
    func followsOutside() {
        let s = CircularSlider(id: "angle", frame: Rect(500, 40, 240, 240))
        let h = SceneHarness([s])
        h.down(700, 160)
        #expect(s.angle == 0)
        h.move(620, 0)           // above the control
        #expect(s.angle == 90)
        h.up()
    }

}
