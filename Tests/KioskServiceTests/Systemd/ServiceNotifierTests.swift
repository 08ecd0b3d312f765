import KioskBackend
import KioskControls
import KioskCore
import KioskUI
import Testing
@testable import KioskService

@Suite("What systemd hears: READY, STATUS, WATCHDOG only while frames complete, STOPPING")
struct ServiceNotifierTests {
    final class Messages: @unchecked Sendable { var sent: [String] = [] }

    func scene() -> KioskRunner.SceneSource {
        KioskRunner.SceneSource(designSize: nil) { size in
            Scene(designSize: size, screens: [Screen(id: "main", controls: [
                RangeSlider(id: "price", frame: Rect(40, 100, 400, 40), minimum: 0, maximum: 100, lower: 20, upper: 80),
            ])])
        }
    }

    /// A runner on the virtual clock whose watchdog timer "fires" at `ticks` (ms), as the
    /// monotonic runner's timer would; `moves` change the slider at those times.
    func run(completesFrames: Bool, ticks: [Double], moves: [Double] = [], interval: Duration = .seconds(4),
             extra: [(Double, (ScriptedBackend) -> Void)] = [], session: ScriptedSession? = nil) throws -> [String] {
        let messages = Messages()
        let notifier = ServiceNotifier(watchdogInterval: interval, log: LineWriter(descriptor: -1, destination: "none")) {
            messages.sent.append($0)
        }
        var slider: RangeSlider?
        var actions: [(Double, (ScriptedBackend) -> Void)] = ticks.map { t in (t, { _ in notifier.watchdogTimerFired(at: .milliseconds(t)) }) }
        actions += moves.enumerated().map { i, t in (t, { _ in slider?.setUpperValue(81 + Double(i)) }) }
        actions += extra
        actions.sort { $0.0 < $1.0 }
        let backend = ScriptedBackend(output: OutputMode(width: 800, height: 480), actions: actions)
        backend.completesFrames = completesFrames
        let source = scene()
        let runner = KioskRunner(display: { _ in KioskRunner.Display(backend: backend, session: session) },
                                 scene: .init(designSize: nil) { size in
                                     let scene = source.make(size)
                                     slider = scene.control(withID: "price") as? RangeSlider
                                     return scene
                                 }, options: .init(clock: .virtual)) { _ in }
        runner.notifier = notifier
        #expect(try runner.run() == 0)
        return messages.sent
    }

    @Test("READY=1 comes with the first completed frame and a one-line status; STOPPING=1 at the end")
    func readyStatusStopping() throws {
        let sent = try run(completesFrames: true, ticks: [])
        #expect(sent == ["READY=1\nSTATUS=showing main; 800x480 scripted", "STOPPING=1\nSTATUS=stopping"])
    }

    @Test("a frame the output never completes gets no READY=1 at all")
    func noReadyWithoutAFlip() throws {
        let sent = try run(completesFrames: false, ticks: [])
        #expect(sent == ["STOPPING=1\nSTATUS=stopping"])
    }

    @Test("frames that complete, and a scene with nothing to present, keep the pings going")
    func healthyPings() throws {
        let sent = try run(completesFrames: true, ticks: [1000, 2000, 3000, 4000, 9000], moves: [1500, 2500])
        #expect(sent.filter { $0 == "WATCHDOG=1" }.count == 5)
    }

    @Test("a frame in flight for longer than half the watchdog interval stops the pings: systemd restarts the kiosk")
    func wedgedFrameStopsPings() throws {
        // interval 4 s: the first frame (at 0) may be in flight up to 2 s; it never completes.
        let sent = try run(completesFrames: false, ticks: [1000, 2000, 3000, 4000, 9000], moves: [1500])
        #expect(sent == ["WATCHDOG=1", "WATCHDOG=1", "STOPPING=1\nSTATUS=stopping"])
    }

    @Test("a flip that comes late resumes the pings")
    func lateFlipResumes() throws {
        var watchdog = FrameWatchdog(interval: .seconds(4))
        watchdog.framePresented(at: .milliseconds(100))
        watchdog.framePresented(at: .milliseconds(200))    // the oldest frame in flight counts
        #expect(watchdog.isHealthy(at: .milliseconds(2100)))
        #expect(!watchdog.isHealthy(at: .milliseconds(2101)))
        watchdog.frameDone()
        #expect(watchdog.isHealthy(at: .milliseconds(9000)))
    }

    @Test("while the display is paused (VT switched away) a frame that was in flight does not count")
    func pausedIsHealthy() throws {
        let session = ScriptedSession()
        let sent = try run(completesFrames: false, ticks: [3000, 5000],
                           extra: [(1000, { _ in session.onChange?(.paused(reason: "VT released")) })], session: session)
        #expect(sent == ["WATCHDOG=1", "WATCHDOG=1", "STOPPING=1\nSTATUS=stopping"])
    }

    @Test("STATUS= goes out only when the line changes: paused, then back")
    func statusOnChange() throws {
        let session = ScriptedSession()
        let sent = try run(completesFrames: true, ticks: [], moves: [500, 700], extra: [
            (1000, { _ in session.onChange?(.paused(reason: "VT released")) }),
            (2000, { _ in session.onChange?(.resumed(reason: "VT acquired")) }),
        ], session: session)
        #expect(sent == ["READY=1\nSTATUS=showing main; 800x480 scripted",
                         "STATUS=showing main; 800x480 scripted; paused",
                         "STATUS=showing main; 800x480 scripted",
                         "STOPPING=1\nSTATUS=stopping"])
    }
}
