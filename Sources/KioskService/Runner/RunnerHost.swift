import KioskBackend
import KioskConfig
import KioskCore
import KioskLoop
import KioskRender
import KioskUI

/// The runner's host side: what a run shows and who talks to it. The pipeline (`SceneRuntime`:
/// scene and renderer, made once the output's size is known, re-laid-out when it changes), its
/// reload, the screen's power, the state file, the services (the control socket, MQTT) and the
/// requests they bring, and systemd's notifier. It draws into frames and hands them to the
/// output side (`RunnerOutput`), and knows no backend beyond that.
final class RunnerHost {
    /// How the scene is made; a reload replaces it.
    var sceneSource: KioskRunner.SceneSource
    let options: KioskRunner.Options
    let log: LineWriter
    private let emit: (ControlEvent) -> Void
    let touchInterceptor: ((TouchEvent) -> Bool)?
    let onFramePresented: ((Instant) -> Void)?
    let stateKeeper: StateKeeper?
    let services: [RunnerService]
    let reloadSource: (() throws -> KioskRunner.SceneSource)?
    let notifier: ServiceNotifier?

    /// The pipeline, once the output's size is known.
    private(set) var runtime: SceneRuntime?
    /// The time of the current pass.
    var now = Instant.zero
    /// The number of the last event handed out (`RunnerService.eventHandedOut`); 0: none yet.
    private(set) var eventSequence = 0
    /// Touches, pointer presses and moves delivered to the runtime.
    private(set) var touchCount = 0

    /// The screen's power: dim, off, the swallowed waking touch (see `RunnerHost+Power`).
    var screenPower: ScreenPower
    /// The power the display (and backlight, and shade) has been given.
    var appliedPower = DisplayPower.on
    /// The display's own off waits for the black frame in flight to be done.
    var offPending = false

    /// The output it draws on; set once the display is made.
    var output: RunnerOutput?
    /// Remote requests (socket, MQTT), carried out a budget per pass of the loop.
    let requests: ControlRequestQueue
    /// The decoded images, kept across renderers (a change of the output's size re-lays out
    /// the scene; what is still shown at the same size stays decoded).
    private(set) lazy var images = ImageCache(maximumBytes: options.imageCacheBytes)

    init(runner: KioskRunner, loop: EventLoop, notifier: ServiceNotifier?) {
        sceneSource = runner.sceneSource
        options = runner.options
        log = runner.log
        emit = runner.emit
        touchInterceptor = runner.touchInterceptor
        onFramePresented = runner.onFramePresented
        stateKeeper = runner.stateKeeper
        services = runner.services
        reloadSource = runner.reloadSource
        self.notifier = notifier
        screenPower = ScreenPower(settings: runner.options.power, at: .zero)
        requests = ControlRequestQueue(target: runner, loop: runner.options.clock == .monotonic ? loop : nil)
    }

    // MARK: The scene and the renderer

    /// The scene and renderer for `mode`: made on the first mode, re-laid-out on a change.
    func setUp(for mode: OutputMode, loop: EventLoop) throws {
        let panel = mode.size
        let screen = options.rotation.screenSize(forPanel: panel)
        let design = sceneSource.designSize ?? screen
        HeapPolicy.mapBigBlocks()
        let renderer = try makeRenderer(designSize: design, width: mode.width, height: mode.height)
        if let runtime {
            runtime.replaceRenderer(renderer)
        } else {
            // Every text's fonts open now, not on the first frame that shows them.
            if let config = sceneSource.config { renderer.preloadFonts(MachineFonts.preloadTexts(of: config)) }
            let runtime = SceneRuntime(scene: sceneSource.make(design), renderer: renderer, start: now,
                                       calibration: options.calibration,
                                       properties: makeProperties(of: sceneSource)) { [unowned self] event in self.handOut(event) }
            runtime.touchInterceptor = touchInterceptor
            self.runtime = runtime
            output?.acceptsInput = true
            stateKeeper?.start(with: runtime.scene, properties: runtime.properties, at: now)
            runtime.refreshTextTemplates()
            if options.clock == .monotonic, let stateKeeper {
                stateKeeper.writeInBackground(on: try BlockingWorker(loop: loop))
            }
        }
    }

