import Testing
import KioskBackend
import KioskConfig
import KioskCore
import KioskUI
@testable import KioskService

/// Screen power through the whole runner, headless on the virtual clock: the deadlines, the
/// events, the swallowed waking touch, the frames (none while off) and the pixels.
@Suite("Screen power, run")
struct ScreenPowerRunTests {
    static let config = """
    {"display": {"designSize": [800, 480], "background": "#C08040"}, "startScreen": "main",
     "power": {"dimAfter": 30, "dimLevel": 0.25, "offAfter": 60},
     "screens": [{"id": "main", "controls": [
        {"type": "button", "id": "go", "frame": [20, 20, 300, 200], "title": "Go"},
        {"type": "rangeSlider", "id": "price", "frame": [20, 300, 700, 40], "min": 0, "max": 100, "lower": 0, "upper": 100}]}]}
    """

    final class Run {
        var events: [ControlEvent] = []
        var frames: [Instant] = []
        let runner: KioskRunner
        let backend: HeadlessBackend

        init(touches: [TouchEvent], until: Duration, onFrame: ((KioskRunner, Instant) -> Void)? = nil) throws {
            let config = try KioskSetup.decodeConfig(ScreenPowerRunTests.config, path: "kiosk.json")
            let backend = try HeadlessBackend(width: 800, height: 480, script: touches)
            self.backend = backend
            var events: [ControlEvent] = []
            runner = KioskRunner(display: { _ in KioskRunner.Display(backend: backend) },
                                 scene: KioskSetup.sceneSource(for: config),
                                 options: KioskRunner.Options(clock: .virtual, until: .zero + until,
                                                              power: ScreenPower.Settings(config.power)),
                                 emit: { events.append($0) })
            var frames: [Instant] = []
            let runner = self.runner
            runner.onFramePresented = { time in
                frames.append(time)
                onFrame?(runner, time)
            }
            _ = try runner.run()
            self.events = events
            self.frames = frames
        }

        var power: [String] { events.filter { $0.source == "kiosk" }.map { "\($0.kind) \(Int($0.time.milliseconds))" } }
        func events(from source: String) -> [String] { events.filter { $0.source == source }.map(\.kind.rawValue) }
    }

    static func touch(_ phase: TouchPhase, _ slot: Int = 0, _ x: Double, _ y: Double, at seconds: Double) -> TouchEvent {
        TouchEvent(slot: slot, phase: phase, position: Point(x, y), time: .milliseconds(seconds * 1000))
    }

    @Test("without input the screen dims at 30 s and goes off at 60 s, each with its event; then no frame is drawn")
    func dimThenOff() throws {
        let run = try Run(touches: [], until: .seconds(200))
        #expect(run.power == ["screenDimmed 30000", "screenOff 60000"])
        #expect(run.events.first { $0.kind == .screenDimmed }?["level"]?.number == 0.25)
        #expect(run.backend.powerChanges == [.dimmed(0.25), .off])
        // The first frame, the dimmed one, the black one: nothing after.
        #expect(run.frames.count == 3)
        #expect(run.frames.last == .seconds(60))
    }

    @Test("the first touch on a dark screen wakes it and presses nothing; the next touch does")
    func wakeTouchSwallowed() throws {
        let t = Self.touch
        let run = try Run(touches: [
            t(.down, 0, 100, 100, 100), t(.up, 0, 100, 100, 100.1),          // on the button: wakes only
            t(.down, 0, 30, 320, 101), t(.move, 0, 400, 320, 101.2), t(.up, 0, 400, 320, 101.3),
            t(.down, 0, 100, 100, 102), t(.up, 0, 100, 100, 102.1),          // presses
        ], until: .seconds(103))
        #expect(run.power == ["screenDimmed 30000", "screenOff 60000", "screenOn 100000"])
        #expect(run.backend.powerChanges == [.dimmed(0.25), .off, .on])
        #expect(run.events(from: "go") == ["tapped"])
        #expect(run.events.first { $0.source == "go" }!.time >= .seconds(102))
        // The slider drag after the wake went through.
        #expect(run.events(from: "price").contains("valueCommitted"))
    }

