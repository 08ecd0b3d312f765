import KioskCore

/// The pace of one output: the one frame it may have in flight, whether frames may reach it
/// (active, paused, stopped), when a frame nothing reports is done (a refresh interval after
/// its present, on the loop's time), the timed copy and ``PresentStatistics``. Every backend
/// keeps one, as wlroots' `wlr_output` keeps `frame_pending`, and only does what its device
/// does to a frame: DRM flips, the framebuffer pans, Wayland commits, headless copies.
///
/// A backend's `present` goes through it like this:
///
///     guard pacer.admit(at: time) else { return }      // paused or stopped: dropped and done
///     pacer.copy(repaint) { rect in buffer.write(rect, from: frame) }
///     if flipQueued { pacer.shown(fullFrameBytes: n, at: time) }
///     else { pacer.refused(fullFrameBytes: n, error: why, at: time) }
///
/// and the device's report (a page-flip event, a frame callback, a vertical blank) is
/// ``frameDone(at:)``. The runner's `frameDone` follows exactly once for every admitted or
/// dropped frame, until ``stop()``.
///
/// Time: every instant is a parameter. `now`, when given, is the loop's clock, read only to
/// time copies (and by ``frameDone(at:)``'s callers that have no stamp of their own).
public final class OutputPacer {
    /// Who says that a frame is done.
    public enum Completion: Sendable, Equatable {
        /// The output reports it: a page-flip event, a frame callback, a vertical blank.
        case reported
        /// Nothing reports it: the frame is done this long after its present (a timer-paced
        /// framebuffer, the headless virtual vertical blank). ``nextDeadline`` says when.
        case afterRefresh(Duration)
    }

    /// Whether frames may reach the output.
    public enum Phase: String, Sendable {
        /// Frames are shown.
        case active
        /// The session is away (a VT switch, logind's PauseDevice): frames are dropped and done
        /// at once; a frame already in flight still completes.
        case paused
        /// The output is put back: frames are dropped and done at once, nothing in flight.
        case stopped
    }

    /// The one frame an output may have in flight.
    public enum Frame: Sendable, Equatable, CustomStringConvertible {
        /// None: the output may take the next frame.
        case idle
        /// Admitted and waiting for the output's report (or, on Wayland, for a free buffer).
        case awaitingOutput(presentedAt: Instant)
        /// Shown; done at this instant, when ``advance(to:)`` reaches it.
        case due(Instant)

        /// `idle`, `awaiting the output since 1.5 ms`, `due at 16.667 ms`.
        public var description: String {
            switch self {
            case .idle: "idle"
            case .awaitingOutput(let since): "awaiting the output since \(since)"
            case .due(let time): "due at \(time)"
            }
        }
    }

    /// The refresh interval of an output that does not say its own: 60 Hz, the rate every
    /// panel and compositor offers (DRM modes without a rate, fbdev drivers without timings,
    /// a `wl_output` without a mode, the headless default).
    public static let fallbackRefreshInterval = Duration.nanoseconds(16_666_667)

    /// Who completes frames; a backend may decide at start (fbdev: a vertical blank or a timer).
    public var completion: Completion
    /// Whether frames may reach the output.
    public private(set) var phase: Phase
    /// The frame in flight, if any.
    public private(set) var frame = Frame.idle
    /// What the output did so far, for the exit report.
    public private(set) var statistics = PresentStatistics()
    /// What the backend does when its frame is done, before the runner hears of it (the page
    /// that was on screen is free: `SwapChain.completeFlip`).
    public var frameCompleted: (() -> Void)?
    private var events: BackendEvents?
    private let now: (() -> Instant)?

    /// A pacer whose frames are completed by `completion`.
    /// - Parameters:
    ///   - completion: who says a frame is done: the output's report, or a refresh interval.
    ///   - now: the loop's clock, only to time copies (nil: copies are not timed).
    ///   - startPaused: frames are dropped until ``resume()`` (a logind session not active yet).
    public init(completion: Completion, now: (() -> Instant)? = nil, startPaused: Bool = false) {
        self.completion = completion
        self.now = now
        phase = startPaused ? .paused : .active
    }

    /// Where `frameDone` goes from now on (the backend's `start`).
    public func start(events: BackendEvents) { self.events = events }

    /// True while a frame is in flight: the runner may not present another.
    public var isFrameInFlight: Bool { frame != .idle }

    // MARK: Presenting

