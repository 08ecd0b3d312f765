import KioskBackend
import KioskCore
import KioskUI

/// A ``Kiosk`` on the headless backend and the virtual clock: `kiosk run --backend headless`,
/// `kiosk calibrate --backend headless`, the fuzzers, the tests and `SwiftKioskTesting` all
/// assemble it here.
///
/// `run(touches:until:)` plays a touch script through the one runner (`KioskRunner`): time
/// jumps straight to the next thing that can happen (a scripted touch, a frame, a gesture
/// time-out), so a run takes milliseconds of real time and gives the same events and pixels on
/// every machine. It ends at `until`, or else when the script is over and nothing moves.
///
/// Stepped instead (`start(touches:)`, then `advance(to:)` for each frame wanted, `end()`), the
/// same runner does one pass at each time given: what a benchmark or a test that acts between
/// frames needs. A frame is done one refresh interval (`refreshInterval`) after it was
/// presented, so frames a refresh apart each draw what changed.
public final class HeadlessKiosk {
    /// The virtual panel's width in pixels, in its own orientation.
    public let panelWidth: Int
    /// The virtual panel's height in pixels, in its own orientation.
    public let panelHeight: Int
    /// How the panel is mounted: pixels and touches are turned by this.
    public let rotation: DisplayRotation
    private let scene: KioskRunner.SceneSource
    private let calibration: AffineTransform
    private let emit: (ControlEvent) -> Void
    /// Sees every raw touch first; true consumes it (calibration).
    public var touchInterceptor: ((TouchEvent) -> Bool)?
    /// Called after every presented frame with its virtual time.
    public var onFramePresented: ((Instant) -> Void)?
    private var kiosk: Kiosk?

    /// A headless kiosk showing `scene` on a virtual panel of `panelWidth` × `panelHeight`
    /// pixels, mapping touches through `calibration` then `rotation`, handing every control
    /// event to `emit`.
    package init(scene: KioskRunner.SceneSource, panelWidth: Int, panelHeight: Int, rotation: DisplayRotation = .none,
                calibration: AffineTransform = .identity, emit: @escaping (ControlEvent) -> Void) {
        self.scene = scene
        self.panelWidth = panelWidth
        self.panelHeight = panelHeight
        self.rotation = rotation
        self.calibration = calibration
        self.emit = emit
    }

    /// Plays `touches` (panel pixels, sorted by time) from virtual time 0.
    public func run(touches: [TouchEvent], until: Instant? = nil) throws {
        _ = try makeKiosk(touches: touches, until: until).run()
    }

    /// How long the virtual panel takes to show a frame, the least time between frames of a
    /// stepped run: the display's own once started, before that the 60 Hz every headless
    /// display is made with (`OutputPacer.fallbackRefreshInterval`).
    public var refreshInterval: Duration { backend?.mode.refreshInterval ?? OutputPacer.fallbackRefreshInterval }

    /// Starts a stepped run at virtual time 0: the scene is built and its first frame drawn;
    /// `touches` (panel pixels, sorted by time) are played as `advance(to:)` reaches their times.
    public func start(touches: [TouchEvent] = []) throws {
        let runner = makeKiosk(touches: touches, until: nil).makeRunner()
        try runner.start()
        try runner.advance(to: .zero)
    }

    /// One pass of a stepped run at `time` (later than the last): the touches due, the
    /// simulation, and a frame if something changed and the last frame is done. False once
    /// the run is over (a touch interceptor asked for the end, say).
    @discardableResult
    public func advance(to time: Instant) throws -> Bool {
        guard let runner = kiosk?.runner else { preconditionFailure("advance(to:) before start(touches:)") }
        return try runner.advance(to: time)
    }

    /// Carries out one request of the control protocol (Contracts.md, "Control socket") on the
    /// kiosk of a stepped run, at once, as its socket would, and returns the one reply line:
    /// `request(#"{"op": "set", "control": "title", "value": {"text": "Total: 9.60 €"}}"#)`.
    /// What it changes shows, and the events it causes go out, at the next `advance(to:)`.
    public func request(_ line: String) -> String {
        guard let runner = kiosk?.runner else { preconditionFailure("request(_:) before start(touches:)") }
        return ControlRequestHandler(target: runner).reply(to: line).line
    }

    /// A finger in a stepped run, now (`touch.time` is its time), in panel pixels: as the
    /// touchscreen would report it, through the screen's power to the scene.
    public func handle(_ touch: TouchEvent) {
        guard let runner = kiosk?.runner else { preconditionFailure("handle(_:) before start(touches:)") }
        runner.deliver(touch)
    }

    /// When the last pass of a stepped run would have woken next: nil when nothing moves and
    /// nothing waits (a device would sleep with no timeout).
    public var nextWakeup: Instant? { kiosk?.runner?.nextWakeup }

    /// Ends a stepped run: the last frame done and shown, every event out.
    public func end() {
        _ = kiosk?.runner?.end()
    }

    private func makeKiosk(touches: [TouchEvent], until: Instant?) -> Kiosk {
        let kiosk = Kiosk(scene: scene, display: DisplayRequest(backend: .headless, headlessSize: (panelWidth, panelHeight),
                                                                script: touches),
                          rotation: rotation, calibration: calibration)
        kiosk.clock = .virtual
        kiosk.until = until
        kiosk.emit = emit
        kiosk.touchInterceptor = touchInterceptor
        kiosk.onFramePresented = onFramePresented
        self.kiosk = kiosk
        return kiosk
    }

    /// The pipeline of the last run (nil before the first).
    package var runtime: SceneRuntime? { kiosk?.runtime }
    /// Where the last run ended, in virtual time.
    public var now: Instant { kiosk?.now ?? .zero }
    /// What the panel shows after the last run.
    public var scanout: PixelBuffer? { kiosk?.scanout }
    /// The display of the last run: its `scanout` is what the panel shows.
    public var backend: HeadlessBackend? { kiosk?.runner?.backend as? HeadlessBackend }
}
