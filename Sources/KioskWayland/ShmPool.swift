import CWayland
import KioskCore
@preconcurrency import Glibc

/// The `wl_shm` buffers of one surface size: one memfd holding `count` XRGB8888 frames back to
/// back, mapped once and shared with the compositor (`wl_shm.create_pool`), and a `wl_buffer`
/// for each frame. Only pages that are written take memory, so a third buffer that is never
/// needed costs nothing.
///
/// A buffer must outlive the compositor's use of it, so a pool of an old size is retired
/// rather than freed: buffers the compositor no longer holds go at once, the others on their
/// `wl_buffer.release`, and the mapping when the last one is gone.
final class ShmPool: ListenerTarget {
    let width: Int
    let height: Int
    let stride: Int
    private let mapping: UnsafeMutableRawPointer
    private let byteCount: Int
    /// One per frame; nil once destroyed.
    private var buffers: [OpaquePointer?]
    /// The frames as pixel buffers over the mapping.
    let pixels: [PixelBuffer]
    /// Called with the index of a buffer the compositor released.
    var released: ((Int) -> Void)?
    private(set) var isRetired = false
    /// Buffers the compositor holds, so that a retired pool knows when it may go.
    private var held: Set<Int> = []

    init(shm: OpaquePointer, width: Int, height: Int, count: Int) throws(WaylandError) {
        self.width = width
        self.height = height
        stride = width * 4
        let frameBytes = stride * height
        byteCount = frameBytes * count
        let fd = memfd_create("swiftkiosk-wl_shm", KIOSK_MFD_CLOEXEC)
        guard fd >= 0 else { throw .bufferFailed(call: "memfd_create", bytes: byteCount, errno: errno) }
        // The compositor gets its own copy of the descriptor when the request is sent
        // (libwayland dups it), so ours closes once the pool exists.
        defer { close(fd) }
        guard ftruncate(fd, off_t(byteCount)) == 0 else {
            throw .bufferFailed(call: "ftruncate", bytes: byteCount, errno: errno)
        }
        guard let mapped = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), mapped != MAP_FAILED else {
            throw .bufferFailed(call: "mmap", bytes: byteCount, errno: errno)
        }
        mapping = mapped
        let pool = wl_shm_create_pool(shm, fd, Int32(byteCount))!
        var buffers: [OpaquePointer?] = []
        var pixels: [PixelBuffer] = []
        for index in 0..<count {
            let offset = index * frameBytes
            buffers.append(wl_shm_pool_create_buffer(pool, Int32(offset), Int32(width), Int32(height), Int32(stride),
                                                     WL_SHM_FORMAT_XRGB8888.rawValue))
            // The mapping is this pool's; the pixel buffers never outlive it (they are its own).
            pixels.append(PixelBuffer(width: width, height: height, stride: stride, bytes: mapped + offset, owner: nil))
        }
        // The buffers keep the pool's memory on the compositor's side.
        wl_shm_pool_destroy(pool)
        self.buffers = buffers
        self.pixels = pixels
        for buffer in buffers { _ = wl_buffer_add_listener(buffer, Self.bufferListener, listenerData) }
    }

    deinit {
        for buffer in buffers.compactMap({ $0 }) { wl_buffer_destroy(buffer) }
        munmap(mapping, byteCount)
    }

    var count: Int { pixels.count }

    func buffer(_ index: Int) -> OpaquePointer { buffers[index]! }

    /// The buffer is attached and about to be committed.
    func markHeld(_ index: Int) { held.insert(index) }

    /// Frees what the compositor does not hold; the rest goes as it is released. True when
    /// nothing is left (the pool may be dropped).
    @discardableResult
    func retire() -> Bool {
        isRetired = true
        for index in buffers.indices where !held.contains(index) { destroyBuffer(index) }
        return held.isEmpty
    }

    /// True when a retired pool has nothing left the compositor uses.
    var isFinished: Bool { isRetired && held.isEmpty }

    private func destroyBuffer(_ index: Int) {
        guard let buffer = buffers[index] else { return }
        wl_buffer_destroy(buffer)
        buffers[index] = nil
    }

    private func wasReleased(_ buffer: OpaquePointer?) {
        guard let index = buffers.firstIndex(where: { $0 == buffer && $0 != nil }) else { return }
        held.remove(index)
        if isRetired { destroyBuffer(index) } else { released?(index) }
    }

    nonisolated(unsafe) private static let bufferListener = permanentListener(wl_buffer_listener()) { listener in
        listener.release = { data, buffer in listenerTarget(data, as: ShmPool.self).wasReleased(buffer) }
    }
}
