import KioskControls
import SwiftKioskTesting
import Foundation
import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// Panels and screen transitions at chosen instants (start, middle, end), drawn by the real
/// renderer frame after frame as the kiosk would (damage and retained layers), at rotation
/// 0 and 90. Every instant is also checked against a fresh full repaint of the same state.
@Suite("Transition goldens")
struct TransitionGoldenTests {
    static let size = Size(400, 240)
    static let step = Duration.nanoseconds(1_000_000_000 / 120)

    func makeScene() -> Scene {
        let main = Screen(id: "main", controls: [
            Label(id: "title", frame: Rect(16, 10, 300, 30), text: "नमस्ते — main", font: "sans-serif bold 18"),
            RangeSlider(id: "price", frame: Rect(16, 60, 300, 28), minimum: 0, maximum: 100, lower: 20, upper: 70),
            Button(id: "go", frame: Rect(16, 180, 120, 40), title: "Go"),
        ])
        let second = Screen(id: "second", background: Color(hex: "#28324A"), controls: [
            Label(id: "t2", frame: Rect(16, 10, 300, 30), text: "Second screen", font: "sans-serif bold 18"),
            CircularSlider(id: "dial", frame: Rect(260, 60, 120, 120), angle: 135),
        ])
        let scene = Scene(designSize: Self.size, screens: [main, second])
        let panel = Panel(id: "filters", style: PanelStyle(edge: .bottom, extent: 0.5), controls: [
            Label(id: "pl", frame: Rect(16, 20, 200, 24), text: "Filters"),
            RangeSlider(id: "size", frame: Rect(16, 60, 300, 28), minimum: 0, maximum: 10, lower: 2, upper: 6),
        ])
        scene.register(panel)
        return scene
    }

    struct Run {
        let scene: Scene
        let renderer: SceneRenderer
        let rotation: DisplayRotation
        var now = Instant.zero

        init(rotation: DisplayRotation, scene: Scene) throws {
            self.scene = scene
            self.rotation = rotation
            let panel = rotation.swapsAxes ? Size(size.height, size.width) : size
            renderer = try SceneRenderer(designSize: size, panelWidth: Int(panel.width), panelHeight: Int(panel.height),
                                         rotation: rotation)
            renderer.render(scene)
        }

        /// Steps the simulation to `ms`, rendering one frame every other step (60 Hz).
        mutating func run(until ms: Double) {
            var i = 0
            while now + step <= .milliseconds(ms) {
                now = now + step
                scene.step(step, at: now)
                if i % 2 == 1 { renderer.render(scene) }
                i += 1
            }
            renderer.render(scene)
        }

        func fresh() throws -> PixelBuffer {
            let r = try SceneRenderer(designSize: size, panelWidth: renderer.frame.width, panelHeight: renderer.frame.height,
                                      rotation: rotation)
            scene.invalidateAll()
            r.render(scene)
            scene.invalidateAll()   // the next incremental frame repaints what the fresh one took
            return r.frame
        }
    }

    func check(_ run: Run, named name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let fresh = try run.fresh()
        let result = ImageComparison(tolerance: 4).compare(run.renderer.frame, to: fresh)
        #expect(result.differingPixels == 0, "incremental frame differs from a full repaint: \(result)",
                sourceLocation: sourceLocation)
        expectMatchesGolden(run.renderer.frame, named: name, tolerance: 2, sourceLocation: sourceLocation)
    }

    @Test("a panel sliding in: start, middle, end", arguments: [0, 90])
    func panel(degrees: Int) throws {
        let scene = makeScene()
        var run = try Run(rotation: DisplayRotation(degrees: degrees)!, scene: scene)
        scene.showOverlay("filters")
        run.run(until: 0)
        try check(run, named: "panel-\(degrees)-start")
        run.run(until: 150)
        try check(run, named: "panel-\(degrees)-middle")
        run.run(until: 320)
        try check(run, named: "panel-\(degrees)-end")
    }

    @Test("screen transitions: start, middle, end",
          arguments: [TransitionKind.slideUp, .flipFromBottom, .fade, .slideLeft, .slideRight], [0, 90])
    func transition(kind: TransitionKind, degrees: Int) throws {
        let scene = makeScene()
        var run = try Run(rotation: DisplayRotation(degrees: degrees)!, scene: scene)
        scene.showScreen("second", transition: kind, duration: .milliseconds(300))
        run.run(until: 0)
        try check(run, named: "\(kind.rawValue)-\(degrees)-start")
        run.run(until: 100)
        try check(run, named: "\(kind.rawValue)-\(degrees)-middle")
        run.run(until: 320)
        try check(run, named: "\(kind.rawValue)-\(degrees)-end")
    }

    @Test("swipeable pages: mid-swipe (two pages side by side), then settled with the next page's dot lit",
          arguments: [0, 90])
    func pageSwipe(degrees: Int) throws {
        let scene = makeScene()
        scene.addPageGroup(["main", "second"])
        var run = try Run(rotation: DisplayRotation(degrees: degrees)!, scene: scene)
        let start = Point(300, 140)
        scene.handle([.pressed(slot: 0, location: start, time: .zero),
                      .panBegan(slot: 0, start: start, location: Point(150, 140), time: .milliseconds(16))])
        run.run(until: 16)
        try check(run, named: "pages-\(degrees)-middle")
        scene.handle([.panEnded(slot: 0, location: Point(150, 140), translation: Point(-150, 0), velocity: Point(-900, 0),
                                time: .milliseconds(32)),
                      .released(slot: 0, location: Point(150, 140), time: .milliseconds(32))])
        run.run(until: 900)
        #expect(scene.pageSwipePosition == nil && scene.currentScreen.id == "second")
        try check(run, named: "pages-\(degrees)-end")
    }
}
