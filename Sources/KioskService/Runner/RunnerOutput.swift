import KioskBackend
import KioskCore
import KioskDevice
import KioskLoop

/// The runner's output side: the display a run draws on and what comes with it (the backend,
/// its session, the input devices, the backlight), and the state of showing frames on it:
/// whether the output can take a frame, whether the session paused it, whether the first
/// frame is on screen, the touch-to-frame latency, and the mouse as one finger.
///
/// It knows pixels and input events, never a scene: what it sees goes to the host side
/// (`RunnerHost`) through `Events`.
final class RunnerOutput {
    /// What the output tells the host.
    struct Events {
        /// A finger (a touch, or the mouse acting as one), in panel pixels.
        var touch: (TouchEvent) -> Void
        /// Someone is there without touching (a key, a mouse moving without a button).
        var activity: (Instant) -> Void
        /// A key did something (what is for the scene to say).
        var key: (KeyAction, Instant) -> Void
        /// Text typed at once by a device (a scanner's scan, a touch script's `text`).
        var text: (_ text: String, _ device: String?, Instant) -> Void
        /// The mouse moved to a panel position (for the cursor).
        var pointerMoved: (Point) -> Void
        /// The output took a frame; `first` for the first one a run shows.
        var frameDone: (_ time: Instant, _ first: Bool) -> Void
        /// The output's size, refresh or scale changed.
        var outputChanged: (OutputMode) -> Void
        /// The session took the devices away (`paused` true) or gave them back (false: then
        /// everything must be repainted).
        var sessionChanged: (_ paused: Bool) -> Void
        /// The run must end (the backend closed, the session was lost).
        var stop: (KioskRunner.StopReason) -> Void
    }

    let backend: DisplayBackend
    let session: Session?
    /// The panel's backlight, which dims and darkens the screen (DRM, framebuffer); nil: the
    /// renderer's shade does.
    let backlight: Backlight?
    /// The output can take the next frame (its `frameDone` for the last one came).
    private(set) var isReady = true
    /// The session took the devices away (a VT switch, logind's PauseDevice).
    private(set) var isPaused = false
    /// The first frame is on screen (READY=1 went out).
    private(set) var showedFirstFrame = false
    /// When the first frame went to the backend (for the start-up line).
    private(set) var firstPresented: Instant?
    private(set) var latency = LatencyMeter()

    private let loop: EventLoop
    private let log: LineWriter
    private var events: Events?
    /// Makes the input source, for backends that do not deliver input; used once (see `openInputIfDue`).
    private var makeInput: ((OutputMode) throws -> InputSource)?
    private var input: InputSource?
    private var pointer = PointerFinger()
    /// Input reaches the host only once it has a scene to give it to.
    var acceptsInput = false

    init(display: KioskRunner.Display, loop: EventLoop, log: LineWriter) {
        backend = display.backend
        session = display.session
        backlight = display.backlight
        makeInput = display.input
        self.loop = loop
        self.log = log
    }

    /// Starts the session and the backend; from now on `events` hears of them.
    func start(events: Events) throws {
        self.events = events
        if let session {
            try session.start(loop: loop) { [unowned self] change in self.sessionChanged(change) }
            isPaused = !session.isActive
        }
        try backend.start(loop: loop, events: BackendEvents(
            frameDone: { [unowned self] time in self.frameDone(at: time) },
            outputChanged: { [unowned self] mode in self.events?.outputChanged(mode) },
            input: { [unowned self] event in self.handle(event) },
            closed: { [unowned self] closure in self.events?.stop(.closed(closure)) }))
    }

    /// Puts the display back as it was: the backlight, the mode, the VT.
    func stop() {
        backlight?.restore()
        backend.stop()
        session?.stop()
    }

    /// The session's state and the backend's own timers, up to `now`.
    func advance(to now: Instant) {
        session?.poll()
        backend.advance(to: now)
    }

