import KioskCore
import KioskRender

/// A display that exists only in memory, for tests and CI: "scanout" is a second buffer the
/// damaged rectangles are copied into, exactly as a DRM backend copies into a dumb buffer, and
/// vertical blank is faked on the virtual clock (a flip completes one refresh interval after
/// it was presented), so headless runs pace frames like a real 60 Hz panel, deterministically.
public final class HeadlessBackend: DisplayBackend {
    public let panelSize: Size
    public let refreshInterval: Duration
    /// What the panel would show: XRGB8888 in panel orientation.
    public let scanout: PixelBuffer
    public private(set) var framesPresented = 0
    private var flipCompletes: Instant?

    /// A panel of `width` x `height` pixels, each 1…`PixelBuffer.maximumSide` (else an error).
    public init(width: Int, height: Int, refreshInterval: Duration = .nanoseconds(16_666_667)) throws(CairoError) {
        panelSize = Size(Double(width), Double(height))
        self.refreshInterval = refreshInterval
        scanout = try PixelBuffer(width: width, height: height, format: .xrgb32)
    }

    public var isFlipPending: Bool { flipCompletes != nil }

    /// When the pending flip completes (the next fake vertical blank).
    public var pendingFlipDeadline: Instant? { flipCompletes }

    public func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant) {
        precondition(flipCompletes == nil, "a frame was presented while a flip was pending")
        for rect in damage.rects { scanout.copy(rect, from: frame) }
        framesPresented += 1
        flipCompletes = time + refreshInterval
    }

    /// Completes the flip if its vertical blank has come. Returns true when it did.
    @discardableResult
    public func advance(to time: Instant) -> Bool {
        guard let due = flipCompletes, due <= time else { return false }
        flipCompletes = nil
        return true
    }
}
