import Testing
import KioskCore
@testable import KioskUI

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

    @Test("only the 15° pieces of ring and arc that can reach the damage are stroked, each run its own subpath")
    func piecesTouchingTheDamage() {
        let s = CircularSlider(id: "a", frame: Rect(0, 0, 320, 320), angle: 200)
        func arcs(_ p: Path) -> Int { p.elements.filter { if case .arc = $0 { return true } else { return false } }.count }
        func moves(_ p: Path) -> Int { p.elements.filter { if case .move = $0 { return true } else { return false } }.count }
        // Everything: 24 pieces, closed, one subpath.
        let ring = s.arcPieces(from: 0, to: 360, touching: nil, reach: 0)
        #expect(arcs(ring) == 24)
        #expect(ring.elements.last == .close)
        #expect(moves(ring) == 0)
        // A small square at 90° (the top of the ring) touches the two pieces meeting there.
        let top = Point(s.center.x, s.center.y - s.radius)
        let near90 = s.arcPieces(from: 0, to: 360, touching: Rect(top.x - 4, top.y - 4, 8, 8), reach: 2)
        #expect(arcs(near90) == 2)
        #expect(near90.elements.last != .close)
        // Squares at 0° and 180° of a 200° arc: two runs, so the second starts with a move.
        let right = Point(s.center.x + s.radius, s.center.y), left = Point(s.center.x - s.radius, s.center.y)
        let both = Rect(right.x - 4, right.y - 4, 8, 8).union(Rect(left.x - 4, left.y - 4, 8, 8))
        let twoEnds = s.arcPieces(from: 0, to: 200, touching: both, reach: 2)
        #expect(moves(twoEnds) <= 1)
        #expect(arcs(twoEnds) < 14)
        // A damage far from the ring touches nothing.
        #expect(s.arcPieces(from: 0, to: 200, touching: Rect(150, 150, 20, 20), reach: 2).elements.isEmpty)
    }
}
