import CLinux

/// How the process's malloc treats big blocks (cairo's images: gradient rasters, shadow
/// sprites, groups): process-wide glibc settings, so the runner, which owns the process,
/// applies them, never the renderer or a backend.
///
/// glibc maps a block of 128 KB or more and unmaps it when freed, but then raises that
/// threshold to the freed block's size (up to 32 MB): after a kiosk drops its first image of a
/// megabyte, later ones come from the heap, whose freed pages stay resident wherever something
/// lives above them. Pixel buffers map their own pages (`PixelBuffer`), so this is about the
/// images cairo and pixman allocate.
package enum HeapPolicy {
    /// Blocks at least this big are always mapped, so freeing one returns its pages.
    package static let mappingThreshold: Int32 = 256 * 1024

    /// Pins malloc's mapping threshold at `mappingThreshold` (`mallopt(M_MMAP_THRESHOLD)`,
    /// which also stops glibc from raising it). Call once, before the first frame.
    package static func mapBigBlocks() {
        _ = mallopt(M_MMAP_THRESHOLD, mappingThreshold)
    }

    /// Hands the free pages inside malloc's heap back to the kernel (`malloc_trim`): after
    /// start-up (config parsing, font set-up) and after big buffers were dropped. Not for
    /// every frame: it walks the whole heap.
    package static func trim() {
        _ = malloc_trim(0)
    }
}
