@preconcurrency import Glibc
import CSystemd
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskDevice
import KioskDRM
import KioskInput

/// What `kiosk run --backend drm` needs besides the config.
public struct DeviceOptions: Sendable {
    public var drm: DRMOptions
    public var rotation: DisplayRotation
    /// Evdev nodes for libinput's path backend; empty: the udev seat with hot-plug.
    public var inputDevices: [String]
    public var seat: String

    public init(drm: DRMOptions, rotation: DisplayRotation, inputDevices: [String] = [], seat: String = "seat0") {
        self.drm = drm; self.rotation = rotation; self.inputDevices = inputDevices; self.seat = seat
    }
}

/// The kiosk on real devices: DRM/KMS out, libinput in, one epoll loop, the monotonic clock.
///
/// Every pass of the loop advances the runtime to now, renders if something changed and the
/// display can take a frame, and sleeps in `epoll_wait` until the DRM fd (flip done), the
/// libinput fd (touches), the signalfd or the next deadline. With nothing moving there is no
/// deadline: the process sleeps with no timeout and draws nothing.
///
/// Signals: SIGTERM/SIGINT end the loop and put the display back as it was; SIGUSR1/SIGUSR2
/// are the VT release/acquire requests (VT_PROCESS mode); logind's PauseDevice/ResumeDevice
/// do the same when the session is switched away.
public final class DeviceRunner {
    let config: KioskConfig
    let options: DeviceOptions
    let log = LineWriter.standardError
    let emit: (ControlEvent) -> Void

    /// Replaces the config's scene (calibration): given the upright screen size, returns the
    /// scene and the size it was laid out for.
    public var makeScene: ((Size) -> (Scene, Size))?
    /// Sees every raw touch first; true consumes it (see `KioskRuntime.touchInterceptor`).
    public var touchInterceptor: ((TouchEvent) -> Bool)?
    /// Checked after every pass of the loop; true ends the run as SIGTERM would.
    public var shouldStop: (() -> Bool)?
    /// The panel size once the display is set up.
    public private(set) var panelSize: Size?

    private var stopSignal: Int32?
    private var paused = false
    private var ready = false
    private var latency = LatencyMeter()
    /// The synthetic touch slot a mouse drives (a pointer acts like one finger).
    static let pointerSlot = 63
    private var pointerDown = false
    private var pointerPosition = Point.zero

    public init(config: KioskConfig, options: DeviceOptions, emit: @escaping (ControlEvent) -> Void) {
        self.config = config
        self.options = options
        self.emit = emit
    }

