import KioskCore

/// Estimates a finger's velocity (px/s) from its recent positions.
///
/// The estimate is the least-squares slope of position over time, fitted to every sample in
/// the last `window` before the query time, each axis on its own. A touchscreen reports
/// positions with a pixel or so of jitter at 60–200 Hz; taking the first and last sample
/// turns one pixel of error at either end into up to 60 px/s, while the fit averages it over
/// every sample in the window. On a constant-speed drag both give the same, exact answer.
/// (Android's `VelocityTracker` fits a polynomial for the same reason.)
///
/// The velocity is zero when fewer than two samples lie in the window. In particular a
/// finger that stopped before it lifted has no sample in the window of the release, and
/// libinput sends no motion while a finger rests, so "no recent samples" means "not moving".
/// The touch-up itself is not a sample: it carries no position (libinput's touch-up has no
/// coordinates), and adding the last position again at the release time would drag every
/// release velocity towards zero.
///
/// The estimate is capped at `maximumSpeed`, keeping its direction; a fit that overflows
/// (positions near 1e308) counts as no velocity.
public struct VelocityEstimator: Sendable, Equatable {
    /// The fastest velocity reported, in px/s: 100 000, ten times the fastest real flings
    /// (Android caps a fling at 8 000 dp/s, some 20 000 px/s on a dense screen). Positions a
    /// nanosecond apart could otherwise give 1e15 px/s, and a panel released at that speed
    /// would hand it to a spring.
    public static let maximumSpeed = 100_000.0

    /// One position of the finger.
    public struct Sample: Sendable, Equatable {
        /// Where the finger was.
        public var position: Point
        /// When it was there.
        public var time: Instant
    }

    /// How far back from the query time samples count.
    public let window: Duration
    /// Samples, oldest first; never older than `window` before the newest one.
    public private(set) var samples: [Sample] = []

    /// An estimator that looks `window` back from each query.
    public init(window: Duration) { self.window = window }

    /// Records where the finger was at `time`.
    ///
    /// Samples are expected in time order. A sample older than the newest one means the
    /// input's clock jumped; the history before it is no longer comparable, so it is dropped.
    public mutating func add(_ position: Point, at time: Instant) {
        if let newest = samples.last, time < newest.time { samples.removeAll(keepingCapacity: true) }
        samples.append(Sample(position: position, time: time))
        // Queries never look further back than `window` before the newest sample, so older
        // samples can go; this keeps the buffer short on a 1 kHz panel too.
        let oldestUseful = time - window
        if let keepFrom = samples.firstIndex(where: { $0.time >= oldestUseful }), keepFrom > 0 {
            samples.removeFirst(keepFrom)
        }
    }

    /// The velocity at `time` in px/s, from the samples in `[time - window, time]`.
    public func velocity(at time: Instant) -> Point {
        let oldest = time - window
        // Samples are in time order, so those in the window are one run of them: a slice, not
        // a filtered copy (which would allocate on every move of a dragging finger).
        let start = samples.firstIndex { $0.time >= oldest } ?? samples.endIndex
        let end = samples[start...].firstIndex { $0.time > time } ?? samples.endIndex
        let recent = samples[start..<end]
        guard recent.count >= 2, let newest = recent.last else { return .zero }

        // Times relative to the newest sample keep the sums small and the doubles exact-ish.
        let origin = newest.time
        let n = Double(recent.count)
        var meanT = 0.0, meanX = 0.0, meanY = 0.0
        for s in recent {
            meanT += (s.time - origin).inSeconds
            meanX += s.position.x
            meanY += s.position.y
        }
        meanT /= n; meanX /= n; meanY /= n

        var stt = 0.0, stx = 0.0, sty = 0.0
        for s in recent {
            let dt = (s.time - origin).inSeconds - meanT
            stt += dt * dt
            stx += dt * (s.position.x - meanX)
            sty += dt * (s.position.y - meanY)
        }
        // All samples at the same instant: no time passed, so no velocity can be measured.
        guard stt > 0 else { return .zero }
        return Self.capped(Point(stx / stt, sty / stt))
    }

    /// `v` with its length limited to `maximumSpeed`, direction kept; zero when `v` is not
    /// finite (the fit overflowed: there is no direction to keep).
    static func capped(_ v: Point) -> Point {
        guard v.x.isFinite, v.y.isFinite else { return .zero }
        // The larger component first: squaring 1e200 would overflow `length`.
        let largest = max(abs(v.x), abs(v.y))
        guard largest > maximumSpeed / 2 else { return v }
        let unit = v * (1 / largest)
        let speed = largest * unit.length
        return speed <= maximumSpeed ? v : unit * (maximumSpeed / unit.length)
    }

    /// Forgets every sample.
    public mutating func reset() { samples.removeAll(keepingCapacity: true) }
}
