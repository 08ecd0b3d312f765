@preconcurrency import Glibc
import KioskBackend
import KioskCore
import KioskDevice
import KioskLoop
import KioskRender
import KioskUI

/// The one main loop, for every backend: DRM, Wayland, the framebuffer and headless.
///
/// It owns what all of them share: the epoll loop and the signals (SIGTERM, SIGINT), the
/// session (pause and resume on a VT switch), stepping the runtime, pacing frames by the
/// backend's `frameDone`, readiness (`READY=1` once the first frame is on screen) and systemd's
/// watchdog, mouse-as-finger and the cursor, the touch-to-frame latency meter and the exit
/// report. A backend only shows pixels and, where it owns them, delivers input.
///
/// Each pass advances the backend and the runtime to now, renders and presents a frame if
/// something changed and the output can take one, and sleeps until a descriptor is ready or
/// the next deadline (a gesture time-out, the next simulation step while something moves, the
/// backend's own). With nothing moving there is no deadline: `epoll_wait` gets no timeout.
///
/// On the virtual clock (headless tests and CI) the same loop jumps straight to the next
/// deadline instead of sleeping, so a run takes milliseconds and gives the same events and
/// pixels on every machine; it ends at `until`, or when nothing is left to happen.
public final class KioskRunner {
    /// Which clock paces the loop.
    public enum Clock: Sendable {
        /// CLOCK_MONOTONIC: a device, a compositor, a real-time headless run.
        case monotonic
        /// Time jumps to the next deadline; the run ends when there is none.
        case virtual
    }

    /// What the backend chooser hands the runner.
    public struct Display {
        /// The display the frames go to.
        public var backend: DisplayBackend
        /// The VT or logind session, for backends that own a device (DRM, framebuffer).
        public var session: Session?
        /// Makes the input source for a panel size, for backends that do not deliver input.
        public var input: ((OutputMode) throws -> InputSource)?
        /// The panel's backlight, which dims and darkens the screen (DRM, framebuffer); nil:
        /// the renderer's shade does (Wayland, headless, panels without one).
        public var backlight: Backlight?

        /// A display of `backend`, with its session and, when the backend has no input of its own, a maker for the input source.
        public init(backend: DisplayBackend, session: Session? = nil, input: ((OutputMode) throws -> InputSource)? = nil,
                    backlight: Backlight? = nil) {
            self.backend = backend
            self.session = session
            self.input = input
            self.backlight = backlight
        }
    }

    /// How the scene is made once the screen's size is known.
    public struct SceneSource {
        /// The size the layout is written for; nil: the upright screen's own pixels (the scene
        /// follows the screen when it changes size).
        public var designSize: Size?
        /// Builds the scene, given the size it is laid out in.
        public var make: (Size) -> Scene

        /// A scene laid out at `designSize` (nil: the screen's own size), built by `make` once the screen's size is known.
        public init(designSize: Size?, make: @escaping (Size) -> Scene) {
            self.designSize = designSize
            self.make = make
        }
    }

    /// How a run is set up, from the config and the command line.
    public struct Options {
        /// How the panel is mounted: pixels and touches are turned by this.
        public var rotation: DisplayRotation
        /// The touch calibration (``KioskConfig/InputSettings``' matrix), applied in panel coordinates before the rotation.
        public var calibration: AffineTransform
        /// Draw a pointer cursor when a mouse moves.
        public var showCursor: Bool
        /// Real time or virtual time.
        public var clock: Clock
        /// Ends the run at this time (virtual or monotonic).
        public var until: Instant?
        /// When the screen dims and goes off (the config's `power`); never by default.
        public var power: ScreenPower.Settings

        /// Options; each default is what a kiosk without that setting does.
        public init(rotation: DisplayRotation = .none, calibration: AffineTransform = .identity, showCursor: Bool = false,
                    clock: Clock = .monotonic, until: Instant? = nil, power: ScreenPower.Settings = .alwaysOn) {
            self.rotation = rotation
            self.calibration = calibration
            self.showCursor = showCursor
            self.clock = clock
            self.until = until
            self.power = power
        }
    }

