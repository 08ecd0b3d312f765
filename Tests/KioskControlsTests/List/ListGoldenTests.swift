import KioskControls
import SwiftKioskTesting
import Testing
import KioskCore
import KioskGestures
import KioskUI
@testable import KioskRender

/// Lists drawn by the real renderer: the looks in golden images (at the top, scrolled, pulled
/// past the top, turned), and scroll frames from the kept ring of rows that equal a full
/// repaint at every step, at fractional scales and on turned panels.
@Suite("List goldens")
struct ListGoldenTests {
    /// The most one frame of the list may damage: its frame (280x200), a row's height of
    /// rounding (20) and a pixel. A constant, not an expression in `#expect`: Swift 6.0
    /// cannot type-check the literal arithmetic inside the macro in reasonable time.
    static let listDamageLimit: Double = 280 * 200 + 280 * 20 + 1

    /// Pixels a frame from the ring may differ from a full repaint by more than the tolerance:
    /// none on cairo 1.16. On cairo 1.18 the antialiased edge pixels of the shapes a strip's
    /// edge cuts (a row's rounded dot) come out up to 81 levels off the shape drawn whole: 3 to
    /// 15 pixels a frame at ×1, up to 180 at ×2.25 (0.05 % of the frame), 40 under a popup's
    /// dim, never growing as the list scrolls on; one pixel in a thousand is allowed. Drawing
    /// each strip in a group of its own changed nothing, so it is not a glyph reaching past
    /// the clip. Content a pixel off, or a strip missed, differs in thousands.
    static func stripEdgePixels(in frame: PixelBuffer) -> Int {
        RenderingLibraries.generation == "cairo-1.16-pango-1.50" ? 0 : frame.width * frame.height / 1000
    }

    static let step = Duration.nanoseconds(1_000_000_000 / 120)

    /// 40 rows of 44 in a 280x200 list at (20, 20) on a 320x240 screen: a dot, a name and a
    /// button in each; every third row's dot in the accent.
    static func scene() -> (Scene, List) {
        let rows = (0..<40).map { i in
            ListRow(index: i, controls: [
                ProgressBar(id: "dot\(i)", frame: Rect(12, 16, 12, 12), value: i % 3 == 0 ? 1 : 0),
                Label(id: "name\(i)", frame: Rect(34, 0, 150, 44), text: "Exhibit \(i)"),
                Button(id: "open\(i)", frame: Rect(196, 6, 72, 32), title: "Open"),
            ])
        }
        let list = List(id: "exhibits", frame: Rect(20, 20, 280, 200), rowHeight: 44, rows: rows)
        list.background = Color(hex: "#1A2230")
        let screen = Screen(id: "main", controls: [Label(id: "title", frame: Rect(20, 0, 280, 20), text: "Exhibits"), list])
        return (Scene(designSize: Size(320, 240), screens: [screen]), list)
    }

    func renderer(_ degrees: Int = 0, scale: Double = 1) throws -> SceneRenderer {
        let rotation = DisplayRotation(degrees: degrees)!
        let w = Int(320 * scale), h = Int(240 * scale)
        return try SceneRenderer(designSize: Size(320, 240), panelWidth: rotation.swapsAxes ? h : w,
                                 panelHeight: rotation.swapsAxes ? w : h, rotation: rotation)
    }

    /// A finger pulling the list down by `pull` from (150, 60), held there.
    func pull(_ scene: Scene, by pull: Double) {
        let start = Point(150, 60), end = Point(150, 60 + pull)
        scene.handle(.pressed(slot: 0, location: start, time: .milliseconds(10)))
        scene.handle(.panBegan(slot: 0, start: start, location: end, time: .milliseconds(30)))
    }

    @Test("at the top, scrolled, pulled past the top, and turned", arguments: ["top", "mid", "pulled", "mid-rotated-90"])
    func looks(_ name: String) throws {
        let (scene, list) = Self.scene()
        let renderer = try renderer(name.hasSuffix("90") ? 90 : 0)
        renderer.render(scene)
        switch name {
        case "top": break
        case "pulled": pull(scene, by: 120)
        default: list.scroll(to: 417.5)
        }
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: "list-" + name)
    }

    /// Offsets of a fling: forwards, backwards, past the end and back, in steps of every size.
    static func flight() -> [Double] {
        var offsets: [Double] = []
        var o = 0.0
        for i in 0..<60 { o += Double(i % 7) * 3.7 + 0.3; offsets.append(o) }
        for i in 0..<30 { o -= Double(i % 5) * 6.1; offsets.append(o) }
        offsets += [1560, 1200.25, 3, 0, 0, 250, 249.75]
        return offsets
    }

    @Test("every scroll frame from the ring equals a full repaint", arguments: [(0, 1.0), (0, 2.25), (90, 1.5), (180, 1.0), (270, 2.25)])
    func framesMatchAFullRepaint(degrees: Int, scale: Double) throws {
        let (scene, list) = Self.scene()
        let incremental = try renderer(degrees, scale: scale)
        incremental.render(scene)
        for (frame, offset) in Self.flight().enumerated() {
            list.scroll(to: offset)
            if frame == 20 { (list.rows[8].controls[1] as! Label).text = "Sundial" }   // in view
            if frame == 40 { (list.rows[39].controls[1] as! Label).text = "Astrolabe" }   // out of view
            if frame == 70 { list.separatorColor = Color(hex: "#FF000080") }
            let damage = scene.takeDamage()
            #expect(damage.area <= Self.listDamageLimit, "frame \(frame): the list's frame at most")
            for rect in damage.rects { scene.invalidate(rect) }
            incremental.render(scene)
            guard frame % 4 == 0 || frame > 85 else { continue }
            let fresh = try renderer(degrees, scale: scale)
            scene.invalidateAll()
            fresh.render(scene)
            _ = scene.takeDamage()
            // A shape cut by a strip's edge is rasterised through cairo's clip mask, whose
            // rounding can differ from the unclipped span by up to 3 levels on an antialiased
            // edge pixel (a dot's rounded corner at ×1.5 and ×2.25); content a pixel off
            // differs by far more. See `stripEdgePixels(in:)` for cairo 1.18.
            let result = ImageComparison(tolerance: 3, allowedDifferingPixels: Self.stripEdgePixels(in: fresh.frame))
                .compare(incremental.frame, to: fresh.frame)
            #expect(result.passed, "\(degrees)° ×\(scale), frame \(frame) at \(offset): \(result)")
        }
        #expect(incremental.canvas.scrollRingCount == 1)
    }

    @Test("a list under a popup's dim keeps scrolling from the same ring, and equals a full repaint")
    func underAnOverlay() throws {
        let (scene, list) = Self.scene()
        let panel = Panel(id: "sheet", style: PanelStyle(edge: .bottom, extent: 0.3))
        scene.register(panel)
        let incremental = try renderer(0, scale: 2)
        incremental.render(scene)
        scene.showOverlay("sheet")
        var now = Instant.zero
        for frame in 0..<50 {
            now = now + Self.step
            scene.step(Self.step, at: now)
            list.scroll(to: Double(frame) * 9.5)
            incremental.render(scene)
        }
        let fresh = try renderer(0, scale: 2)
        scene.invalidateAll()
        fresh.render(scene)
        let result = ImageComparison(tolerance: 2, allowedDifferingPixels: Self.stripEdgePixels(in: fresh.frame))
            .compare(incremental.frame, to: fresh.frame)
        #expect(result.passed, "\(result)")
    }
}