    /// Takes the frame presented at `time`, or drops it: while paused or stopped, or when the
    /// output cannot show one (`outputAvailable` false: no surface size yet, no pages), the
    /// frame is counted as dropped and done at once, so the runner may present again (a resume
    /// repaints everything). The runner presents only after `frameDone`: a second frame in
    /// flight is a programming error and traps.
    public func admit(at time: Instant, outputAvailable: Bool = true) -> Bool {
        precondition(frame == .idle, "a frame was presented while the last one is in flight (\(frame)); wait for frameDone")
        guard phase == .active, outputAvailable else {
            statistics.framesDropped += 1
            events?.frameDone(time)
            return false
        }
        frame = .awaitingOutput(presentedAt: time)
        return true
    }

    /// Copies `region` one rectangle at a time with `write` (which returns the bytes it wrote,
    /// in the output's format), timed on the loop's clock when the pacer has one.
    public func copy(_ region: DamageRegion, _ write: (Rect) -> Int) {
        let start = now?()
        for rect in region.rects { statistics.bytesCopied += write(rect) }
        if let start, let end = now?() {
            let spent = end - start
            statistics.copyTime += spent
            statistics.longestCopy = max(statistics.longestCopy, spent)
        }
    }

    /// The admitted frame went to the output (a flip queued, a pan, a commit): it is done when
    /// the output reports it, or a refresh interval after `time`. `fullFrameBytes`: what a
    /// whole frame in the output's format costs.
    public func shown(fullFrameBytes: Int, at time: Instant) {
        count(fullFrameBytes: fullFrameBytes)
        if case .afterRefresh(let interval) = completion { frame = .due(time + interval) }
    }

    /// The output refused the admitted frame (a flip or pan the kernel rejected); the frame
    /// stays in its buffer and a later one shows it. A reported output will not report a frame
    /// it refused, so the frame is done at once; a timer-paced one is still done a refresh
    /// interval later, so that a driver refusing every frame cannot spin the loop.
    public func refused(fullFrameBytes: Int, error: String, at time: Instant) {
        count(fullFrameBytes: fullFrameBytes)
        statistics.flipFailures += 1
        statistics.lastError = error
        switch completion {
        case .reported: complete(at: time)
        case .afterRefresh(let interval): frame = .due(time + interval)
        }
    }

    /// The admitted frame will not be shown after all (Wayland: it waited for a buffer of a
    /// size that is gone): dropped and done at once.
    public func abandon(at time: Instant) {
        guard frame != .idle else { return }
        statistics.framesDropped += 1
        frame = .idle
        events?.frameDone(time)
    }

    private func count(fullFrameBytes: Int) {
        statistics.framesPresented += 1
        statistics.fullFrameBytes += fullFrameBytes
    }

    // MARK: Completing

    /// The output reports the frame done at `time` (the kernel's flip stamp, a frame callback's
    /// time; nil: the time it was presented). Without a frame in flight (a late or repeated
    /// report) nothing happens.
    public func frameDone(at time: Instant? = nil) {
        switch frame {
        case .idle: return
        case .awaitingOutput(let presented): complete(at: time ?? presented)
        case .due(let due): complete(at: time ?? due)
        }
    }

    /// When a timer-paced frame is done; nil with nothing due.
    public var nextDeadline: Instant? {
        if case .due(let time) = frame { return time }
        return nil
    }

    /// Completes a timer-paced frame whose time has come.
    public func advance(to time: Instant) {
        if case .due(let due) = frame, due <= time { complete(at: due) }
    }

    /// Completes the frame in flight now, at the time it would have been done (its due time,
    /// or its present when the output reports it): at the end of a virtual-clock run, so that
    /// the last frame is what the output shows, and on resume.
    public func finishPendingFrame() {
        switch frame {
        case .idle: return
        case .awaitingOutput(let time), .due(let time): complete(at: time)
        }
    }

    private func complete(at time: Instant) {
        frame = .idle
        statistics.flipsCompleted += 1
        frameCompleted?()
        events?.frameDone(time)
    }

    // MARK: Session

    /// The session went away: frames are dropped until ``resume()``; one in flight completes.
    public func pause() {
        guard phase == .active else { return }
        phase = .paused
    }

    /// The session is back: the frame still in flight is finished (the backend set its
    /// buffers up anew and the runner repaints everything), and frames are shown again.
    public func resume() {
        guard phase == .paused else { return }
        finishPendingFrame()
        phase = .active
    }

    /// The output is put back: the frame in flight is forgotten (nothing is reported after a
    /// stop) and frames are dropped from now on. Idempotent.
    public func stop() {
        phase = .stopped
        frame = .idle
    }

    /// Keeps a mode or restore error for the exit report.
    public func record(error: String) { statistics.lastError = error }
}