    let makeDisplay: (EventLoop) throws -> Display
    var sceneSource: SceneSource
    let options: Options
    let emit: (ControlEvent) -> Void
    let log = LineWriter.standardError

    /// Sees every raw touch first; true consumes it (see `KioskRuntime.touchInterceptor`).
    public var touchInterceptor: ((TouchEvent) -> Bool)?
    /// Checked on every pass of the loop; true ends the run as SIGTERM would.
    public var shouldStop: (() -> Bool)?
    /// Called after every presented frame with its time (tests sample motion with it).
    public var onFramePresented: ((Instant) -> Void)?
    /// Keeps the values and the screen in a state file: restored before the first frame,
    /// written on the loop's time, and at the end of the run.
    public var stateKeeper: StateKeeper?
    /// What runs in the loop beside the display (the control socket; see `RunnerService`),
    /// started before the display opens, in this order.
    public var services: [RunnerService] = []
    /// Where SIGHUP and the control socket's `reload` get a new scene from: the config file
    /// read again. Throws the problems (`KioskSetup.LoadError`: one line each); nil: a reload
    /// is refused.
    public var reloadSource: (() throws -> SceneSource)?
    /// What systemd hears (READY=1, STATUS=, WATCHDOG=1, STOPPING=1); on the monotonic clock
    /// made by `run()` when systemd gave a notify socket (`ServiceNotifier.systemd()`).
    public var notifier: ServiceNotifier?

    /// The pipeline, once the output's size is known.
    public private(set) var runtime: KioskRuntime?
    /// The backend, once made.
    public private(set) var backend: DisplayBackend?
    /// The time of the last pass (virtual time on the virtual clock).
    public private(set) var now = Instant.zero
    /// Touches, pointer presses and moves delivered to the runtime.
    public private(set) var touchCount = 0

    /// The screen's power: dim, off, the swallowed waking touch (see `KioskRunner+Power`).
    public internal(set) var screenPower: ScreenPower
    /// The power the display (and backlight, and shade) has been given.
    var appliedPower = DisplayPower.on
    /// The display's own off waits for the black frame in flight to be done.
    var offPending = false
    var backlight: Backlight?

    private var loop: EventLoop?
    /// Remote requests (socket, MQTT), carried out a budget per pass of the loop.
    private(set) lazy var requests = ControlRequestQueue(target: self, loop: options.clock == .monotonic ? loop : nil)
    private var input: InputSource?
    private var session: Session?
    var outputReady = true
    private var paused = false
    private var stopReason: StopReason?
    private var ready = false
    /// When the first frame went to the backend (for the start-up line).
    private var firstPresented: Instant?
    private var latency = LatencyMeter()
    private var pointer = PointerFinger()

    enum StopReason {
        case signal(Int32)
        case request
        case closed(BackendClosure)
        case sessionLost(String)
    }

    /// A runner that has not started yet; `run()` starts it.
    ///
    /// - Parameters:
    ///   - display: makes the backend (and its session and input) for the runner's loop; called
    ///     once, after the signals are blocked and before anything else starts.
    ///   - scene: how the scene is made once the screen's size is known.
    ///   - options: rotation, calibration, cursor, clock and end time.
    ///   - emit: every control event, in order.
    public init(display: @escaping (EventLoop) throws -> Display, scene: SceneSource, options: Options,
                emit: @escaping (ControlEvent) -> Void) {
        makeDisplay = display
        sceneSource = scene
        self.options = options
        self.emit = emit
        screenPower = ScreenPower(settings: options.power, at: .zero)
    }

