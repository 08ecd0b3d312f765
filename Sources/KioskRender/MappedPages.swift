@preconcurrency import Glibc
import KioskCore

/// Memory straight from the kernel, for the few big blocks a kiosk holds (frames, retained
/// layers): `PixelBuffer.allocate` maps a buffer of `mappingThreshold` bytes or more here.
/// (`HeapPolicy` in KioskLoop, applied by the runner, sets how malloc treats the rest.)
///
/// glibc serves a block of 128 KB or more with its own `mmap`, but raises that threshold to
/// the size of each such block freed (up to 32 MB), so after the first retained layer is
/// dropped the next full-screen buffers and cairo's images come from the heap, where freed
/// pages stay resident until the top of the heap is free: a kiosk that opened a popup once
/// kept its memory. Buffers mapped here are unmapped when freed, whatever malloc decided.
/// (The mapping is here, not in KioskCore's `PixelBuffer`: the pure modules make no system calls.)
final class MappedPages {
    /// Blocks at least this big are mapped; smaller ones come from malloc, where they cost less.
    static let mappingThreshold = 64 * 1024

    let bytes: UnsafeMutableRawPointer
    let byteCount: Int

    /// `byteCount` bytes of zeroed, page-aligned memory, its pages already faulted in (so the
    /// first frame drawn into them does not pay page faults in the middle of rasterising),
    /// or nil when the kernel refuses.
    init?(byteCount: Int) {
        let pointer = mmap(nil, byteCount, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE, -1, 0)
        guard let pointer, pointer != MAP_FAILED else { return nil }
        bytes = pointer
        self.byteCount = byteCount
    }

    deinit { munmap(bytes, byteCount) }
}
