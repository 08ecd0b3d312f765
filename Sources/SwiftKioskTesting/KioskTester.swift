import SwiftKiosk

/// A kiosk under test: a scene (built in code, from a config, or both) on the headless
/// display and the virtual clock, its events collected.
///
/// ```swift
/// let tester = KioskTester(scene: scene)
/// var touches = TouchSequence()
/// touches.tap(at: Point(100, 100))
/// try tester.run(touches)
/// #expect(tester.eventLines == [#"{"t": 150, "source": "light", "event": "toggled", "value": {"on": true}}"#])
/// try expectMatchesGolden(tester.screenshot(), named: "light-on")
/// ```
///
/// A run takes milliseconds: time jumps from one thing that can happen to the next, and the
/// run ends when the touches are over and nothing moves (or at `until`). The same touches give
/// the same events and pixels on every machine. Each ``run(_:until:)`` starts the pipeline
/// anew at time 0; a scene made in code keeps its state from one run to the next.
public final class KioskTester {
    /// Every event of the last run, in order, as observers and the JSON lines saw them (none
    /// kept while ``keepsEvents`` is off).
    public var events: [ControlEvent] { log.events }
    /// Whether ``events`` keeps what the run sends (default true). Off for a long stepped run
    /// that measures what a frame costs or allocates: observers still see every event, the
    /// tester keeps none.
    public var keepsEvents: Bool {
        get { log.keeps }
        set { log.keeps = newValue }
    }
    /// The panel's width, in its own orientation (a screenshot's width).
    public let panelWidth: Int
    /// The panel's height, in its own orientation (a screenshot's height).
    public let panelHeight: Int
    private let kiosk: HeadlessKiosk
    private let log: EventLog
    /// The touches a stepped run has yet to hand over, sorted by time.
    private var queued: [TouchEvent] = []
    /// The time of a stepped run's next pass; nil: no stepped run yet.
    private var nextPass: Instant?

    /// A tester around `scene`, on a panel of the scene's design size turned by `rotation`
    /// unless `panelWidth` and `panelHeight` say otherwise.
    public convenience init(scene: Scene, panelWidth: Int? = nil, panelHeight: Int? = nil,
                            rotation: DisplayRotation = .none) {
        self.init(scene: scene, panelWidth: panelWidth, panelHeight: panelHeight, rotation: rotation,
                  calibration: .identity)
    }

    /// A tester around `scene` whose touchscreen is off by `calibration`: each touch is mapped
    /// through it (then through `rotation`) before the scene sees it, as `input.calibration`
    /// of a config does; the panel as in ``init(scene:panelWidth:panelHeight:rotation:)``.
    public init(scene: Scene, panelWidth: Int? = nil, panelHeight: Int? = nil, rotation: DisplayRotation = .none,
                calibration: AffineTransform) {
        let panel = DisplaySettings.panelSize(designSize: scene.designSize, rotation: rotation)
        let log = EventLog()
        self.log = log
        kiosk = HeadlessKiosk(scene: KioskRunner.SceneSource(designSize: scene.designSize) { _ in scene },
                              panelWidth: panelWidth ?? panel.width, panelHeight: panelHeight ?? panel.height,
                              rotation: rotation, calibration: calibration, emit: { log.record($0) })
        self.panelWidth = kiosk.panelWidth
        self.panelHeight = kiosk.panelHeight
    }

    /// A tester of the kiosk `config` describes (its rotation and calibration included), with
    /// `customize` run on the scene built from it (add, replace or observe controls in code).
    public init(config: KioskConfiguration, panelWidth: Int? = nil, panelHeight: Int? = nil,
                customize: ((Scene) -> Void)? = nil) {
        let log = EventLog()
        self.log = log
        kiosk = KioskSetup.headless(config: config, panelWidth: panelWidth, panelHeight: panelHeight,
                                    customize: customize) { log.record($0) }
        self.panelWidth = kiosk.panelWidth
        self.panelHeight = kiosk.panelHeight
    }

    /// A tester of the config in `text`, checked as `kiosk check` would: the thrown
    /// ``KioskService/KioskSetup/LoadError`` lists every problem with `file`, the JSON path and
    /// the line.
    /// - Parameters:
    ///   - text: the config's JSON.
    ///   - file: the name problems are reported under.
    ///   - registry: the control types the config may use (an app's own included).
    ///   - customize: called with the scene built from the config, before it is shown.
    public convenience init(configText text: String, file: String = "test.json", registry: ControlRegistry = .standard,
                            customize: ((Scene) -> Void)? = nil) throws {
        let config = try KioskSetup.decodeConfig(text, path: FilePath(file), registry: registry)
        self.init(config: config, customize: customize)
    }