    /// The owner's properties of `source`'s controls; a refused image source's whereabouts,
    /// which the reply leaves out, go to the journal.
    func makeProperties(of source: KioskRunner.SceneSource) -> PropertyModel {
        let properties = PropertyModel(config: source.config, images: source.images)
        let log = log
        properties.refusals = { line in log.log("refused an image source: \(line)", priority: .warning) }
        return properties
    }

    /// The one place a renderer is made: at `designSize` for a panel of `width` × `height`,
    /// reporting frames it could not draw, shaded as the screen's power says.
    func makeRenderer(designSize: Size, width: Int, height: Int) throws -> SceneRenderer {
        let renderer = try SceneRenderer(designSize: designSize, panelWidth: width, panelHeight: height,
                                         rotation: options.rotation, images: images)
        renderer.onFrameError = KioskSetup.reportFrameError
        renderer.shade = shade
        return renderer
    }

    /// The output changed size: re-lay out (nothing when the frame already has that size).
    func outputChanged(_ mode: OutputMode, loop: EventLoop) throws {
        if let renderer = runtime?.renderer, renderer.frame.width == mode.width, renderer.frame.height == mode.height {
            return
        }
        try setUp(for: mode, loop: loop)
    }

    // MARK: A pass of the loop

    /// Everything due by `now`: the services and their requests, the simulation, the power.
    func advance(to now: Instant) {
        self.now = now
        for service in services { service.advance(to: now) }
        requests.beginPass()
        runtime?.advance(to: now)
        for change in screenPower.advance(to: now) { powerChanged(change, origin: .kiosk) }
    }

    /// The output can take a frame: draws and presents one if something changed (dark, only
    /// the events go out), and turns the display off once its black frame is done.
    func drawFrame(on output: RunnerOutput) {
        if appliedPower == .off && !offPending {
            runtime?.flushEvents()   // dark: the scene may change, nothing is drawn
        } else {
            presentFrame(on: output)
        }
        if output.isReady && offPending { finishTurningOff() }
    }

    private func presentFrame(on output: RunnerOutput) {
        guard let runtime, let damage = runtime.renderFrame(at: now) else { return }
        notifier?.watchdog?.framePresented(at: now)
        // May call frameDone at once (a frame the output dropped or refused).
        output.present(runtime.renderer.frame, damage: damage, at: now)
        onFramePresented?(now)
        // Process-wide malloc policy is the runner's: a frame that dropped retained layers
        // hands the freed pages back.
        if runtime.renderer.releasedMemory {
            runtime.renderer.releasedMemory = false
            HeapPolicy.trim()
        }
    }

    /// After the frame: the status line and the state file.
    func finishPass() {
        notifier?.update(status: statusLine())
        stateKeeper?.advance(to: now)
    }

    /// When the loop must come back: the host's own deadlines and, unless paused, the
    /// pipeline's (dark, the scene's damage waits for the wake-up: only input, gesture
    /// time-outs and the services wake the loop).
    func nextDeadline(outputReady: Bool, paused: Bool) -> Instant? {
        // Folded one by one, not collected in an array: every pass of the loop asks.
        var earliest = Instant.earliest(options.until, stateKeeper?.nextDeadline)
        earliest = Instant.earliest(earliest, screenPower.nextDeadline)
        for service in services { earliest = Instant.earliest(earliest, service.nextDeadline) }
        // Requests wait: the next pass carries out the next budget of them, at once.
        if requests.hasWaiting { earliest = Instant.earliest(earliest, now) }
        let dark = appliedPower == .off && !offPending
        if !paused { earliest = Instant.earliest(earliest, runtime?.nextWakeup(now: now, outputReady: outputReady && !dark)) }
        return earliest
    }

    // MARK: Input

