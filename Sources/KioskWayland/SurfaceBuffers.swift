import KioskBackend
import KioskCore

/// The surface's buffers for the current size and the damage bookkeeping over them
/// (``BufferRing``): which buffer the next frame goes into and what must be copied there.
/// A new size gets a new ``ShmPool``; the old one is retired until the compositor lets go.
final class SurfaceBuffers {
    /// Three: with two the compositor occasionally holds both (it releases the old buffer only
    /// after its next repaint), and the kiosk would have to wait for a release.
    static let bufferCount = 3
    private let shm: OpaquePointer
    private(set) var pool: ShmPool?
    private var ring = BufferRing(bounds: .zero)
    private var retired: [ShmPool] = []
    /// The compositor released a buffer of the current size: a frame waiting for one may go.
    var bufferReturned: (() -> Void)?

    init(shm: OpaquePointer) { self.shm = shm }

    /// Buffers of `width` x `height`, all of unknown contents (the next frame repaints whole).
    func resize(width: Int, height: Int) throws(WaylandError) {
        if let pool, pool.width == width, pool.height == height { return }
        if let old = pool, !old.retire() { retired.append(old) }
        let fresh = try ShmPool(shm: shm, width: width, height: height, count: Self.bufferCount)
        fresh.released = { [unowned self] index in
            self.ring.released(index)
            self.bufferReturned?()
        }
        pool = fresh
        ring = BufferRing(bounds: Rect(0, 0, Double(width), Double(height)))
        for _ in 0..<fresh.count { _ = ring.addBuffer() }
    }

    /// Drops retired pools the compositor no longer uses.
    func collectRetired() {
        retired.removeAll { $0.isFinished }
    }

    /// Takes a free buffer for a frame whose change is `damage`: its index and what must be
    /// copied into it. Nil when the compositor holds every buffer.
    func beginFrame(damage: DamageRegion) -> (index: Int, repaint: DamageRegion)? {
        collectRetired()
        guard pool != nil, let (index, repaint) = ring.beginFrame(damage: damage) else { return nil }
        return (index, repaint)
    }

    /// The buffer goes to the compositor with the next commit.
    func committed(_ index: Int) {
        ring.committed(index)
        pool?.markHeld(index)
    }

    /// Frees everything (at the end of a run; the connection is about to close).
    func destroy() {
        pool = nil
        retired.removeAll()
    }
}
