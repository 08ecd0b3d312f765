import Testing
import KioskCore

@Suite("Geometry")
struct GeometryTests {
    @Test("containment is half-open: the right and bottom edges belong to the next rectangle")
    func halfOpen() {
        let r = Rect(10, 10, 20, 20)
        #expect(r.contains(Point(10, 10)))
        #expect(!r.contains(Point(30, 10)))
        #expect(!r.contains(Point(10, 30)))
        #expect(r.contains(Point(29.999, 29.999)))
    }

    @Test("intersection and union")
    func intersectionUnion() {
        let a = Rect(0, 0, 10, 10), b = Rect(5, 5, 10, 10)
        #expect(a.intersection(b) == Rect(5, 5, 5, 5))
        #expect(a.union(b) == Rect(0, 0, 15, 15))
        #expect(a.intersection(Rect(20, 20, 5, 5)).isEmpty)
        #expect(Rect.zero.union(b) == b)
        #expect(!a.intersects(Rect(10, 0, 5, 5)))   // touching edges do not overlap
    }

    @Test("integral rounds outwards to whole pixels")
    func integral() {
        #expect(Rect(0.5, 1.2, 10.1, 3.3).integral == Rect(0, 1, 11, 4))
        #expect(Rect(-0.5, -0.5, 1, 1).integral == Rect(-1, -1, 2, 2))
    }

    @Test("the remainder outside a cover is a rectangle when the cover takes one end")
    func remainder() {
        let r = Rect(0, 0, 800, 480)
        #expect(r.remainder(excluding: Rect(0, 240, 800, 240)) == Rect(0, 0, 800, 240))
        #expect(r.remainder(excluding: Rect(-10, -10, 900, 100)) == Rect(0, 90, 800, 390))
        #expect(r.remainder(excluding: Rect(500, 0, 300, 480)) == Rect(0, 0, 500, 480))
        #expect(r.remainder(excluding: Rect(0, 0, 800, 480)).isEmpty)
        #expect(r.remainder(excluding: Rect(100, 100, 50, 50)) == r)        // a hole: draw it all
        #expect(r.remainder(excluding: Rect(900, 0, 10, 10)) == r)
    }

    @Test("negative sizes become empty rectangles")
    func negativeSize() {
        #expect(Rect(0, 0, -5, 10).isEmpty)
        #expect(Rect(0, 0, 10, 10).insetBy(6).isEmpty)
    }

    @Test("colours parse #RRGGBB and #RRGGBBAA and nothing else", arguments: [
        ("#FF0000", true), ("#00ff0080", true), ("FF0000", false), ("#FF00", false), ("#GG0000", false), ("", false),
    ])
    func colours(text: String, valid: Bool) {
        #expect((Color(hex: text) != nil) == valid)
    }

    @Test("a parsed colour prints back the same")
    func colourRoundTrip() {
        #expect(Color(hex: "#0073F0")!.hexString == "#0073F0")
        #expect(Color(hex: "#00000080")!.alpha == 128.0 / 255)
    }

    @Test("a colour with NaN or out-of-range components prints clamped instead of trapping")
    func colourWithNaN() {
        #expect(Color(red: .nan, green: 2, blue: -.infinity, alpha: .nan).hexString == "#00FF00")
        #expect(Color.white.mixed(with: .black, .nan).hexString == "#000000")
    }

    @Test("a point clamps into a rectangle axis by axis, NaN to the low edge")
    func pointClamp() {
        let r = Rect(-10, -20, 30, 40)
        #expect(Point(5, 5).clamped(to: r) == Point(5, 5))
        #expect(Point(1e308, -.infinity).clamped(to: r) == Point(20, -20))
        #expect(Point(.nan, .nan).clamped(to: r) == Point(-10, -20))
    }

    @Test("affine transforms compose and invert")
    func transforms() {
        let t = AffineTransform.scale(2, 2).then(.translation(10, 5))
        #expect(t.apply(Point(1, 1)) == Point(12, 7))
        let back = t.inverted!
        #expect(back.apply(Point(12, 7)) == Point(1, 1))
        #expect(AffineTransform.scale(0, 1).inverted == nil)
    }
}

@Suite("Display rotation")
struct DisplayRotationTests {
    let panel = Size(800, 480)

    @Test("quarter turns swap the screen's axes")
    func screenSize() {
        #expect(DisplayRotation.none.screenSize(forPanel: panel) == Size(800, 480))
        #expect(DisplayRotation.quarter.screenSize(forPanel: panel) == Size(480, 800))
        #expect(DisplayRotation.half.screenSize(forPanel: panel) == Size(800, 480))
        #expect(DisplayRotation.threeQuarters.screenSize(forPanel: panel) == Size(480, 800))
    }

    @Test("at 90° the screen's top-left corner lands at the panel's top-right")
    func quarterCorners() {
        let t = DisplayRotation.quarter.screenToPanel(panel: panel)
        #expect(t.apply(Point(0, 0)) == Point(800, 0))
        #expect(t.apply(Point(480, 0)) == Point(800, 480))
        #expect(t.apply(Point(0, 800)) == Point(0, 0))
    }

