import KioskCore

/// The scanout buffers' roles (on screen, waiting for a flip, free) over their ages
/// (``BufferAges``: what a reused buffer must repaint).
///
/// Pure state: no device, no memory. The DRM backend copies into dumb buffers and flips what this
/// says; the framebuffer backend does the same with the pages of its virtual screen, where a
/// pan (`FBIOPAN_DISPLAY`) is the flip.
public struct SwapChain: Sendable {
    /// What each buffer is doing.
    public enum Role: Sendable, Equatable {
        /// May be drawn into.
        case free
        /// Scanned out now.
        case front
        /// Waiting for its flip to complete.
        case queued
    }

    /// How many buffers take turns (two for double, three for triple buffering).
    public let bufferCount: Int
    /// The whole framebuffer: the damage of a buffer that must be fully repainted.
    public var bounds: Rect { ages.bounds }
    /// The frame each buffer holds (nil: unknown contents).
    public var content: [Int?] { ages.content }
    /// The buffer the CRTC scans out now.
    public private(set) var front: Int?
    /// The buffer a flip to which was requested and has not completed.
    public private(set) var queued: Int?
    /// Number of the newest frame drawn into a buffer (0: none yet).
    public var frameNumber: Int { ages.frameNumber }
    private var ages: BufferAges

    /// A chain of `bufferCount` buffers covering `bounds`, all free and of unknown contents; `historyLength` frames of damage are kept (default: enough for every buffer).
    public init(bufferCount: Int, bounds: Rect, historyLength: Int? = nil) {
        precondition(bufferCount >= 2, "a swap chain needs at least two buffers")
        self.bufferCount = bufferCount
        // Enough for every buffer to be reused after the others, plus slack for failed flips.
        ages = BufferAges(bufferCount: bufferCount, bounds: bounds, historyLength: historyLength ?? bufferCount + 2)
    }

    /// What `buffer` (an index below `bufferCount`) is doing now.
    public func role(of buffer: Int) -> Role {
        if buffer == front { return .front }
        if buffer == queued { return .queued }
        return .free
    }

    /// Frames the buffer is behind the newest frame (0: up to date), or nil when its contents
    /// are unknown.
    public func age(of buffer: Int) -> Int? { ages.age(of: buffer) }

    /// Records a new frame whose changes since the previous one are `damage`, picks the buffer
    /// to draw it into (a free one, the freshest) and returns what must be copied into that
    /// buffer so it shows the new frame. The buffer is marked as holding the new frame.
    /// There must be a free buffer: at most one flip is queued, and there are two buffers or more.
    public mutating func beginFrame(damage: DamageRegion) -> (buffer: Int, repaint: DamageRegion) {
        let free = (0..<bufferCount).filter { role(of: $0) == .free }
        precondition(!free.isEmpty, "no free scanout buffer: a frame was begun while a flip was pending")
        return ages.beginFrame(damage: damage, into: free)
    }

    /// The damage that turns a buffer holding frame `held` (nil: unknown) into the newest frame.
    public func repaintRegion(forContent held: Int?) -> DamageRegion { ages.repaintRegion(forContent: held) }

    /// A flip to `buffer` was requested.
    public mutating func queue(_ buffer: Int) {
        precondition(queued == nil, "a second flip was queued while one is pending")
        precondition(buffer != front, "flipping to the buffer already on screen")
        queued = buffer
    }

    /// The queued flip completed: its buffer is now on screen and the old front is free.
    /// Returns the new front buffer.
    @discardableResult
    public mutating func completeFlip() -> Int? {
        guard let queued else { return nil }
        front = queued
        self.queued = nil
        return queued
    }

    /// A blocking modeset put `buffer` on screen directly (no flip event).
    public mutating func showDirectly(_ buffer: Int) {
        precondition(queued == nil, "a modeset while a flip is pending")
        front = buffer
    }

    /// Forgets what every buffer holds, so each is repainted in full the next time it is used
    /// (after a VT switch, whose frames were never drawn, or when another client may have
    /// written the buffers).
    public mutating func invalidateAll() { ages.invalidateAll() }
}