    /// A finger (or the mouse acting as one). The screen's power sees every touch first: the
    /// one that wakes a dark screen, and every finger until it lifts, reaches no control and
    /// no gesture.
    func deliver(_ touch: TouchEvent) {
        guard let runtime else { return }
        let power = screenPower.handle(touch)
        if let change = power.change { powerChanged(change, origin: .touch) }
        if power.consumed { return }
        touchCount += 1
        runtime.handle(touch)
        // Only touches that change pixels have a frame that shows them (a lift that only
        // commits a value has not).
        if runtime.scene.needsRedraw { output?.inputChangedScene(at: touch.time) }
    }

    /// A key or typed text: someone is there, and the scene does what it asks (a screen the
    /// key woke takes it too: the keyboard has no "first touch only wakes" of its own).
    func deliver(_ action: KeyAction, at time: Instant) {
        typed(at: time) { $0.handle(action, at: time) }
    }

    /// Text typed at once by `device`: a scanner's scan, or typing into the focused field.
    func deliver(text: String, from device: String?, at time: Instant) {
        typed(at: time) { $0.handle(text: text, from: device, at: time) }
    }

    /// What every key and text is: someone there, then the runtime's, then a frame if the
    /// scene changed.
    private func typed(at time: Instant, _ handle: (SceneRuntime) -> Void) {
        activity(at: time)
        guard let runtime else { return }
        handle(runtime)
        if runtime.scene.needsRedraw { output?.inputChangedScene(at: time) }
    }

    /// Someone is there (a key, the mouse moving).
    func activity(at time: Instant) {
        if let change = screenPower.activity(at: time).change { powerChanged(change, origin: .touch) }
    }

    /// The mouse moved: the cursor follows it when the config shows one and the backend draws none.
    func pointerMoved(to position: Point) {
        guard let runtime, options.showCursor, output?.backend.showsPointerCursor != true else { return }
        runtime.scene.cursorPosition = runtime.scenePosition(ofPanelPoint: position)
    }

    // MARK: Frames and readiness

    /// The output took a frame; the first one makes the kiosk ready.
    func frameDone(at time: Instant, first: Bool, loop: EventLoop) {
        notifier?.watchdog?.frameDone()
        guard first else { return }
        if options.clock == .monotonic {
            log.writeLine(KioskRunner.firstFrameLine(presented: output?.firstPresented ?? time, onScreen: time,
                                                     origin: loop.clock.origin))
            log.log("ready")
        }
        notifier?.becameReady(status: statusLine())
        // What start-up freed (config parsing, font set-up) goes back to the kernel, after
        // READY=1 so as not to delay it.
        HeapPolicy.trim()
    }

    /// The session took the display away or gave it back (repainted in full).
    func sessionChanged(paused: Bool) {
        notifier?.watchdog?.displayPausedOrResumed()
        guard !paused else { return }
        runtime?.renderer.invalidateAll()
        runtime?.scene.invalidateAll()
    }

    /// `STATUS=`: "showing main; 800x480 drm; 1 client".
    func statusLine() -> String {
        ServiceNotifier.statusLine(screen: runtime?.scene.currentScreen.id, mode: output?.backend.output,
                                   backend: output?.backend.name.split(separator: " ").first.map(String.init),
                                   paused: output?.isPaused ?? false, services: services.compactMap(\.statusText))
    }

    /// The end of a run: every event out, the state written; on the virtual clock also the
    /// last frame shown.
    func finish() {
        guard let runtime, let output else { return }
        runtime.flushEvents()
        defer { stateKeeper?.finish(at: now) }
        guard options.clock == .virtual else { return }
        output.finishPendingFrame()
        if output.isReady { presentFrame(on: output) }
        runtime.flushEvents()
    }

    /// Every event as it goes out: the JSON line through `emit`, then to the services.
    func handOut(_ event: ControlEvent) {
        eventSequence += 1
        emit(event)
        guard !services.isEmpty else { return }
        let line = event.jsonLine   // once, for every service
        for service in services { service.eventHandedOut(event, line: line, sequence: eventSequence) }
    }
}