    @Test("on a dimmed screen the waking drag moves no slider, and a second finger during it is swallowed too")
    func dimmedWakeAndSecondFinger() throws {
        let t = Self.touch
        let run = try Run(touches: [
            t(.down, 0, 30, 320, 40), t(.move, 0, 400, 320, 40.2),
            t(.down, 1, 100, 100, 40.3), t(.up, 1, 100, 100, 40.4),           // second finger on the button
            t(.up, 0, 400, 320, 40.5),
            t(.down, 1, 100, 100, 41), t(.up, 1, 100, 100, 41.1),             // now it presses
        ], until: .seconds(42))
        #expect(run.power == ["screenDimmed 30000", "screenOn 40000"])
        #expect(run.events(from: "price").isEmpty)
        #expect(run.events(from: "go") == ["tapped"])
        #expect(run.runner.screenPower.state == .on)
    }

    @Test("keep awake holds the screen on past both deadlines; sleep is refused meanwhile")
    func keepAwake() throws {
        var refused: ScreenPower.State? = .on
        let run = try Run(touches: [], until: .seconds(200)) { runner, _ in
            guard runner.now == .zero else { return }
            runner.requestPower(.keepAwake(true))
            refused = runner.requestPower(.sleep)
        }
        #expect(run.power.isEmpty)
        #expect(refused == nil)
        #expect(run.runner.screenPower.keepsAwake)
        #expect(run.backend.powerChanges.isEmpty)
    }

    @Test("dimmed, the frame is the scene under a black layer at 1 − level; off, it is black")
    func dimPixels() throws {
        var dimmed: UInt32?
        let run = try Run(touches: [], until: .seconds(200)) { runner, time in
            // The dimmed frame is presented at 30 s (headless copies to scanout as it presents).
            if time == .seconds(30) { dimmed = (runner.backend as? HeadlessBackend)?.scanout.pixel(x: 790, y: 470) }
        }
        // #C08040 at 25 %: 0x30, 0x20, 0x10 (±1 for rounding).
        let pixel = try #require(dimmed)
        let expected: [Int] = [0x30, 0x20, 0x10]
        let found = [Int(pixel >> 16 & 0xFF), Int(pixel >> 8 & 0xFF), Int(pixel & 0xFF)]
        for (e, f) in zip(expected, found) { #expect(abs(e - f) <= 1, "found \(found)") }
        let scanout = run.backend.scanout
        #expect((0..<scanout.height).allSatisfy { y in (0..<scanout.width).allSatisfy { scanout.pixel(x: $0, y: y) & 0xFF_FFFF == 0 } })
    }

    @Test("the socket's ops: sleep, get reports it, keepAwake wakes, sleep is refused, wake")
    func socketOps() throws {
        var replies: [String] = []
        _ = try Run(touches: [], until: .seconds(5)) { runner, time in
            guard time == .zero else { return }
            let handler = ControlRequestHandler(target: runner)
            for request in [#"{"op": "sleep"}"#, #"{"op": "get"}"#, #"{"op": "keepAwake", "on": true}"#,
                            #"{"op": "sleep"}"#, #"{"op": "keepAwake", "on": false}"#, #"{"op": "wake"}"#,
                            #"{"op": "keepAwake"}"#, #"{"op": "keepAwake", "on": 1}"#] {
                replies.append(handler.reply(to: request).line)
            }
        }
        #expect(replies[0] == #"{"ok": true, "power": "off", "keepAwake": false}"#)
        #expect(replies[1].contains(#""power": "off""#))
        #expect(replies[2] == #"{"ok": true, "power": "on", "keepAwake": true}"#)
        #expect(replies[3].contains(#""ok": false"#) && replies[3].contains("kept awake"))
        #expect(replies[5] == #"{"ok": true, "power": "on", "keepAwake": false}"#)
        #expect(replies[6].contains(#"missing field \"on\""#))
        #expect(replies[7].contains(#"\"on\" must be a boolean (found a number)"#))
    }
}