    /// Runs until SIGTERM or SIGINT; returns the exit code.
    public func run() throws -> Int32 {
        let loop = try EventLoop()
        // Block the signals before anything starts a thread (libinput, sd-bus): every thread
        // inherits the mask, so only the signalfd sees them.
        let signals = try SignalSource(loop: loop) { [unowned self] signal in self.received(signal) }
        let opener = LogindSession.automatic { [log] line in log.writeLine("kiosk: \(line)") }
        let logind = opener as? LogindSession
        // A session on a background VT gets its devices without DRM master: start paused and
        // take the display when logind resumes it.
        let startPaused = (try? logind?.isActive()) == false
        let backend = try DRMBackend(options: options.drm, opener: opener, clockOrigin: loop.clock.origin,
                                     now: { loop.clock.now() }, startPaused: startPaused)
        defer { backend.restore() }
        paused = startPaused
        // Under logind the session owns the VT; alone, the kiosk sets it up itself.
        let terminal = logind == nil ? VirtualTerminal(path: nil) : nil
        do { try terminal?.enterGraphicsMode() } catch { log.writeLine("kiosk: warning: \(error)") }
        defer { terminal?.restore() }
        self.terminal = terminal
        self.backend = backend
        log.writeLine("kiosk: drm \(backend.description) rotation \(options.rotation.degrees)")

        let panel = backend.panelSize
        panelSize = panel
        let (scene, designSize) = makeScene?(options.rotation.screenSize(forPanel: panel))
            ?? (SceneBuilder.build(config), config.display.designSize)
        let renderer = try SceneRenderer(designSize: designSize, panelWidth: Int(panel.width),
                                         panelHeight: Int(panel.height), rotation: options.rotation)
        renderer.onFrameError = KioskSetup.reportFrameError
        let runtime = KioskRuntime(scene: scene, renderer: renderer, backend: backend, start: loop.clock.now(),
                                   calibration: config.input.calibrationTransform, emit: emit)
        runtime.touchInterceptor = touchInterceptor
        self.runtime = runtime
        let input = options.inputDevices.isEmpty
            ? try LibinputSeat(seat: options.seat, opener: opener, panelSize: panel, clockOrigin: loop.clock.origin)
            : try LibinputSeat(devicePaths: options.inputDevices, opener: opener, panelSize: panel,
                               clockOrigin: loop.clock.origin)
        self.input = input
        // Devices found during set-up are queued without making the fd readable.
        for event in input.dispatch() { handle(event) }

        backend.onFlip = { [unowned self] (time: Instant) in
            self.latency.flipCompleted(at: time)
            if !self.ready {
                self.ready = true
                self.log.writeLine("kiosk: ready")
                _ = sd_notify(0, "READY=1\nSTATUS=showing \(self.config.startScreen)")
            }
        }
        runtime.frameObserver = { [unowned self] (_: Instant) in self.latency.framePresented() }
        try loop.register(fd: backend.fileDescriptor) { backend.handleEvents() }
        try loop.register(fd: input.fileDescriptor) { [unowned self] in
            for event in input.dispatch() { self.handle(event) }
        }
        if let logind { try watch(logind, loop: loop) }
        let watchdog = try startWatchdog(loop)

        while stopSignal == nil {
            if shouldStop?() == true { break }
            // sd-bus reads logind's signals while it waits for replies to our own calls
            // (TakeDevice, ReleaseDevice); those sit in its queue without making the bus fd
            // readable, so the queue is drained on every pass, not only when the fd fires.
            if let logind {
                do { try logind.dispatch() } catch {
                    log.writeLine("kiosk: lost logind: \(error); stopping")
                    stopSignal = SIGTERM
                    break
                }
            }
            let now = loop.clock.now()
            runtime.advance(to: now)
            if !paused { runtime.renderFrameIfNeeded(at: now) }
            var wake = paused ? nil : runtime.nextWakeup(now: now, flipDeadline: nil)
            if let deadline = logind?.dispatchDeadline {
                let due = Instant(nanoseconds: deadline - loop.clock.origin)
                wake = min(wake ?? due, due)
            }
            try loop.runOnce(timeout: wake.map { max(.zero, $0 - loop.clock.now()) })
        }
        withExtendedLifetime((signals, watchdog)) {}
        runtime.flushEvents()
        let reason = stopSignal == SIGINT ? "SIGINT" : stopSignal == SIGTERM ? "SIGTERM" : "request"
        backend.restore()
        terminal?.restore()
        log.writeLine("kiosk: stopped by \(reason); display restored")
        log.writeLine("kiosk: \(Self.summary(backend.statistics))")
        log.writeLine("kiosk: \(latency.summary)")
        // Idle means idle: with nothing moving, wake-ups come only from input and flips.
        log.writeLine("kiosk: event loop: \(loop.wakeups) wake-ups in \(loop.waitCalls) epoll_wait calls over "
                      + "\(LatencyMeter.ms(loop.clock.now().milliseconds / 1000)) s")
        return 0
    }

    /// logind's bus: PauseDevice/ResumeDevice for the card pause and resume the display; input
    /// devices are released by `suspend()` and taken again by `resume()`.
    private func watch(_ logind: LogindSession, loop: EventLoop) throws {
        let card = options.drm.devicePath.flatMap { try? DeviceNumber(path: $0) }
        logind.onPause = { [unowned self] major, minor in
            guard major == 226, card == nil || card == DeviceNumber(major: major, minor: minor) else { return }
            self.pause(reason: "session paused")
        }
        logind.onResume = { [unowned self] major, minor, _ in
            guard major == 226, card == nil || card == DeviceNumber(major: major, minor: minor) else { return }
            self.resume(reason: "session resumed")
        }
        try loop.register(fd: logind.fileDescriptor) { [unowned self] in
            do { try logind.dispatch() } catch {
                self.log.writeLine("kiosk: lost logind: \(error); stopping")
                self.stopSignal = SIGTERM
            }
        }
    }