    /// Runs until the end (virtual clock), `until`, SIGTERM/SIGINT or the backend closing;
    /// returns the exit code: 0, or 1 when the backend failed or the session was lost.
    public func run() throws -> Int32 {
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
        // Before the display: a service that cannot start (a socket another kiosk holds)
        // stops the run before anything is shown.
        var started: [RunnerService] = []
        defer { for service in started.reversed() { service.stop() } }
        for service in services {
            try service.start(loop: loop, target: self)
            started.append(service)
        }
        let display = try makeDisplay(loop)
        let backend = display.backend
        self.backend = backend
        session = display.session
        backlight = display.backlight
        defer {
            backlight?.restore()
            backend.stop()
            session?.stop()
        }
        if let session {
            try session.start(loop: loop) { [unowned self] change in self.sessionChanged(change) }
            paused = !session.isActive
        }
        try backend.start(loop: loop, events: BackendEvents(
            frameDone: { [unowned self] time in self.frameDone(at: time) },
            outputChanged: { [unowned self] mode in self.outputChanged(mode) },
            input: { [unowned self] event in self.handle(event) },
            closed: { [unowned self] closure in self.stopReason = .closed(closure) }))
        if options.clock == .monotonic {
            log.writeLine("kiosk: \(backend.name) rotation \(options.rotation.degrees)")
            if options.power != .alwaysOn { log.writeLine("kiosk: screen power: \(powerSummary)") }
        }
        if let mode = backend.output { try setUp(for: mode) }
        // The input devices open once the first frame is on screen (see `opensInputNow`).
        var pendingInput = display.input
        if options.clock == .monotonic && notifier == nil { notifier = ServiceNotifier.systemd() }
        let watchdog = options.clock == .monotonic ? try startWatchdog(loop) : nil

        now = currentTime()
        screenPower = ScreenPower(settings: options.power, at: now)
        while stopReason == nil {
            if shouldStop?() == true {
                stopReason = .request
                break
            }
            session?.poll()
            now = currentTime()
            backend.advance(to: now)
            for service in services { service.advance(to: now) }
            requests.beginPass()
            runtime?.advance(to: now)
            for change in screenPower.advance(to: now) { powerChanged(change) }
            if !paused && outputReady {
                if appliedPower == .off && !offPending {
                    runtime?.flushEvents()   // dark: the scene may change, nothing is drawn
                } else {
                    presentFrame()
                }
                if outputReady && offPending { finishTurningOff() }
            }
            if let makeInput = pendingInput, opensInputNow, let mode = backend.output {
                pendingInput = nil
                let source = try makeInput(mode)
                input = source
                try source.start(loop: loop) { [unowned self] event in self.handle(event) }
            }
            notifier?.update(status: statusLine())
            stateKeeper?.advance(to: now)
            if let until = options.until, now >= until { break }
            // Time saturates there, so nothing could move on: every wake-up would be now again.
            // (Scripts end at 1e9 ms; only touches made in code get this far.)
            if now == .endOfTime { break }
            let wake = nextWakeup()
            if options.clock == .virtual {
                // Nothing left to happen: the script is over and nothing moves.
                guard let wake else { break }
                now = max(now, wake)
                try loop.runOnce(timeout: .zero)  // signals only; nothing sleeps on this clock
            } else {
                try loop.runOnce(timeout: wake.map { max(.zero, $0 - loop.clock.now()) })
            }
        }
        notifier?.stopping()
        requests.refuseWaiting("the kiosk is stopping")
        requests.finishScreenshots()
        finish()
        withExtendedLifetime((signals, watchdog)) {}
        if options.clock == .monotonic { report(loop: loop) }
        switch stopReason {
        case .closed(.failed)?, .sessionLost?: return 1
        default: return 0
        }
    }

    /// Whether the input devices (a backend's separate `InputSource`) may open now: once the
    /// first frame is on screen, or when none is coming (the session starts paused; nothing
    /// was drawn and nothing is in flight). libinput's udev enumeration (every evdev node, its
    /// quirks) takes as long as everything before the first frame; done before it, it delays
    /// the picture, and done while the first flip is in flight it competes with the kernel's
    /// commit work and delays the flip (measured in the VM: Tests/VM/startup-time.sh). Nothing
    /// can touch a screen that shows nothing yet, and READY=1 means the screen shows the UI.
    private var opensInputNow: Bool {
        ready || paused || (outputReady && firstPresented == nil)
    }

    private func currentTime() -> Instant {
        options.clock == .virtual ? now : loop!.clock.now()
    }

