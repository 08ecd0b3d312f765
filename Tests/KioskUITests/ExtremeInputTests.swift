@testable import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskGestures
@testable import KioskUI

/// Absurd numbers from anywhere (a touch far off the screen, a calibration that maps a touch
/// to 1e308, a velocity of infinity, NaN) never trap and never start a motion that does not
/// end: every test drives one kind of motion with such values and then asks that the scene
/// comes to rest within a bounded number of fixed steps (1/120 s each).
@Suite("Extreme input")
struct ExtremeInputTests {
    /// Finite and infinite extremes, and NaN, for a coordinate or a velocity.
    static let extremes: [Double] = [-1e308, 1e308, -.infinity, .infinity, .nan, -1e15, 1e15]

    /// Two seconds of steps: much more than any motion the kiosk makes takes (0.3 s).
    let settleSteps = 240

    func bottomPanel(_ h: SceneHarness? = nil) -> (SceneHarness, Panel) {
        let panel = Panel(id: "filters", style: PanelStyle(edge: .bottom, extent: 0.5))
        let harness = h ?? SceneHarness(overlays: [panel])
        harness.scene.showOverlay("filters")
        harness.run(until: 400)
        #expect(panel.presentation == 1)
        return (harness, panel)
    }

    func expectSane(_ panel: Panel) {
        #expect(panel.presentation.isFinite && panel.presentation >= 0 && panel.presentation <= 1.04)
        #expect(panel.currentFrame.minY.isFinite)
    }

    // MARK: Panels

    @Test("a panel dragged to an absurd position and released comes to rest", arguments: extremes)
    func panelDragToAbsurdY(y: Double) {
        let (h, panel) = bottomPanel()
        h.touch(.down, 400, 300, at: 400)
        h.touch(.move, 400, 320, at: 416)
        h.touch(.move, 400, y, at: 432)
        expectSane(panel)
        h.touch(.up, at: 448)
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
        expectSane(panel)
        #expect(panel.presentation == 0 || panel.presentation == 1)
    }

    @Test("a panel flung at an absurd speed (a million pixels in a nanosecond) comes to rest", arguments: [-1e6, 1e6])
    func panelFlungAbsurdly(dy: Double) {
        let (h, panel) = bottomPanel()
        h.touch(.down, 400, 300, at: 400)
        h.touch(.move, 400, 320, at: 416)
        h.touch(.move, 400, 320 + dy, at: 416.000001)
        h.touch(.up, at: 416.000002)
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
        expectSane(panel)
        // Towards the edge it leaves; away from it, it springs back.
        #expect(panel.presentation == (dy > 0 ? 0 : 1))
    }

    @Test("a pan that ends with an absurd release velocity springs back or leaves, and stops", arguments: extremes)
    func panelReleaseVelocity(v: Double) {
        let (h, panel) = bottomPanel()
        let t = Instant.milliseconds(400)
        h.scene.handle(.pressed(slot: 0, location: Point(400, 300), time: t))
        h.scene.handle(.panBegan(slot: 0, start: Point(400, 300), location: Point(400, 330), time: t))
        h.scene.handle(.panEnded(slot: 0, location: Point(400, 330), translation: Point(0, 30),
                                 velocity: Point(v, v), time: t))
        h.scene.handle(.released(slot: 0, location: Point(400, 330), time: t))
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
        expectSane(panel)
        #expect(panel.presentation == 0 || panel.presentation == 1)
    }

    @Test("pan events with absurd locations and translations keep the panel on its track", arguments: extremes)
    func panelAbsurdPanEvents(value: Double) {
        let (h, panel) = bottomPanel()
        let t = Instant.milliseconds(400)
        h.scene.handle(.pressed(slot: 0, location: Point(400, 300), time: t))
        h.scene.handle(.panBegan(slot: 0, start: Point(value, value), location: Point(value, 330), time: t))
        expectSane(panel)
        h.scene.handle(.panChanged(slot: 0, location: Point(value, value), translation: Point(value, value),
                                   velocity: Point(value, value), time: t))
        expectSane(panel)
        h.scene.handle(.cancelled(slot: 0, time: t))
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
        expectSane(panel)
    }

