import CDRM
import CDRMShim
@preconcurrency import Glibc
import KioskCore

/// One scanout buffer: a dumb buffer (CPU-mapped memory the display engine can scan out), its
/// framebuffer object and its mapping, as a ``ScanoutBuffer`` to write damage into (copied for
/// XRGB8888, converted for RGB565).
///
/// The mapping is write-combined or uncached on most hardware: it is written (rows of damaged
/// rectangles, whole cache lines at a time) and never read, so nothing here loads from `scanout`.
final class DumbBuffer {
    let handle: UInt32
    let framebufferID: UInt32
    let pitch: Int
    let size: Int
    let format: DRMFormat
    /// The mapping in the buffer's format. Valid until `release()`; it does not own the memory.
    let scanout: ScanoutBuffer
    private let mapping: UnsafeMutableRawPointer
    private var released = false
    private let device: DRMDevice

    /// Creates a `width` x `height` buffer in `format`, adds a framebuffer for it (drmModeAddFB2,
    /// else the older drmModeAddFB with the format's depth) and maps it.
    init(device: DRMDevice, width: Int, height: Int, format: DRMFormat) throws(DRMError) {
        self.device = device
        self.format = format
        var handle: UInt32 = 0, pitch: UInt32 = 0, size: UInt64 = 0
        let created = kiosk_drm_create_dumb(device.fd, UInt32(width), UInt32(height), format.bitsPerPixel,
                                            &handle, &pitch, &size)
        guard created == 0 else { throw device.failure("DRM_IOCTL_MODE_CREATE_DUMB", errno: -created) }

        var fb: UInt32 = 0
        var handles: [UInt32] = [handle, 0, 0, 0]
        var pitches: [UInt32] = [pitch, 0, 0, 0]
        var offsets: [UInt32] = [0, 0, 0, 0]
        if drmModeAddFB2(device.fd, UInt32(width), UInt32(height), format.fourcc,
                         &handles, &pitches, &offsets, &fb, 0) != 0 {
            let addFB2Error = errno
            if drmModeAddFB(device.fd, UInt32(width), UInt32(height), UInt8(format.depth), UInt8(format.bitsPerPixel),
                            pitch, handle, &fb) != 0 {
                _ = kiosk_drm_destroy_dumb(device.fd, handle)
                throw device.failure("drmModeAddFB2/drmModeAddFB", errno: addFB2Error)
            }
        }

        var offset: UInt64 = 0
        let mapped = kiosk_drm_map_dumb(device.fd, handle, &offset)
        guard mapped == 0 else {
            drmModeRmFB(device.fd, fb)
            _ = kiosk_drm_destroy_dumb(device.fd, handle)
            throw device.failure("DRM_IOCTL_MODE_MAP_DUMB", errno: -mapped)
        }
        let address = mmap(nil, Int(size), PROT_READ | PROT_WRITE, MAP_SHARED, device.fd, off_t(Int64(bitPattern: offset)))
        guard let address, address != MAP_FAILED else {
            let code = errno
            drmModeRmFB(device.fd, fb)
            _ = kiosk_drm_destroy_dumb(device.fd, handle)
            throw device.failure("mmap", errno: code)
        }
        self.handle = handle
        self.framebufferID = fb
        self.pitch = Int(pitch)
        self.size = Int(size)
        self.mapping = address
        // Not owning: this object frees the mapping and outlives every use of `scanout`.
        self.scanout = ScanoutBuffer(bytes: address, width: width, height: height, stride: Int(pitch),
                                     layout: format.layout)
    }

    /// Removes the framebuffer, unmaps and destroys the buffer. Must not be on screen or
    /// queued (the kernel keeps a removed framebuffer alive while scanned out, but turns the
    /// CRTC off for it). Idempotent.
    func release() {
        guard !released else { return }
        released = true
        munmap(mapping, size)
        drmModeRmFB(device.fd, framebufferID)
        _ = kiosk_drm_destroy_dumb(device.fd, handle)
    }

    deinit { release() }
}