    private func nextWakeup() -> Instant? {
        // Folded one by one, not collected in an array: every pass of the loop asks.
        var earliest = Instant.earliest(backend?.nextDeadline, session?.nextDeadline)
        earliest = Instant.earliest(earliest, Instant.earliest(options.until, stateKeeper?.nextDeadline))
        earliest = Instant.earliest(earliest, screenPower.nextDeadline)
        for service in services { earliest = Instant.earliest(earliest, service.nextDeadline) }
        // Requests wait: the next pass carries out the next budget of them, at once.
        if requests.hasWaiting { earliest = Instant.earliest(earliest, now) }
        // Dark, the scene's damage waits for the wake-up (its repaint is full anyway): only
        // input, gesture time-outs and the services wake the loop.
        let dark = appliedPower == .off && !offPending
        if !paused { earliest = Instant.earliest(earliest, runtime?.nextWakeup(now: now, outputReady: outputReady && !dark)) }
        return earliest
    }

    /// The end of a run: the last frame shown, every event out.
    private func finish() {
        guard let runtime, let backend else { return }
        runtime.flushEvents()
        defer { stateKeeper?.finish(at: now) }
        guard options.clock == .virtual else { return }
        backend.finishPendingFrame()
        if outputReady { presentFrame() }
        runtime.flushEvents()
    }

    // MARK: Frames and output

    private func presentFrame() {
        guard let runtime, let backend else { return }
        guard let damage = runtime.renderFrame(at: now) else { return }
        outputReady = false
        if firstPresented == nil { firstPresented = now }
        latency.framePresented()
        notifier?.watchdog?.framePresented(at: now)
        // May call frameDone at once (a frame the output dropped or refused).
        backend.present(runtime.renderer.frame, damage: damage, at: now)
        onFramePresented?(now)
    }

    private func frameDone(at time: Instant) {
        outputReady = true
        latency.flipCompleted(at: time)
        notifier?.watchdog?.frameDone()
        guard !ready else { return }
        ready = true
        if options.clock == .monotonic, let loop {
            log.writeLine(Self.firstFrameLine(presented: firstPresented ?? time, onScreen: time, origin: loop.clock.origin))
            log.writeLine("kiosk: ready")
        }
        notifier?.becameReady(status: statusLine())
        // What start-up freed (config parsing, font set-up) goes back to the kernel, after
        // READY=1 so as not to delay it.
        HeapPolicy.trim()
    }

    /// `STATUS=`: "showing main; 800x480 drm; 1 client".
    private func statusLine() -> String {
        ServiceNotifier.statusLine(screen: runtime?.scene.currentScreen.id, mode: backend?.output,
                                   backend: backend?.name.split(separator: " ").first.map(String.init),
                                   paused: paused, services: services.compactMap(\.statusText))
    }

    /// The scene and renderer for `mode`: made on the first mode, re-laid-out on a change.
    private func setUp(for mode: OutputMode) throws {
        let panel = mode.size
        let screen = options.rotation.screenSize(forPanel: panel)
        let design = sceneSource.designSize ?? screen
        HeapPolicy.mapBigBlocks()
        let renderer = try SceneRenderer(designSize: design, panelWidth: mode.width, panelHeight: mode.height,
                                         rotation: options.rotation)
        renderer.onFrameError = KioskSetup.reportFrameError
        renderer.shade = shade
        if let runtime {
            runtime.replaceRenderer(renderer)
        } else {
            let runtime = KioskRuntime(scene: sceneSource.make(design), renderer: renderer, start: now,
                                       calibration: options.calibration) { [unowned self] event in self.handOut(event) }
            runtime.touchInterceptor = touchInterceptor
            self.runtime = runtime
            stateKeeper?.start(with: runtime.scene, at: now)
            if options.clock == .monotonic, let stateKeeper, let loop {
                stateKeeper.writeInBackground(on: try BlockingWorker(loop: loop))
            }
        }
    }

    private func outputChanged(_ mode: OutputMode) {
        if let renderer = runtime?.renderer, renderer.frame.width == mode.width, renderer.frame.height == mode.height {
            return
        }
        do { try setUp(for: mode) } catch {
            stopReason = .closed(.failed("cannot lay out for \(mode): \(error)"))
        }
    }

