import KioskCore

/// How stale each of an output's buffers is, and what a reused one must repaint: the one
/// copy of the buffer-age rule, shared by DRM's dumb buffers and the framebuffer's pages
/// (``SwapChain``) and Wayland's `wl_shm` buffers.
///
/// Every frame the renderer hands over is numbered, and the damage of the last frames (what
/// changed since the frame before) is kept. A buffer remembers the number of the frame it
/// holds; its *age* is how many frames behind the newest one it is, and bringing it up to
/// date means copying the union of the last *age* damages. A buffer that was never drawn,
/// whose contents are unknown (after a VT switch), or older than the history, gets
/// everything. (EGL's buffer-age rule and wlroots' damage ring, by frame content rather than
/// by flips, so a frame whose flip failed still counts as drawn.)
///
/// Pure state: which buffers may be written is the owner's business (a flip queued, a
/// buffer the compositor holds); this only knows contents.
public struct BufferAges: Sendable {
    /// The whole output: the repaint of a buffer whose contents are unknown.
    public let bounds: Rect
    /// The frame each buffer holds (nil: unknown contents).
    public private(set) var content: [Int?]
    /// Number of the newest frame drawn into a buffer (0: none yet).
    public private(set) var frameNumber = 0
    /// `history[i]` is the damage of frame `frameNumber - (history.count - 1) + i`; newest last.
    private var history: [DamageRegion] = []
    private let historyLength: Int

    /// Ages for `bufferCount` buffers of unknown contents covering `bounds`, keeping the damage of the last `historyLength` frames (an older buffer is repainted whole).
    public init(bufferCount: Int = 0, bounds: Rect, historyLength: Int) {
        self.bounds = bounds
        self.content = Array(repeating: nil, count: bufferCount)
        self.historyLength = historyLength
    }

    /// How many buffers are tracked.
    public var bufferCount: Int { content.count }

    /// A buffer joins, with unknown contents; returns its index.
    public mutating func addBuffer() -> Int {
        content.append(nil)
        return content.count - 1
    }

    /// Frames the buffer is behind the newest frame (0: up to date), or nil when its contents
    /// are unknown.
    public func age(of buffer: Int) -> Int? {
        content[buffer].map { frameNumber - $0 }
    }

    /// Records a new frame whose changes since the previous one are `damage`, picks the
    /// freshest of `writable` (it needs the least copying) and returns it with what must be
    /// copied into it so it shows the new frame. That buffer is marked as holding the new frame.
    public mutating func beginFrame(damage: DamageRegion, into writable: [Int]) -> (buffer: Int, repaint: DamageRegion) {
        precondition(!writable.isEmpty, "a frame was begun with no buffer it may be drawn into")
        var damage = damage
        damage.clip(to: bounds)
        frameNumber += 1
        history.append(damage)
        if history.count > historyLength { history.removeFirst(history.count - historyLength) }
        let buffer = writable.max { (content[$0] ?? Int.min) < (content[$1] ?? Int.min) }!
        let repaint = repaintRegion(forContent: content[buffer])
        content[buffer] = frameNumber
        return (buffer, repaint)
    }

    /// The damage that turns a buffer holding frame `held` (nil: unknown) into the newest frame:
    /// the union of the damages of the frames after `held`.
    public func repaintRegion(forContent held: Int?) -> DamageRegion {
        guard let held else { return DamageRegion(bounds) }
        let age = frameNumber - held
        guard age <= history.count else { return DamageRegion(bounds) }
        var region = DamageRegion()
        for damage in history.suffix(age) { region.formUnion(damage) }
        return region
    }

    /// Forgets what every buffer holds, so each is repainted in full the next time it is used.
    public mutating func invalidateAll() {
        content = Array(repeating: nil, count: content.count)
        history.removeAll()
    }
}
