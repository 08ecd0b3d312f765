import KioskCore

/// Touch-to-screen latency: from a touch event's own time (the kernel's, via libinput) to the
/// page-flip timestamp of the first frame that shows its effect.
struct LatencyMeter {
    /// Inputs that changed the scene and wait for a frame.
    private var waitingForFrame: [Instant] = []
    /// Inputs whose frame was presented and waits for its flip.
    private var waitingForFlip: [Instant] = []
    private(set) var samples: [Double] = []

    mutating func inputChangedScene(at time: Instant) { waitingForFrame.append(time) }

    mutating func framePresented() {
        waitingForFlip += waitingForFrame
        waitingForFrame.removeAll()
    }

    mutating func flipCompleted(at time: Instant) {
        for input in waitingForFlip { samples.append((time - input).inMilliseconds) }
        waitingForFlip.removeAll()
    }

    var summary: String {
        guard !samples.isEmpty else { return "input-to-flip latency: no samples" }
        let sorted = samples.sorted()
        let median = sorted[sorted.count / 2], worst = sorted.last!
        return "input-to-flip latency median \(Self.ms(median)) ms, worst \(Self.ms(worst)) ms (n = \(sorted.count))"
    }

    static func ms(_ v: Double) -> String {
        let hundredths = Int((v * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