    // MARK: Input

    private func handle(_ event: InputEvent) {
        guard let runtime else { return }
        switch event {
        case .touch(let touch):
            deliver(touch, to: runtime)
        case .touchFrame:
            break
        case .key(_, _, let time):
            // No control takes keys yet; they are read so that the console does not get them,
            // and they are someone being there.
            if let change = screenPower.activity(at: time).change { powerChanged(change) }
        case let .pointerMotion(position, time):
            if options.showCursor && backend?.showsPointerCursor != true {
                runtime.scene.cursorPosition = runtime.scenePosition(ofPanelPoint: position)
            }
            if let touch = pointer.moved(to: position, at: time) {
                deliver(touch, to: runtime)
            } else if let change = screenPower.activity(at: time).change {
                powerChanged(change)
            }
        case let .pointerButton(pressed, position, time):
            if let touch = pointer.button(pressed: pressed, at: position, time: time) { deliver(touch, to: runtime) }
        case let .deviceAdded(name, capabilities):
            let kinds = capabilities.description.split(separator: "+").joined(separator: ", ")
            log.writeLine("kiosk: input device added: \(name) (\(kinds))")
        case let .deviceRemoved(name):
            log.writeLine("kiosk: input device removed: \(name)")
        }
    }

    private func deliver(_ touch: TouchEvent, to runtime: KioskRuntime) {
        // The screen's power sees every touch first: the one that wakes a dark screen, and
        // every finger until it lifts, reaches no control and no gesture.
        let power = screenPower.handle(touch)
        if let change = power.change { powerChanged(change) }
        if power.consumed { return }
        touchCount += 1
        runtime.handle(touch)
        // Only touches that change pixels have a frame that shows them (a lift that only
        // commits a value has not).
        if runtime.scene.needsRedraw { latency.inputChangedScene(at: touch.time) }
    }

    // MARK: Signals and session

    private func received(_ signal: Int32) {
        switch signal {
        case SIGTERM, SIGINT: stopReason = .signal(signal)
        case SIGHUP: _ = reload()
        default: log.writeLine("kiosk: signal \(signal) ignored", priority: .warning)
        }
    }

    private func sessionChanged(_ change: SessionChange) {
        switch change {
        case .paused(let reason):
            guard !paused else { return }
            paused = true
            notifier?.watchdog?.displayPausedOrResumed()
            backend?.pause()
            input?.pause()
            log.writeLine("kiosk: \(reason); paused")
        case .resumed(let reason):
            do {
                try backend?.resume()
                try input?.resume()
                paused = false
                outputReady = true
                notifier?.watchdog?.displayPausedOrResumed()
                runtime?.renderer.invalidateAll()
                runtime?.scene.invalidateAll()
                log.writeLine("kiosk: \(reason); repainting")
            } catch {
                log.writeLine("kiosk: \(reason) but the display could not be taken back: \(error)", priority: .error)
            }
        case .lost(let reason):
            log.writeLine("kiosk: \(reason); stopping", priority: .error)
            stopReason = .sessionLost(reason)
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

    private func report(loop: EventLoop) {
        let reason: String
        switch stopReason {
        case .signal(SIGINT)?: reason = "SIGINT"
        case .signal?: reason = "SIGTERM"
        case .closed(let closure)?: reason = closure.description
        case .sessionLost(let why)?: reason = why
        case .request?, nil: reason = "request"
        }
        backend?.stop()
        session?.stop()
        log.writeLine("kiosk: stopped by \(reason); display restored")
        if let backend { log.writeLine("kiosk: \(backend.statistics.summary)") }
        log.writeLine("kiosk: \(latency.summary)")
        // Idle means idle: with nothing moving, wake-ups come only from input and frames.
        log.writeLine("kiosk: event loop: \(loop.wakeups) wake-ups in \(loop.waitCalls) epoll_wait calls over "
                      + "\(LatencyMeter.ms(loop.clock.now().milliseconds / 1000)) s")
    }
}