    static func summary(_ s: DRMStatistics) -> String {
        let percent = s.fullFrameBytes > 0 ? Int((Double(s.bytesCopied) / Double(s.fullFrameBytes) * 100).rounded()) : 0
        return "frames \(s.framesPresented), copied \(s.bytesCopied) bytes of \(s.fullFrameBytes) full-frame bytes "
            + "(\(percent) %), copy mean \(LatencyMeter.ms(s.meanCopyTime.inMilliseconds)) ms, "
            + "longest \(LatencyMeter.ms(s.longestCopy.inMilliseconds)) ms"
    }

    private var backend: DRMBackend?
    private var terminal: VirtualTerminal?
    private var runtime: KioskRuntime?
    private var input: LibinputSeat?

    // MARK: Events

    /// `KIOSK_TRACE_INPUT=1` logs every input event (for bring-up on a new touchscreen).
    private let traceInput = getenv("KIOSK_TRACE_INPUT").map { String(cString: $0) == "1" } ?? false

    private func handle(_ event: InputEvent) {
        if traceInput { log.writeLine("kiosk: input \(event)") }
        guard let runtime else { return }
        switch event {
        case .touch(let touch):
            runtime.handle(touch)
            // Only touches that change pixels have a flip that shows them (a lift that only
            // commits a value does not).
            if runtime.scene.needsRedraw { latency.inputChangedScene(at: touch.time) }
        case .touchFrame:
            break
        case let .pointerMotion(position, time):
            pointerPosition = position
            if config.input.showCursor { runtime.scene.cursorPosition = runtime.scenePosition(ofPanelPoint: position) }
            if pointerDown { runtime.handle(TouchEvent(slot: Self.pointerSlot, phase: .move, position: position, time: time)) }
        case let .pointerButton(pressed, position, time):
            pointerPosition = position
            guard pressed != pointerDown else { return }
            pointerDown = pressed
            runtime.handle(TouchEvent(slot: Self.pointerSlot, phase: pressed ? .down : .up, position: position, time: time))
        case .key:
            break   // no control takes keys yet; they are read so the console does not get them
        case let .deviceAdded(name, capabilities):
            let kinds = capabilities.description.split(separator: "+").joined(separator: ", ")
            log.writeLine("kiosk: input device added: \(name) (\(kinds))")
        case let .deviceRemoved(name):
            log.writeLine("kiosk: input device removed: \(name)")
        }
    }

    private func received(_ signal: Int32) {
        switch signal {
        case SIGTERM, SIGINT:
            stopSignal = signal
        case SIGUSR1:
            // The VT is being switched away: stop drawing, give up the display and input.
            pause(reason: "VT released")
            terminal?.acknowledgeRelease()
        case SIGUSR2:
            terminal?.acknowledgeAcquire()
            resume(reason: "VT acquired")
        default:
            log.writeLine("kiosk: signal \(signal) ignored")
        }
    }

    private func pause(reason: String) {
        guard !paused else { return }
        paused = true
        backend?.pause()
        input?.suspend()
        for event in input?.dispatch() ?? [] { handle(event) }
        log.writeLine("kiosk: \(reason); paused")
    }

    private func resume(reason: String) {
        do {
            try backend?.resume()
            try input?.resume()
            for event in input?.dispatch() ?? [] { handle(event) }
            paused = false
            runtime?.renderer.invalidateAll()
            runtime?.scene.invalidateAll()
            log.writeLine("kiosk: \(reason); repainting")
        } catch {
            log.writeLine("kiosk: \(reason) but the display could not be taken back: \(error)")
        }
    }

    /// systemd's watchdog (WatchdogSec=): ping at half the interval. Only armed when systemd
    /// asks for it; otherwise nothing wakes the loop.
    private func startWatchdog(_ loop: EventLoop) throws -> TimerSource? {
        var usec: UInt64 = 0
        guard sd_watchdog_enabled(0, &usec) > 0, usec > 0 else { return nil }
        let timer = try TimerSource(loop: loop) { _ in _ = sd_notify(0, "WATCHDOG=1") }
        let half = Duration.nanoseconds(Int64(usec) * 500)
        try timer.schedule(after: half, repeating: half)
        return timer
    }
}
