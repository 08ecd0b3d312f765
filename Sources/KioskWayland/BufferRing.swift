import KioskBackend
import KioskCore

/// Which wl_shm buffers the compositor still holds, over their ages (``BufferAges``, the
/// same rule as DRM's ``SwapChain``, with "held by the compositor" where DRM has "queued" and
/// "front").
///
/// A committed buffer belongs to the compositor until its `wl_buffer.release`: it may still
/// read it (Weston's and wlroots' pixman renderers composite straight from client memory), so
/// it is never written before then.
///
/// Pure state: no memory and no protocol. ``SurfaceBuffers`` copies and commits what this says.
struct BufferRing: Sendable {
    /// The whole buffer: what a buffer of unknown contents must repaint.
    var bounds: Rect { ages.bounds }
    /// Buffers committed and not yet released by the compositor.
    private(set) var held: [Bool] = []
    /// Number of the newest frame drawn into a buffer (0: none yet).
    var frameNumber: Int { ages.frameNumber }
    private var ages: BufferAges

    init(bounds: Rect, historyLength: Int = 6) {
        ages = BufferAges(bounds: bounds, historyLength: historyLength)
    }

    var bufferCount: Int { held.count }

    /// A buffer joins the ring, free and with unknown contents; returns its index.
    mutating func addBuffer() -> Int {
        held.append(false)
        return ages.addBuffer()
    }

    /// The buffers the compositor does not hold.
    var freeBuffers: [Int] { held.indices.filter { !held[$0] } }

    /// Frames the buffer is behind the newest (0: up to date), nil when its contents are unknown.
    func age(of buffer: Int) -> Int? { ages.age(of: buffer) }

    /// Records a new frame whose changes since the previous one are `damage`, picks the free
    /// buffer that needs the least copying and returns it with what must be copied into it.
    /// Nil, and nothing recorded, when the compositor holds every buffer.
    mutating func beginFrame(damage: DamageRegion) -> (buffer: Int, repaint: DamageRegion)? {
        let free = freeBuffers
        guard !free.isEmpty else { return nil }
        return ages.beginFrame(damage: damage, into: free)
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