    /// Plays `touches` from time 0 until they are over and nothing moves, or `until`.
    public func run(_ touches: TouchSequence = TouchSequence(), until: Instant? = nil) throws {
        try run(events: touches.events, until: until)
    }

    /// Plays raw touch events (panel pixels, sorted by time).
    public func run(events touches: [TouchEvent], until: Instant? = nil) throws {
        log.events = []
        queued = []
        nextPass = nil
        try kiosk.run(touches: touches, until: until)
    }

    /// Adds `touches` to what ``step(until:)`` hands the kiosk.
    public func queue(_ touches: TouchSequence) { queue(events: touches.events) }

    /// Adds raw touch events (panel pixels, at their own times) to what ``step(until:)`` hands
    /// the kiosk, each at the first pass at or after its time.
    public func queue(events touches: [TouchEvent]) {
        queued += touches
        queued.sort { $0.time < $1.time }
    }

    /// Steps the kiosk as a display paced at its refresh does: a pass at time 0, one a refresh
    /// later, and so on up to `time`, the queued touches handed over at the first pass at or
    /// after their time (several between two passes arrive together, as from a touchscreen
    /// read once a frame). The first call starts the pipeline; each later one goes on from
    /// where the last stopped, and ``events`` keep every event since the start. A code change
    /// to the scene between two calls is seen by the next pass. ``run(_:until:)`` starts anew.
    public func step(until time: Instant) throws {
        if nextPass == nil {
            log.events = []
            try kiosk.start()
            nextPass = .zero
        }
        let refresh = refreshInterval
        while var pass = nextPass, pass <= time {
            while let touch = queued.first, touch.time <= pass {
                queued.removeFirst()
                kiosk.handle(touch)
            }
            _ = try kiosk.advance(to: pass)
            pass += refresh
            nextPass = pass
        }
    }

    /// Carries out one request of the control protocol on the kiosk now, as `kiosk ctl` or the
    /// socket would, and returns its reply line; the pipeline is started first if no
    /// ``step(until:)`` did yet. What it changes shows at the next pass:
    ///
    /// ```swift
    /// #expect(tester.request(#"{"op": "set", "control": "guests", "value": {"value": 4}}"#).contains(#""ok": true"#))
    /// try tester.step(until: .milliseconds(100))
    /// ```
    public func request(_ line: String) throws -> String {
        if nextPass == nil { try step(until: .zero) }
        return kiosk.request(line)
    }

    /// Hands `touch` (panel pixels, at the caller's time) to the kiosk now, before the next
    /// pass of ``step(until:)``, as a touchscreen read between two frames would: the way in
    /// for a touch made up frame by frame, without queueing.
    public func touch(_ touch: TouchEvent) { kiosk.handle(touch) }

    /// The pace of ``step(until:)``: the headless display's refresh interval (16.7 ms, 60 Hz).
    public var refreshInterval: Duration { kiosk.refreshInterval }

    /// Called after every frame shown, with its virtual time (to sample what moves).
    public var onFramePresented: ((Instant) -> Void)? {
        get { kiosk.onFramePresented }
        set { kiosk.onFramePresented = newValue }
    }

    /// The pipeline of the last run (its scene, renderer and the next thing it waits for):
    /// nil before the first.
    package var runtime: SceneRuntime? { kiosk.runtime }

    /// The events of the last run as the JSON lines `kiosk run` writes.
    public var eventLines: [String] { events.map(\.description) }

    /// The scene of the last run (nil before the first).
    public var scene: Scene? { kiosk.runtime?.scene }

    /// Where the last run ended, in virtual time.
    public var now: Instant { kiosk.now }

    /// Nothing moves and nothing waits: a device would sleep with no timeout.
    public var isIdle: Bool { kiosk.runtime.map { $0.nextWakeup(now: now, outputReady: true) == nil } ?? true }

    /// What the panel shows after the last run (in the panel's own orientation).
    public func screenshot() throws -> PixelBuffer {
        guard let scanout = kiosk.scanout else { throw KioskTesterError.noRunYet }
        return scanout
    }
}

/// The events of a run, kept apart from the tester so its headless kiosk can append to them.
private final class EventLog {
    var events: [ControlEvent] = []
    var keeps = true

    func record(_ event: ControlEvent) { if keeps { events.append(event) } }
}

/// What ``KioskTester`` cannot do.
public enum KioskTesterError: Error, CustomStringConvertible {
    /// `screenshot()` before any `run`.
    case noRunYet

    public var description: String {
        switch self {
        case .noRunYet: return "KioskTester: nothing was shown yet; call run() first"
        }
    }
}
