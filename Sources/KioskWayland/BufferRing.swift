import KioskCore

/// Which wl_shm buffers the compositor still holds and how stale each one's pixels are, with
/// the damage history that says what a reused buffer must be brought up to date with.
///
/// A committed buffer belongs to the compositor until its `wl_buffer.release`: it may still
/// read it (Weston's and wlroots' pixman renderers composite straight from client memory), so
/// it is never written before then. Every frame is numbered and the ring keeps the damage of
/// the last frames; a buffer remembers the frame it holds, its *age* is how far behind the
/// newest frame that is, and reusing it means copying the union of the damage since (EGL's
/// buffer age, wlroots' damage ring; the same rule as `KioskDRM.SwapChain`, with "held by the
/// compositor" where DRM has "queued" and "front"). A buffer whose contents are unknown (new,
/// or older than the history) gets everything.
///
/// Pure state: no memory and no protocol. ``SurfaceBuffers`` copies and commits what this says.
struct BufferRing: Sendable {
    /// The whole buffer: what a buffer of unknown contents must repaint.
    let bounds: Rect
    /// The frame each buffer holds (nil: unknown contents).
    private(set) var content: [Int?] = []
    /// Buffers committed and not yet released by the compositor.
    private(set) var held: [Bool] = []
    /// Number of the newest frame drawn into a buffer (0: none yet).
    private(set) var frameNumber = 0
    /// `history[i]` is the damage of frame `frameNumber - (history.count - 1) + i`; newest last.
    private var history: [DamageRegion] = []
    private let historyLength: Int

    init(bounds: Rect, historyLength: Int = 6) {
        self.bounds = bounds
        self.historyLength = historyLength
    }

    var bufferCount: Int { content.count }

    /// A buffer joins the ring, free and with unknown contents; returns its index.
    mutating func addBuffer() -> Int {
        content.append(nil)
        held.append(false)
        return content.count - 1
    }

    /// The buffers the compositor does not hold.
    var freeBuffers: [Int] { held.indices.filter { !held[$0] } }

    /// Frames the buffer is behind the newest (0: up to date), nil when its contents are unknown.
    func age(of buffer: Int) -> Int? {
        content[buffer].map { frameNumber - $0 }
    }

    /// Records a new frame whose changes since the previous one are `damage`, picks the free
    /// buffer that needs the least copying and returns it with what must be copied into it.
    /// Nil, and nothing recorded, when the compositor holds every buffer.
    mutating func beginFrame(damage: DamageRegion) -> (buffer: Int, repaint: DamageRegion)? {
        let free = freeBuffers
        guard !free.isEmpty else { return nil }
        var damage = damage
        damage.clip(to: bounds)
        frameNumber += 1
        history.append(damage)
        if history.count > historyLength { history.removeFirst(history.count - historyLength) }
        let buffer = free.max { (content[$0] ?? Int.min) < (content[$1] ?? Int.min) }!
        let repaint = repaintRegion(forContent: content[buffer])
        content[buffer] = frameNumber
        return (buffer, repaint)
    }

    /// The union of the damage of the frames after `held` (everything when unknown or too old).
    func repaintRegion(forContent held: Int?) -> DamageRegion {
        guard let held else { return DamageRegion(bounds) }
        let age = frameNumber - held
        guard age <= history.count else { return DamageRegion(bounds) }
        var region = DamageRegion()
        for damage in history.suffix(age) { region.formUnion(damage) }
        return region
    }

    /// The buffer was attached and committed: the compositor holds it from now on.
    mutating func committed(_ buffer: Int) {
        precondition(!held[buffer], "buffer \(buffer) committed while the compositor still holds it")
        held[buffer] = true
    }

    /// `wl_buffer.release`: the compositor is done reading the buffer.
    mutating func released(_ buffer: Int) {
        held[buffer] = false
    }
}