    @Test("a panel on every edge dragged to infinity and back comes to rest", arguments: PanelEdge.allCases)
    func everyEdge(edge: PanelEdge) {
        let panel = Panel(id: "filters", style: PanelStyle(edge: edge, extent: 0.5))
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 400)
        h.touch(.down, 400, 240, at: 400)
        h.touch(.move, 420, 260, at: 416)
        h.touch(.move, .infinity, -.infinity, at: 432)
        h.touch(.move, -1e308, 1e308, at: 448)
        h.touch(.up, at: 464)
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
        expectSane(panel)
    }

    // MARK: Popups

    @Test("taps and drags at absurd positions on a popup never trap, and its motion ends", arguments: extremes)
    func popupAbsurdTouches(value: Double) {
        let dialog = PopupDialog(id: "hello", style: popupTemplate,
                                 content: PopupContent(title: "T", text: "x", buttons: [.init(id: "ok", title: "Okay")]),
                                 theme: .standard)
        let h = SceneHarness(overlays: [dialog])
        h.scene.showOverlay("hello")
        h.run(until: 300)
        // A drag that starts on the button and leaves for nowhere, then a tap nowhere.
        h.touch(.down, 400, 326, at: 300)
        h.touch(.move, value, value, at: 316)
        h.touch(.up, at: 332)
        h.tap(value, -value, at: 400)
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
        #expect(dialog.appearance.isFinite && dialog.boxScale.isFinite)
    }

    // MARK: Screen transitions

    @Test("a screen transition of any duration ends within the animator's one-minute cap", arguments: [
        Duration.seconds(Int64.max), .seconds(saturating: 1e300), .seconds(saturating: Double.infinity), .nanoseconds(Int64.max),
        .seconds(saturating: -1e300), .nanoseconds(1),
    ])
    func transitionDuration(duration: Duration) {
        let h = SceneHarness()
        h.scene.add(screen: Screen(id: "second"))
        h.scene.showScreen("second", transition: .slideUp, duration: duration)
        // 60 s at 120 steps a second, and a step for rounding.
        #expect(h.stepsUntilIdle(limit: 60 * 120 + 1) != nil)
        #expect(h.scene.transition == nil)
        #expect(h.scene.currentScreen.id == "second")
        h.scene.goBack(transition: .fade, duration: duration)
        #expect(h.stepsUntilIdle(limit: 60 * 120 + 1) != nil)
        #expect(h.scene.currentScreen.id == "main")
    }

    // MARK: Controls

    @Test("dragging a range slider's knob to absurd positions keeps its values in range", arguments: extremes)
    func rangeSliderDrag(x: Double) {
        let slider = RangeSlider(id: "price", frame: Rect(40, 100, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let h = SceneHarness(screen: [slider])
        h.touch(.down, 135, 115, at: 0)
        h.touch(.move, 160, 115, at: 16)
        h.touch(.move, x, x, at: 32)
        h.touch(.move, -x, 115, at: 48)
        h.touch(.move, 200, 115, at: 64)
        h.touch(.up, at: 80)
        #expect(slider.lowerValue.isFinite && slider.upperValue.isFinite)
        #expect(0 <= slider.lowerValue && slider.lowerValue <= slider.upperValue && slider.upperValue <= 100)
        let numbers = h.events.flatMap(\.value).compactMap { if case .number(let n) = $0.value { n } else { nil } }
        #expect(numbers.allSatisfy { $0.isFinite })
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
    }

    @Test("dragging a dial to absurd positions gives whole degrees 0…359 or no change", arguments: extremes)
    func dialDrag(x: Double) {
        let dial = CircularSlider(id: "angle", frame: Rect(520, 120, 240, 240), angle: 45)
        let h = SceneHarness(screen: [dial])
        h.touch(.down, 700, 240, at: 0)
        h.touch(.move, x, 240, at: 16)
        h.touch(.move, x, x, at: 32)
        h.touch(.move, 640, -x, at: 48)
        h.touch(.up, at: 64)
        #expect((0..<360).contains(dial.angle))
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
    }

    @Test("a dial with an infinite frame (set from code) picks a font size instead of trapping")
    func dialInfiniteFrame() {
        let dial = CircularSlider(id: "angle", frame: Rect(0, 0, .infinity, .infinity))
        #expect(dial.valueFont == "sans-serif Bold 4096px")
        dial.frame = Rect(origin: .zero, size: Size(.nan, .nan))
        #expect(dial.valueFont == "sans-serif Bold 48px")
    }

    @Test("a button pressed and dragged to an absurd position fades back and stops", arguments: extremes)
    func buttonDrag(x: Double) {
        let button = Button(id: "go", frame: Rect(40, 400, 160, 48), title: "Go")
        let h = SceneHarness(screen: [button])
        h.touch(.down, 100, 420, at: 0)
        h.touch(.move, x, x, at: 16)
        h.touch(.up, at: 32)
        #expect(h.stepsUntilIdle(limit: settleSteps) != nil)
        #expect(button.pressedAmount == 0)
    }

    // MARK: Swipes

    @Test("a fling a million pixels in a nanosecond is a swipe with a bounded velocity")
    func absurdFling() throws {
        let tracker = GestureTracker()
        _ = tracker.handle(TouchEvent(slot: 0, phase: .down, position: Point(100, 100), time: .milliseconds(0)))
        _ = tracker.handle(TouchEvent(slot: 0, phase: .move, position: Point(100, 200), time: .milliseconds(16)))
        _ = tracker.handle(TouchEvent(slot: 0, phase: .move, position: Point(100, 1e6), time: .milliseconds(16.000001)))
        let events = tracker.handle(TouchEvent(slot: 0, phase: .up, position: .zero, time: .milliseconds(16.000002)))
        let swipe = events.compactMap { e -> Point? in if case let .swiped(_, _, v, _) = e { v } else { nil } }.first
        let v = try #require(swipe)
        #expect(v.length <= VelocityEstimator.maximumSpeed * (1 + 1e-12))
        #expect(v.y > 0)
    }
}

/// The default popup template's look on the 800x480 design: box [200, 110, 400, 260], its one
/// button at [224, 302, 352, 48].
private let popupTemplate = PopupStyle(
    boxFrame: Rect(200, 110, 400, 260), cornerRadius: 14, borderColor: .white, borderWidth: 1,
    boxBackground: .black, backdrop: Color.black.withAlpha(0.5),
    title: TextBlockStyle(frame: Rect(24, 20, 352, 36), font: "sans-serif bold 22", color: .white, alignment: .center),
    text: TextBlockStyle(frame: Rect(24, 64, 352, 110), font: "sans-serif 17", color: .white, alignment: .center),
    buttons: PopupButtonStyle(frame: Rect(24, 192, 352, 48), font: "sans-serif bold 17", textColor: .white,
                              background: .black, cornerRadius: 10, spacing: 12))
