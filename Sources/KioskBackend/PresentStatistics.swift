import KioskCore

/// Counters of what a display backend did, for the exit report and benchmarks: how many frames,
/// how many bytes of them were copied to the output against whole frames, how long copies took.
public struct PresentStatistics: Sendable, Equatable, CustomStringConvertible {
    /// Frames copied to the output and handed to it (a flip queued, a buffer attached).
    public var framesPresented = 0
    /// Frames given to `present` while paused (VT switched away) or stopped.
    public var framesDropped = 0
    /// Frames the output reported done (page-flip events, frame callbacks, vsyncs).
    public var flipsCompleted = 0
    /// Presents the output refused (a failed flip: the frame stays in its buffer and is shown
    /// by a later one).
    public var flipFailures = 0
    /// Bytes copied from the shadow buffer into output buffers (damaged rectangles only), in
    /// the output's own pixel format (2 bytes a pixel at 16 bpp).
    public var bytesCopied = 0
    /// What copying every presented frame whole would have cost.
    public var fullFrameBytes = 0
    /// Time spent copying, when the backend was given a clock (zero otherwise).
    public var copyTime: Duration = .zero
    /// The slowest single frame copy.
    public var longestCopy: Duration = .zero
    /// The last present or mode error, as a message.
    public var lastError: String?

    /// Statistics with nothing counted yet.
    public init() {}

    /// Copied bytes as a fraction of full-frame bytes (0 when nothing was presented).
    public var copiedFraction: Double {
        fullFrameBytes == 0 ? 0 : Double(bytesCopied) / Double(fullFrameBytes)
    }

    /// Mean copy time per presented frame.
    public var meanCopyTime: Duration {
        framesPresented == 0 ? .zero : copyTime / framesPresented
    }

    /// The exit report's line: `frames N, copied B bytes of F full-frame bytes (P %), copy mean
    /// X ms, longest Y ms` (the VM test reads it).
    public var summary: String {
        let percent = fullFrameBytes > 0 ? NumberFormat.percent(copiedFraction) : "0"
        return "frames \(framesPresented), copied \(bytesCopied) bytes of \(fullFrameBytes) full-frame bytes "
            + "(\(percent) %), copy mean \(NumberFormat.milliseconds(meanCopyTime)) ms, longest \(NumberFormat.milliseconds(longestCopy)) ms"
    }

    public var description: String {
        var s = "frames \(framesPresented) (dropped \(framesDropped), flips \(flipsCompleted), failed \(flipFailures)),"
        s += " copied \(bytesCopied) of \(fullFrameBytes) bytes"
        if fullFrameBytes > 0 { s += " (\(Int((copiedFraction * 1000).rounded()) / 10)%)" }
        if copyTime > .zero {
            s += ", copy mean \(NumberFormat.milliseconds(meanCopyTime)) ms, max \(NumberFormat.milliseconds(longestCopy)) ms"
        }
        return s
    }
}