    @Test("every rotation maps a touch back to the point that was drawn there", arguments: DisplayRotation.allCases)
    func roundTrip(rotation: DisplayRotation) {
        let toPanel = rotation.screenToPanel(panel: panel)
        let toScreen = rotation.panelToScreen(panel: panel)
        for p in [Point(0, 0), Point(13, 77), Point(479, 1), Point(100.5, 300.25)] {
            let back = toScreen.apply(toPanel.apply(p))
            #expect(abs(back.x - p.x) < 1e-9 && abs(back.y - p.y) < 1e-9)
        }
        // The screen rectangle covers the panel exactly.
        let screen = rotation.screenSize(forPanel: panel)
        #expect(toPanel.apply(Rect(origin: .zero, size: screen)) == Rect(0, 0, 800, 480))
    }

    @Test("input mapping applies rotation, then the layout scale")
    func inputMapping() {
        let scaling = SceneScaling(designSize: Size(400, 240), screenSize: Size(480, 800))
        let mapping = InputMapping(rotation: .quarter, panel: panel, screenToScene: scaling.screenToScene)
        let drawnAt = DisplayRotation.quarter.screenToPanel(panel: panel).apply(scaling.sceneToScreen.apply(Point(100, 50)))
        let touch = mapping.map(TouchEvent(slot: 0, phase: .down, position: drawnAt, time: .zero))
        #expect(abs(touch.position.x - 100) < 1e-9 && abs(touch.position.y - 50) < 1e-9)
    }

    @Test("a calibration corrects touches in normalised panel coordinates before the rotation")
    func calibration() {
        // The sensor reads 10 % too far right: x' = x / 1.1 undoes it.
        let fix = AffineTransform(a: 1 / 1.1, b: 0, c: 0, d: 1, tx: 0, ty: 0)
        let mapping = InputMapping(rotation: .none, panel: panel).calibrated(fix, panel: panel)
        let touch = mapping.map(TouchEvent(slot: 0, phase: .down, position: Point(440, 100), time: .zero))
        #expect(abs(touch.position.x - 400) < 1e-9 && touch.position.y == 100)
        #expect(InputMapping(rotation: .none, panel: panel).calibrated(.identity, panel: panel).panelToScene == .identity)
    }

    @Test("a layout is scaled uniformly and centred")
    func sceneScaling() {
        let s = SceneScaling(designSize: Size(800, 480), screenSize: Size(1920, 1080))
        #expect(s.scale == 2.25)
        #expect(s.offset == Point(60, 0))
        let portrait = SceneScaling(designSize: Size(800, 480), screenSize: Size(480, 800))
        #expect(portrait.scale == 0.6)
        #expect(portrait.offset == Point(0, 256))
    }
}

@Suite("Damage region")
struct DamageRegionTests {
    @Test("overlapping rectangles merge into one")
    func overlapMerges() {
        var d = DamageRegion()
        d.add(Rect(0, 0, 10, 10))
        d.add(Rect(5, 5, 10, 10))
        #expect(d.rects == [Rect(0, 0, 15, 15)])
    }

    @Test("distant rectangles stay apart, so little is repainted")
    func distantStayApart() {
        var d = DamageRegion()
        d.add(Rect(0, 0, 10, 10))
        d.add(Rect(500, 300, 10, 10))
        #expect(d.rects.count == 2)
        #expect(d.area == 200)
    }

    @Test("a rectangle inside another adds nothing")
    func containedIsIgnored() {
        var d = DamageRegion(Rect(0, 0, 100, 100))
        d.add(Rect(10, 10, 5, 5))
        #expect(d.rects == [Rect(0, 0, 100, 100)])
    }

    @Test("rectangles are rounded out to whole pixels")
    func wholePixels() {
        let d = DamageRegion(Rect(0.5, 0.5, 2, 2))
        #expect(d.rects == [Rect(0, 0, 3, 3)])
    }

    @Test("never more than maxRects rectangles; the cheapest pair is merged")
    func capped() {
        var d = DamageRegion(maxRects: 3)
        for i in 0..<10 { d.add(Rect(Double(i) * 100, Double(i % 2) * 200, 10, 10)) }
        #expect(d.rects.count <= 3)
        for i in 0..<10 { #expect(d.intersects(Rect(Double(i) * 100 + 1, Double(i % 2) * 200 + 1, 1, 1))) }
    }

    @Test("clipping drops what lies outside")
    func clip() {
        var d = DamageRegion()
        d.add(Rect(-10, -10, 20, 20))
        d.add(Rect(900, 900, 10, 10))
        d.clip(to: Rect(0, 0, 800, 480))
        #expect(d.rects == [Rect(0, 0, 10, 10)])
    }
}

@Suite("Time")
struct InstantTests {
    @Test("milliseconds print without a fraction when whole, else with at most three decimals",
          arguments: [(16.0, "16"), (8.333333, "8.333"), (0, "0"), (2879.3333333, "2879.333"), (0.5, "0.5")])
    func formatting(ms: Double, text: String) {
        #expect(NumberFormat.milliseconds(ms) == text)
    }

    @Test("instants and durations add up in whole nanoseconds")
    func arithmetic() {
        let t = Instant.milliseconds(10) + .milliseconds(6)
        #expect(t == .milliseconds(16))
        #expect((t - Instant.milliseconds(4)).inMilliseconds == 12)
        #expect(Duration.seconds(0.25).nanoseconds == 250_000_000)
    }
}
