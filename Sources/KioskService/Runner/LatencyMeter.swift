import KioskCore

/// Touch-to-screen latency: from a touch event's own time (the kernel's, via libinput) to the
/// page-flip timestamp of the first frame that shows its effect.
///
/// A kiosk runs for months, so the meter's memory is fixed: it keeps the latest
/// `keptSamples` samples for the median (every sample of a shorter run) and the worst of all,
/// and its lists are reused from frame to frame (a frame allocates nothing here).
struct LatencyMeter {
    /// How many of the latest samples the median is taken over.
    static let keptSamples = 4096

    /// Inputs that changed the scene and wait for a frame.
    private var waitingForFrame: [Instant] = []
    /// Inputs whose frame was presented and waits for its flip.
    private var waitingForFlip: [Instant] = []
    /// The latest samples, in milliseconds: a ring once it is full (`next` is the oldest).
    private var samples: [Double] = []
    private var next = 0
    /// Every sample taken.
    private(set) var count = 0
    /// The longest of all.
    private var worst = 0.0

    mutating func inputChangedScene(at time: Instant) { waitingForFrame.append(time) }

    mutating func framePresented() {
        waitingForFlip.append(contentsOf: waitingForFrame)
        waitingForFrame.removeAll(keepingCapacity: true)
    }

    mutating func flipCompleted(at time: Instant) {
        for input in waitingForFlip { record((time - input).inMilliseconds) }
        waitingForFlip.removeAll(keepingCapacity: true)
    }

    private mutating func record(_ ms: Double) {
        count += 1
        worst = max(worst, ms)
        if samples.count < Self.keptSamples {
            if samples.isEmpty { samples.reserveCapacity(Self.keptSamples) }
            samples.append(ms)
        } else {
            samples[next] = ms
            next = (next + 1) % Self.keptSamples
        }
    }

    var summary: String {
        guard count > 0 else { return "input-to-flip latency: no samples" }
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2]
        let over = count > samples.count ? " over the last \(samples.count)" : ""
        return "input-to-flip latency median\(over) \(NumberFormat.fixed(median, decimals: 2)) ms, worst \(NumberFormat.fixed(worst, decimals: 2)) ms (n = \(count))"
    }
}