    /// A frame may be drawn now: not paused, and the output took the last one.
    var canTakeFrame: Bool { !isPaused && isReady }

    /// Hands a frame to the backend (it may be done at once: a frame the output dropped).
    func present(_ frame: PixelBuffer, damage: DamageRegion, at now: Instant) {
        isReady = false
        if firstPresented == nil { firstPresented = now }
        latency.framePresented()
        backend.present(frame, damage: damage, at: now)
    }

    /// A touch changed the scene: its latency is measured to the frame that shows it.
    func inputChangedScene(at time: Instant) { latency.inputChangedScene(at: time) }

    /// When the output must be called again without a descriptor being ready.
    var nextDeadline: Instant? { Instant.earliest(backend.nextDeadline, session?.nextDeadline) }

    /// The input devices open once the first frame is on screen, or when none is coming (the
    /// session starts paused; nothing was drawn and nothing is in flight). libinput's udev
    /// enumeration (every evdev node, its quirks) takes as long as everything before the first
    /// frame; done before it, it delays the picture, and done while the first flip is in
    /// flight it competes with the kernel's commit work and delays the flip (measured in the
    /// VM: Tests/VM/startup-time.sh). Nothing can touch a screen that shows nothing yet, and
    /// READY=1 means the screen shows the UI.
    func openInputIfDue() throws {
        guard let make = makeInput, showedFirstFrame || isPaused || (isReady && firstPresented == nil),
              let mode = backend.output else { return }
        makeInput = nil
        let source = try make(mode)
        input = source
        try source.start(loop: loop) { [unowned self] event in self.handle(event) }
    }

    /// The last frame of a virtual-clock run: the one in flight done at once.
    func finishPendingFrame() { backend.finishPendingFrame() }

    // MARK: What the backend and the session say

    private func frameDone(at time: Instant) {
        isReady = true
        latency.flipCompleted(at: time)
        let first = !showedFirstFrame
        showedFirstFrame = true
        events?.frameDone(time, first)
    }

    private func handle(_ event: InputEvent) {
        guard let events, acceptsInput else { return }
        switch event {
        case .touch(let touch):
            events.touch(touch)
        case .touchFrame:
            break
        case .key(_, _, let time):
            // A key code needs the keyboard's layout, which comes with hardware keyboards; until
            // then they are read so that the console does not get them, and are someone there.
            events.activity(time)
        case let .namedKey(name, pressed, time):
            // A key acts as it goes down; its release is someone there.
            if pressed, let action = KeyAction.named(name) { events.key(action, time) } else { events.activity(time) }
        case let .text(text, device, time):
            events.text(text, device, time)
        case let .pointerMotion(position, time):
            events.pointerMoved(position)
            if let touch = pointer.moved(to: position, at: time) { events.touch(touch) } else { events.activity(time) }
        case let .pointerButton(pressed, position, time):
            if let touch = pointer.button(pressed: pressed, at: position, time: time) { events.touch(touch) }
        case let .deviceAdded(name, capabilities):
            let kinds = capabilities.description.split(separator: "+").joined(separator: ", ")
            log.log("input device added: \(name) (\(kinds))")
        case let .deviceRemoved(name):
            log.log("input device removed: \(name)")
        }
    }

    /// Pauses display and input together, and takes them back together.
    private func sessionChanged(_ change: SessionChange) {
        switch change {
        case .paused(let reason):
            guard !isPaused else { return }
            isPaused = true
            events?.sessionChanged(true)
            backend.pause()
            input?.pause()
            log.log("\(reason); paused")
        case .resumed(let reason):
            do {
                try backend.resume()
                try input?.resume()
                isPaused = false
                isReady = true
                events?.sessionChanged(false)
                log.log("\(reason); repainting")
            } catch {
                log.log("\(reason) but the display could not be taken back: \(error)", priority: .error)
            }
        case .lost(let reason):
            log.log("\(reason); stopping", priority: .error)
            events?.stop(.sessionLost(reason))
        }
    }
}
