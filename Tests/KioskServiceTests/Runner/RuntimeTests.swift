import KioskControls
import Testing
import KioskCore
import KioskTestSupport
import KioskUI
import KioskBackend
@testable import KioskService
import SwiftKioskTesting

/// The runtime in-process, on the virtual clock: pacing, idleness and event coalescing.
@Suite("Runtime")
struct RuntimeTests {
    func kiosk(_ controls: [Control]) throws -> KioskTester { KioskTester(screen: controls) }

    func touch(_ phase: TouchPhase, _ x: Double, _ y: Double, at ms: Double, slot: Int = 0) -> TouchEvent {
        TouchEvent(slot: slot, phase: phase, position: Point(x, y), time: .milliseconds(ms))
    }

    func slider() -> RangeSlider {
        RangeSlider(id: "price", frame: Rect(40, 100, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
    }

    @Test("with nothing to do, one frame is drawn and the loop would sleep without timeout")
    func idle() throws {
        let k = try kiosk([slider()])
        try k.run(events: [])
        #expect(k.runtime!.stats.framesRendered == 1)
        #expect(k.isIdle)
    }

    @Test("moves that arrive while a flip is pending are coalesced into one valueChanged")
    func coalescedPerFrame() throws {
        let k = try kiosk([slider()])
        // The first frame, at 0, shows the press (flip until 16.7); the moves at 2, 6, 10 and
        // 14 all wait for the frame at 16.7.
        try k.run(events: [
            touch(.down, 135, 115, at: 0), touch(.move, 175, 115, at: 2),
            touch(.move, 179, 115, at: 6), touch(.move, 183, 115, at: 10), touch(.move, 187, 115, at: 14),
            touch(.up, 0, 0, at: 60),
        ])
        let changed = k.events.filter { $0.kind == .valueChanged }
        #expect(changed.count == 1)
        #expect(changed.last?.value[0].value == .number(33))
        #expect(changed.last?.time == .milliseconds(14))
        #expect(k.events.last?.kind == .valueCommitted)
    }

    @Test("frames are paced by the flip: never more than one per refresh interval")
    func pacing() throws {
        let k = try kiosk([slider()])
        var touches = [touch(.down, 135, 115, at: 0)]
        for i in 1...100 { touches.append(touch(.move, 135 + Double(i), 115, at: Double(i) * 2)) }   // 500 Hz input
        touches.append(touch(.up, 0, 0, at: 202))
        try k.run(events: touches)
        // 202 ms of input at 60 Hz is about 13 frames, not 100.
        #expect(k.runtime!.stats.framesRendered <= 15)
        #expect(k.runtime!.stats.framesRendered >= 11)
    }

    @Test("a button's release fade animates on the fixed-step clock and then the loop goes idle")
    func animationThenIdle() throws {
        let button = Button(id: "hello", frame: Rect(40, 400, 160, 48), title: "Hello")
        let k = try kiosk([button])
        try k.run(events: [touch(.down, 100, 420, at: 0), touch(.up, 0, 0, at: 50)])
        #expect(button.pressedAmount == 0)
        #expect(!k.scene!.isAnimating)
        #expect(k.runtime!.stats.framesRendered >= 8)         // 150 ms of fade at 60 Hz
        #expect(k.now < .milliseconds(260))           // and then it stopped
        #expect(k.isIdle)
        #expect(k.events.map(\.kind) == [.tapped])
    }

    @Test("a long-press deadline wakes the runtime even when nothing is drawn")
    func gestureDeadline() throws {
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [slider()])])
        let runtime = SceneRuntime(scene: scene, renderer: try KioskRenderFactory.renderer(width: 800, height: 480)) { _ in }
        runtime.handle(touch(.down, 300, 300, at: 0))   // on no control
        _ = runtime.renderFrame(at: .zero)
        #expect(runtime.nextWakeup(now: .zero, outputReady: false) == .milliseconds(500))
    }

    @Test("events are written as the documented JSON lines")
    func encoding() {
        let e = ControlEvent(time: .milliseconds(16), source: "price", kind: .valueChanged,
                             value: [("lower", .number(2.34567)), ("upper", .number(8))])
        #expect(e.jsonLine == #"{"t": 16, "source": "price", "event": "valueChanged", "value": {"lower": 2.346, "upper": 8}}"#)
        #expect(ControlEvent(time: .milliseconds(1200), source: "go\"", kind: .tapped).jsonLine
                == #"{"t": 1200, "source": "go\"", "event": "tapped"}"#)
    }
}

/// One screen whose button at (40, 400) opens the panel "filters".
private func panelScene() -> (Scene, Panel) {
    let button = Button(id: "open", frame: Rect(40, 400, 160, 48), title: "Open", action: .showPanel("filters"))
    let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [button])])
    let panel = Panel(id: "filters", style: PanelStyle())
    scene.register(panel)
    return (scene, panel)
}

@Suite("Runtime with overlays")
struct RuntimeOverlayTests {
    @Test("a panel shown by a button slides in to the end on its own, then the loop idles")
    func panelRunsToTheEnd() throws {
        let (scene, panel) = panelScene()
        let k = KioskTester(scene: scene)
        try k.run(events: [TouchEvent(slot: 0, phase: .down, position: Point(100, 420), time: .zero),
                   TouchEvent(slot: 0, phase: .up, position: Point(100, 420), time: .milliseconds(50))])
        #expect(panel.presentation == 1)
        #expect(k.events.map(\.kind) == [.tapped, .panelShown])
        #expect(k.now > .milliseconds(340) && k.now < .milliseconds(420))
        #expect(k.isIdle)
    }
}

@Suite("Runtime, interrupted panel")
struct RuntimeInterruptedPanelTests {
    @Test("a tap on the dim while the panel comes in turns it round; frame by frame it never jumps")
    func interruptedPresentation() throws {
        let (scene, panel) = panelScene()
        let k = KioskTester(scene: scene)
        var frames: [(t: Double, y: Double)] = []
        k.onFramePresented = { t in
            if panel.scene != nil { frames.append((t.milliseconds, panel.currentFrame.minY)) }   // once shown
        }
        let touches = [
            TouchEvent(slot: 0, phase: .down, position: Point(100, 420), time: .zero),
            TouchEvent(slot: 0, phase: .up, position: Point(100, 420), time: .milliseconds(40)),
            TouchEvent(slot: 0, phase: .down, position: Point(400, 50), time: .milliseconds(150)),
            TouchEvent(slot: 0, phase: .up, position: Point(400, 50), time: .milliseconds(190)),
        ]
        try k.run(events: touches)
        let ys = frames.map(\.y)
        // At most what ease-out moves in one 16.7 ms frame at its steepest: 240 px × 1.72 / 18.
        let jumps = zip(ys, ys.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.max()! < 24)
        #expect(ys.min()! > 240)              // never got all the way in
        #expect(ys.last == 480)               // and went back out
        #expect(k.events.map(\.kind) == [.tapped, .panelDismissed])
    }
}
