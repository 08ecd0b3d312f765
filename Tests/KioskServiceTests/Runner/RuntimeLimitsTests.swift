import KioskControls
import Testing
import KioskCore
import KioskTestSupport
import KioskUI
import KioskBackend
@testable import KioskService
import SwiftKioskTesting

/// The whole pipeline on the virtual clock with touches that land far off the screen: the
/// run ends, nothing traps, and the loop goes idle (no next wake-up).
@Suite("Runtime limits")
struct RuntimeLimitsTests {
    func kiosk(calibration: AffineTransform = .identity) throws -> KioskTester {
        let open = Button(id: "open", frame: Rect(40, 400, 160, 48), title: "Open", action: .showPanel("filters"))
        let slider = RangeSlider(id: "price", frame: Rect(40, 100, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [open, slider])])
        let panel = Panel(id: "filters", style: PanelStyle())
        scene.register(panel)
        return KioskTester(scene: scene, calibration: calibration)
    }

    func panel(_ k: KioskTester) -> Panel { k.scene!.registeredOverlays.compactMap { $0 as? Panel }.first! }

    func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, at ms: Double) -> TouchEvent {
        TouchEvent(slot: 0, phase: phase, position: Point(x, y), time: .milliseconds(ms))
    }

    /// Opens the panel, then drags it from inside to `(x, y)` in panel pixels and lets go.
    func panelDrag(to x: Double, _ y: Double) -> [TouchEvent] {
        [touch(.down, 100, 420, at: 0), touch(.up, 100, 420, at: 40),
         touch(.down, 400, 300, at: 500), touch(.move, 400, 320, at: 516), touch(.move, x, y, at: 532),
         touch(.move, x, y, at: 532.000001), touch(.up, x, y, at: 548)]
    }

    @Test("a panel dragged to the touch script's limit, or far beyond it by a backend, comes to rest and the loop idles",
          arguments: [(400.0, -1e6), (400.0, 1e6), (-1e6, 1e6), (1e6, -1e6),
                      (400, -1e308), (400, 1e308), (.nan, -.infinity), (.infinity, .nan)])
    func panelDragToLimit(x: Double, y: Double) throws {
        let k = try kiosk()
        try k.run(events: panelDrag(to: x, y))
        #expect(panel(k).presentation == 0 || panel(k).presentation == 1)
        #expect(!k.scene!.isAnimating)
        #expect(k.isIdle)
        #expect(k.now < .milliseconds(5_000))
    }

    @Test("a calibration at the agreed limit (entries of 100) maps touches far off; the run still ends idle")
    func extremeCalibration() throws {
        let calibration = AffineTransform(a: 100, b: -100, c: 100, d: 100, tx: -100, ty: 100)
        let k = try kiosk(calibration: calibration)
        try k.run(events: panelDrag(to: 1e6, -1e6) + [
            touch(.down, 135, 115, at: 3000), touch(.move, 1e6, 1e6, at: 3016), touch(.up, 0, 0, at: 3032),
        ])
        #expect(!k.scene!.isAnimating)
        #expect(k.isIdle)
        let slider = try #require(k.scene!.control(withID: "price") as? RangeSlider)
        #expect(slider.lowerValue.isFinite && slider.upperValue.isFinite)
    }

    @Test("touch positions enter the scene clamped to two scene sizes around it")
    func mappingReach() throws {
        let k = try kiosk()
        try k.run(events: [])
        let far = k.runtime!.mapping.map(touch(.down, -1e308, .nan, at: 0)).position
        #expect(far == Point(-1600, -1600))
        #expect(k.runtime!.mapping.map(touch(.down, .infinity, 1e9, at: 0)).position == Point(2400, 2080))
        #expect(k.runtime!.scenePosition(ofPanelPoint: Point(.nan, 240)) == Point(-1600, 240))
        #expect(k.runtime!.mapping.map(touch(.down, 300, 200, at: 0)).position == Point(300, 200))
    }

    @Test("a script at the last millisecond it may use ends, and --until at the end of time too")
    func endsOfTime() throws {
        let k = try kiosk()
        let end = TouchScript.maximumMilliseconds
        try k.run(events: [touch(.down, 100, 420, at: end - 40), touch(.up, 100, 420, at: end)])
        #expect(panel(k).presentation == 1)
        #expect(k.isIdle)
        let late = try kiosk()
        try late.run(events: [], until: .endOfTime)
        #expect(late.isIdle)
    }

    @Test("a panel opened at the end of time, where the clock cannot step, does not hang the run")
    func animationAtTheEndOfTime() throws {
        let k = try kiosk()
        try k.run(events: [TouchEvent(slot: 0, phase: .down, position: Point(100, 420), time: .endOfTime),
                               TouchEvent(slot: 0, phase: .up, position: Point(100, 420), time: .endOfTime)])
        #expect(k.now == .endOfTime)
    }
}
