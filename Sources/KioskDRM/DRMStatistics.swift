/// Counters of what the backend did, for logs and the issue's note ("frame copy time, damaged
/// bytes vs full frame").
public struct DRMStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Frames copied to a scanout buffer and handed to the kernel.
    public var framesPresented = 0
    /// Frames given to `present` while paused (VT switched away) or after `restore()`.
    public var framesDropped = 0
    /// Page-flip events received.
    public var flipsCompleted = 0
    /// Flips the kernel refused (the frame stays in its buffer and is shown by a later flip).
    public var flipFailures = 0
    /// Bytes copied from the shadow buffer into scanout buffers (damaged rectangles only).
    public var bytesCopied = 0
    /// What copying every presented frame whole would have cost.
    public var fullFrameBytes = 0
    /// Time spent copying, when the backend was given a clock (zero otherwise).
    public var copyTime: Duration = .zero
    /// The slowest single frame copy.
    public var longestCopy: Duration = .zero
    /// The last flip or modeset error, as a message.
    public var lastError: String?

    public init() {}

    /// Copied bytes as a fraction of full-frame bytes (0 when nothing was presented).
    public var copiedFraction: Double {
        fullFrameBytes == 0 ? 0 : Double(bytesCopied) / Double(fullFrameBytes)
    }

    /// Mean copy time per presented frame.
    public var meanCopyTime: Duration {
        framesPresented == 0 ? .zero : copyTime / framesPresented
    }

    public var description: String {
        var s = "frames \(framesPresented) (dropped \(framesDropped), flips \(flipsCompleted), failed \(flipFailures)),"
        s += " copied \(bytesCopied) of \(fullFrameBytes) bytes"
        if fullFrameBytes > 0 { s += " (\(Int((copiedFraction * 1000).rounded()) / 10)%)" }
        if copyTime > .zero {
            s += ", copy mean \(meanCopyTime.inMillisecondsText) ms, max \(longestCopy.inMillisecondsText) ms"
        }
        return s
    }
}

extension Duration {
    /// Milliseconds with three decimals, for statistics lines.
    fileprivate var inMillisecondsText: String {
        let micro = (Double(components.seconds) * 1e6 + Double(components.attoseconds) / 1e12).rounded()
        let whole = Int(micro) / 1000, frac = Int(micro) % 1000
        let padded = String(frac)
        return "\(whole)." + String(repeating: "0", count: 3 - padded.count) + padded
    }
}
