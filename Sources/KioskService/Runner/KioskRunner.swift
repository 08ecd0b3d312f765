@preconcurrency import Glibc
import KioskBackend
import KioskControls
import KioskCore
import KioskDevice
import KioskLoop
import KioskRender
import KioskUI

/// The one main loop, for every backend: DRM, Wayland, the framebuffer and headless.
///
/// It is wiring: the epoll loop and the signals (SIGTERM, SIGINT, SIGHUP), and two sides that
/// meet once per pass. The output side (`RunnerOutput`: the backend, its session, the input
/// devices, pacing by the backend's `frameDone`, readiness, mouse-as-finger, latency) shows
/// frames and reports input; the host side (`RunnerHost`: the runtime, reload, screen power,
/// the state file, the services and their request queue, systemd's notifier) turns input into
/// frames and talks to the outside world. A backend only shows pixels and, where it owns them,
/// delivers input.
///
/// Each pass advances the backend and the runtime to now, renders and presents a frame if
/// something changed and the output can take one, and sleeps until a descriptor is ready or
/// the next deadline (a gesture time-out, the next simulation step while something moves, the
/// backend's own). With nothing moving there is no deadline: `epoll_wait` gets no timeout.
///
/// On the virtual clock (headless tests and CI) the same loop jumps straight to the next
/// deadline instead of sleeping, so a run takes milliseconds and gives the same events and
/// pixels on every machine; it ends at `until`, or when nothing is left to happen.
package final class KioskRunner {
    let makeDisplay: (EventLoop) throws -> Display
    var sceneSource: SceneSource
    let options: Options
    let emit: (ControlEvent) -> Void
    let log = LineWriter.standardError

    // Set before `run()`: a run copies them into its host side when it starts, so a later
    // write would be silently ignored; it traps instead (`mustBeConfiguring`).

    /// Sees every raw touch first; true consumes it (see `SceneRuntime.touchInterceptor`).
    package var touchInterceptor: ((TouchEvent) -> Bool)? { didSet { mustBeConfiguring("touchInterceptor") } }
    /// Checked on every pass of the loop; true ends the run as SIGTERM would.
    package var shouldStop: (() -> Bool)? { didSet { mustBeConfiguring("shouldStop") } }
    /// Called after every presented frame with its time (tests sample motion with it).
    package var onFramePresented: ((Instant) -> Void)? { didSet { mustBeConfiguring("onFramePresented") } }
    /// Keeps the values and the screen in a state file: restored before the first frame,
    /// written on the loop's time, and at the end of the run.
    package var stateKeeper: StateKeeper? { didSet { mustBeConfiguring("stateKeeper") } }
    /// What runs in the loop beside the display (the control socket; see `RunnerService`),
    /// started before the display opens, in this order.
    package var services: [RunnerService] = [] { didSet { mustBeConfiguring("services") } }
    /// Where SIGHUP and the control socket's `reload` get a new scene from: the config file
    /// read again. Throws the problems (`KioskSetup.LoadError`: one line each); nil: a reload
    /// is refused.
    package var reloadSource: (() throws -> SceneSource)? { didSet { mustBeConfiguring("reloadSource") } }
    /// What systemd hears (READY=1, STATUS=, WATCHDOG=1, STOPPING=1); on the monotonic clock
    /// made by `run()` when systemd gave a notify socket (`ServiceNotifier.systemd()`).
    package var notifier: ServiceNotifier? { didSet { mustBeConfiguring("notifier") } }

    /// The pipeline, once the output's size is known.
    package var runtime: SceneRuntime? { host?.runtime }
    /// The backend, once made.
    package var backend: DisplayBackend? { output?.backend }
    /// The time of the last pass (virtual time on the virtual clock).
    package private(set) var now = Instant.zero
    /// Touches, pointer presses and moves delivered to the runtime.
    package var touchCount: Int { host?.touchCount ?? 0 }
    /// The screen's power: dim, off, the swallowed waking touch (see `RunnerHost+Power`).
    package var screenPower: ScreenPower { host?.screenPower ?? ScreenPower(settings: options.power, at: .zero) }

    /// The host side of the current or last run: the pipeline and who talks to it.
    private(set) var host: RunnerHost?
    /// The output side of the current or last run: the display and its pacing.
    private(set) var output: RunnerOutput?
    private var loop: EventLoop?
    private var stopReason: StopReason?

    enum StopReason {
        case signal(Int32)
        case request
        case closed(BackendClosure)
        case sessionLost(String)
    }

    /// Traps when a run has started: what `name` configures was read when it began.
    private func mustBeConfiguring(_ name: String) {
        precondition(host == nil, "KioskRunner.\(name) was set after run() started; set it before")
    }

    /// A runner that has not started yet; `run()` starts it.
    ///
    /// - Parameters:
    ///   - display: makes the backend (and its session and input) for the runner's loop; called
    ///     once, after the signals are blocked and before anything else starts.
    ///   - scene: how the scene is made once the screen's size is known.
    ///   - options: rotation, calibration, cursor, clock and end time.
    ///   - emit: every control event, in order.
    package init(display: @escaping (EventLoop) throws -> Display, scene: SceneSource, options: Options,
                emit: @escaping (ControlEvent) -> Void) {
        makeDisplay = display
        sceneSource = scene
        self.options = options
        self.emit = emit
    }

    /// Runs until the end (virtual clock), `until`, SIGTERM/SIGINT or the backend closing;
    /// returns the exit code: 0, or 1 when the backend failed or the session was lost.
    package func run() throws -> Int32 {
        do {
            try start()
            while try runPass(), try waitForNextPass() {}
        } catch {
            tearDown()
            throw error
        }
        return end()
    }

    /// What a started run holds until `end()`.
    private final class Started {
        let loop: EventLoop
        let host: RunnerHost
        let output: RunnerOutput
        let signals: SignalSource
        /// Services started, stopped in reverse at the end.
        let services: [RunnerService]
        var watchdog: TimerSource?

        init(loop: EventLoop, host: RunnerHost, output: RunnerOutput, signals: SignalSource, services: [RunnerService]) {
            self.loop = loop
            self.host = host
            self.output = output
            self.signals = signals
            self.services = services
        }
    }
    private var started: Started?

    /// Sets a run up without running it: the loop and the signals, the services, the display,
    /// the scene once the output's size is known. `run()` does this, then passes until the
    /// end; a test or the benchmark on the virtual clock may instead call `advance(to:)` for
    /// each frame it wants, then `end()`.
    func start() throws {
        let loop = try EventLoop()
        self.loop = loop
        // Blocked before anything can start a thread (libinput, sd-bus): every thread inherits
        // the mask, so only the signalfd sees these.
        let signals = try SignalSource(loop: loop, signals: [SIGTERM, SIGINT, SIGHUP]) { [unowned self] signal in
            self.received(signal)
        }
        // fontconfig loads on a thread of Pango's while the display and the input open (it
        // inherits the signal mask just set).
        FontMapPreload.start()
        if options.clock == .monotonic && notifier == nil { notifier = ServiceNotifier.systemd() }
        let host = RunnerHost(runner: self, loop: loop, notifier: notifier)
        self.host = host
        // Before the display: a service that cannot start (a socket another kiosk holds)
        // stops the run before anything is shown.
        var services: [RunnerService] = []
        do {
            for service in self.services {
                try service.start(loop: loop, target: self)
                services.append(service)
            }
        } catch {
            for service in services.reversed() { service.stop() }
            throw error
        }
        let display: Display
        do { display = try makeDisplay(loop) } catch {
            for service in services.reversed() { service.stop() }
            throw error
        }
        let output = RunnerOutput(display: display, loop: loop, log: log)
        self.output = output
        host.output = output
        let run = Started(loop: loop, host: host, output: output, signals: signals, services: services)
        started = run
        try output.start(events: events(host: host, loop: loop))
        if options.clock == .monotonic {
            log.log("\(output.backend.name) rotation \(options.rotation.degrees)")
            if options.power != .alwaysOn { log.log("screen power: \(host.powerSummary)") }
        }
        if let mode = output.backend.output { try host.setUp(for: mode, loop: loop) }
        if options.clock == .monotonic { run.watchdog = try startWatchdog(loop) }
        now = currentTime()
        host.now = now
        host.screenPower = ScreenPower(settings: options.power, at: now)
    }

    /// One pass at `time` on the virtual clock (a started run, see `start()`): everything due
    /// by then, a frame if one may go out, the backend's events. False once the run is over.
    @discardableResult
    func advance(to time: Instant) throws -> Bool {
        precondition(options.clock == .virtual, "advance(to:) steps a run on the virtual clock")
        guard let started else { return false }
        now = max(now, time)
        guard try runPass() else { return false }
        // What a real pass asks before it waits, so that a stepped pass costs what one does.
        nextWakeup = nextPassDeadline(started)
        try started.loop.runOnce(timeout: .zero)
        return true
    }

    /// When the last stepped pass (`advance(to:)`) would have woken next; nil: nothing to do.
    private(set) var nextWakeup: Instant?

    /// A finger, now, as the touchscreen would report it (a stepped run): through the screen's
    /// power to the runtime.
    func deliver(_ touch: TouchEvent) { started?.host.deliver(touch) }

    /// Ends a started run: the last frame and events out, the state written, the services,
    /// the display and the session put back. Returns the exit code.
    func end() -> Int32 {
        guard let started else { return 0 }
        notifier?.stopping()
        started.host.requests.refuseWaiting("the kiosk is stopping")
        started.host.requests.finishRemainingWork()
        started.host.finish()
        if options.clock == .monotonic { report(loop: started.loop, output: started.output) }
        tearDown()
        switch stopReason {
        case .closed(.failed)?, .sessionLost?: return 1
        default: return 0
        }
    }

    /// Stops what `start()` started, in reverse: the display, then the services.
    private func tearDown() {
        guard let started else { return }
        self.started = nil
        started.output.stop()
        for service in started.services.reversed() { service.stop() }
        withExtendedLifetime((started.signals, started.watchdog)) {}
    }

    /// One pass of the loop: everything due by now, and a frame if one may go out. False when
    /// the run is over.
    private func runPass() throws -> Bool {
        guard stopReason == nil, let started else { return false }
        if shouldStop?() == true {
            stopReason = .request
            return false
        }
        now = currentTime()
        started.output.advance(to: now)
        started.host.advance(to: now)
        if started.output.canTakeFrame { started.host.drawFrame(on: started.output) }
        try started.output.openInputIfDue()
        started.host.finishPass()
        if let until = options.until, now >= until { return false }
        // Time saturates there, so nothing could move on: every wake-up would be now again.
        // (Scripts end at 1e9 ms; only touches made in code get this far.)
        return now != .endOfTime
    }

    /// Sleeps until a descriptor is ready or the next deadline; on the virtual clock, jumps to
    /// it. False when nothing is left to happen (the virtual clock with no deadline).
    private func waitForNextPass() throws -> Bool {
        guard let started else { return false }
        let wake = nextPassDeadline(started)
        if options.clock == .virtual {
            // Nothing left to happen: the script is over and nothing moves.
            guard let wake else { return false }
            now = max(now, wake)
            try started.loop.runOnce(timeout: .zero)  // signals only; nothing sleeps on this clock
        } else {
            try started.loop.runOnce(timeout: wake.map { max(.zero, $0 - started.loop.clock.now()) })
        }
        return stopReason == nil
    }

    /// The earliest deadline of both sides.
    private func nextPassDeadline(_ started: Started) -> Instant? {
        Instant.earliest(started.output.nextDeadline,
                         started.host.nextDeadline(outputReady: started.output.isReady, paused: started.output.isPaused))
    }

    /// What the output side tells the host side, and the stops it asks for.
    private func events(host: RunnerHost, loop: EventLoop) -> RunnerOutput.Events {
        RunnerOutput.Events(
            touch: { [unowned host] touch in host.deliver(touch) },
            activity: { [unowned host] time in host.activity(at: time) },
            key: { [unowned host] action, time in host.deliver(action, at: time) },
            text: { [unowned host] text, device, time in host.deliver(text: text, from: device, at: time) },
            pointerMoved: { [unowned host] position in host.pointerMoved(to: position) },
            frameDone: { [unowned host, unowned loop] time, first in host.frameDone(at: time, first: first, loop: loop) },
            outputChanged: { [unowned self, unowned host, unowned loop] mode in
                do { try host.outputChanged(mode, loop: loop) } catch {
                    self.stopReason = .closed(.failed("cannot lay out for \(mode): \(error)"))
                }
            },
            sessionChanged: { [unowned host] paused in host.sessionChanged(paused: paused) },
            stop: { [unowned self] reason in self.stopReason = reason })
    }

    /// The loop's time as a control request is carried out (`ControlTarget.requestTime`);
    /// nil before the run starts.
    package var requestTime: Instant? { started == nil ? nil : currentTime() }

    private func currentTime() -> Instant {
        options.clock == .virtual ? now : loop!.clock.now()
    }

    // MARK: Signals

    private func received(_ signal: Int32) {
        switch signal {
        case SIGTERM, SIGINT: stopReason = .signal(signal)
        case SIGHUP: _ = reload()
        default: log.log("signal \(signal) ignored", priority: .warning)
        }
    }

    /// systemd's watchdog (WatchdogSec=): a timer at half the interval, on this loop's thread,
    /// so a loop that does not turn (a handler that never returns, SIGSTOP) pings nothing; one
    /// that turns pings only while frames complete (`FrameWatchdog`). Only armed when systemd
    /// asks for it; otherwise nothing wakes the loop.
    private func startWatchdog(_ loop: EventLoop) throws -> TimerSource? {
        guard let notifier, let interval = notifier.watchdogInterval else { return nil }
        let timer = try TimerSource(loop: loop) { [unowned notifier, unowned loop] _ in notifier.watchdogTimerFired(at: loop.clock.now()) }
        try timer.schedule(after: interval / 2, repeating: interval / 2)
        return timer
    }

    // MARK: Report

    private func report(loop: EventLoop, output: RunnerOutput) {
        let reason: String
        switch stopReason {
        case .signal(SIGINT)?: reason = "SIGINT"
        case .signal?: reason = "SIGTERM"
        case .closed(let closure)?: reason = closure.description
        case .sessionLost(let why)?: reason = why
        case .request?, nil: reason = "request"
        }
        output.stop()
        log.log("stopped by \(reason); display restored")
        log.log("\(output.backend.statistics.summary)")
        log.log("\(output.latency.summary)")
        // Idle means idle: with nothing moving, wake-ups come only from input and frames.
        log.log("event loop: \(loop.wakeups) wake-ups in \(loop.waitCalls) epoll_wait calls over "
                      + "\(NumberFormat.fixed(loop.clock.now().milliseconds / 1000, decimals: 2)) s")
    }
}
