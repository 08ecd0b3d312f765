import KioskCore
import KioskLoop

/// A display that exists only in memory, for tests and CI: what it shows is the frame last
/// presented, and vertical blank is faked (a frame is done one refresh interval after it was
/// presented), so headless runs pace frames like a real 60 Hz panel. Input is a touch script
/// it plays itself, each touch at its time, as a touchscreen would report it.
///
/// Its scanout is the presented frame itself, not a copy: a DRM backend copies the damage
/// into a dumb buffer because scanout memory is write-combined and the shadow frame is drawn
/// while the last one is scanned out, but here the "scanout" is ordinary memory that nothing
/// reads while the next frame is drawn (the runner draws only after `frameDone`), so a second
/// full-size buffer (8 MB at 1920x1080) would hold nothing the frame does not. Statistics count
/// the damage a scanout copy would move, as on DRM.
///
/// Everything is driven through `advance(to:)` and `nextDeadline`, never a clock, so on the
/// runner's virtual clock a run is deterministic (same script, same events, same pixels) and
/// takes milliseconds; on the real clock the same backend runs in real time.
public final class HeadlessBackend: DisplayBackend {
    /// The size and refresh it pretends to have; fixed for the backend's life.
    public let mode: OutputMode
    /// What the panel shows: the last frame presented, seen as XRGB8888 (its alpha is not
    /// scanned out), in panel orientation; black before the first frame.
    public var scanout: PixelBuffer {
        if let shown { return shown }
        // The size was checked in init, so this allocation cannot be refused.
        if blank == nil { blank = try! PixelBuffer(width: mode.width, height: mode.height, format: .xrgb32) }
        return blank!
    }
    /// The presented frame's memory as XRGB8888, remade only when another frame buffer comes.
    private var shown: PixelBuffer?
    private var blank: PixelBuffer?
    /// Paces frames like the panel it pretends to be: each one is done a refresh after its present.
    public let pacer: OutputPacer
    /// What the script delivers, with its time (every scripted event has one).
    private var script: [(time: Instant, event: InputEvent)]
    private var nextTouch = 0
    private var events: BackendEvents?
    /// The display's power as the runner last set it (the scanout itself is black when off
    /// and shaded when dimmed: the renderer paints that).
    public private(set) var power = DisplayPower.on
    /// Every power change, in order, for tests.
    public private(set) var powerChanges: [DisplayPower] = []

    /// A virtual output of `width` × `height` pixels; throws when no buffer of that size can be made.
    ///
    /// - Parameters:
    ///   - width: the panel's width in pixels, in its own orientation.
    ///   - height: the panel's height in pixels, in its own orientation.
    ///   - refreshInterval: how long a presented frame takes to be done, like a vertical blank (60 Hz by default).
    ///   - script: touches in panel pixels, sorted by time (`TouchScript.parse`).
    ///   - input: touches, keys and text, sorted by time (`TouchScript.parseInput`), delivered
    ///     after `script`'s events of the same time.
    public init(width: Int, height: Int, refreshInterval: Duration = OutputPacer.fallbackRefreshInterval,
                script: [TouchEvent] = [], input: [InputEvent] = []) throws(PixelBufferSizeError) {
        // The size is checked as it was when the backend had a buffer of its own.
        try PixelBuffer.checkSize(width: width, height: height)
        mode = OutputMode(width: width, height: height, refreshInterval: refreshInterval)
        pacer = OutputPacer(completion: .afterRefresh(refreshInterval))
        // A stable merge by time: the two lists are each in order already.
        var merged = (script.map(InputEvent.touch) + input).map { (time: $0.time ?? .zero, event: $0) }
        if !script.isEmpty && !input.isEmpty {
            merged = merged.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }.map(\.element)
        }
        self.script = merged
    }

    public var name: String { "headless \(mode.width)x\(mode.height)" }
    public var output: OutputMode? { mode }
    public var deliversInput: Bool { true }

    /// True once every scripted touch, key and text has been delivered.
    public var scriptIsOver: Bool { nextTouch == script.count }

    public func start(loop: EventLoop, events: BackendEvents) throws {
        self.events = events
        pacer.start(events: events)
    }

    /// Called with every frame shown and its damage (the benchmark copies the damage into a
    /// scanout of its own there, as a real display would).
    public var onPresent: ((PixelBuffer, DamageRegion) -> Void)?

    public func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        guard pacer.admit(at: time) else { return }
        precondition(frame.width == mode.width && frame.height == mode.height,
                     "a \(frame.width)x\(frame.height) frame on a \(mode.width)x\(mode.height) display")
        if shown?.bytes != frame.bytes {
            shown = PixelBuffer(width: frame.width, height: frame.height, stride: frame.stride, bytes: frame.bytes,
                                owner: frame, format: .xrgb32)
        }
        // Nothing is copied (the frame is the scanout); the statistics count what a scanout
        // copy would move, as on DRM.
        pacer.copy(damage) { rect in Int(rect.width) * Int(rect.height) * 4 }
        pacer.shown(fullFrameBytes: mode.width * mode.height * 4, at: time)
        onPresent?(frame, damage)
    }

    public var statistics: PresentStatistics { pacer.statistics }

    public var nextDeadline: Instant? {
        let touch = nextTouch < script.count ? script[nextTouch].time : nil
        return Instant.earliest(pacer.nextDeadline, touch)
    }

    /// Completes the frame whose vertical blank has come, then delivers the touches that are due.
    public func advance(to time: Instant) {
        pacer.advance(to: time)
        while nextTouch < script.count, script[nextTouch].time <= time {
            let event = script[nextTouch].event
            nextTouch += 1
            events?.input(event)
        }
    }

    /// Completes a frame still waiting for its vertical blank, at the end of a run, so that the
    /// screenshot shows the last frame and the runner may draw what is still damaged.
    public func finishPendingFrame() { pacer.finishPendingFrame() }

    /// Frames are dropped and done at once until ``resume()``, as on a device whose session
    /// went away (no runner pauses a headless display: it has no session).
    public func pause() { pacer.pause() }

    /// Frames are shown again (the one in flight is finished first).
    public func resume() { pacer.resume() }

    public func setScreenPower(_ power: DisplayPower) {
        precondition(!pacer.isFrameInFlight || power != .off, "the display was turned off with a frame in flight")
        self.power = power
        powerChanges.append(power)
    }

    /// Frames after this are dropped and done at once, like every backend's after its stop.
    public func stop() { pacer.stop() }
}
