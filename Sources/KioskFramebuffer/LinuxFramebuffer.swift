import CFramebufferShim
@preconcurrency import Glibc
import KioskDevice

/// What the backend asks of a framebuffer device: ``LinuxFramebuffer`` is the kernel's; the
/// tests have one in memory, so that pages, pans and restores are checked without a device.
protocol FramebufferDevice: AnyObject {
    var path: String { get }
    /// FBIOGET_VSCREENINFO and FBIOGET_FSCREENINFO, now.
    func screenInfo() throws(FramebufferError) -> ScreenInfo
    /// FBIOPUT_VSCREENINFO: the current mode with a virtual screen `height` rows tall, shown
    /// from its top. The driver may refuse (DRM's fbdev emulation allocates one screen only).
    func setVirtualHeight(_ height: Int) throws(FramebufferError)
    /// FBIOPUT_VSCREENINFO: the mode exactly as it was when the device was opened.
    func restoreMode() throws(FramebufferError)
    /// FBIOPAN_DISPLAY: show the virtual screen from (`x`, `y`).
    func pan(x: Int, y: Int) throws(FramebufferError)
    /// FBIOBLANK FB_BLANK_UNBLANK; drivers without blanking refuse, which changes nothing.
    func unblank()
    /// FBIOBLANK FB_BLANK_POWERDOWN: the screen off; false where the driver refuses.
    func powerDown() -> Bool
    /// FBIO_WAITFORVSYNC, tried once now (it blocks until the next blank): a function that
    /// waits for the next blank, for a thread of its own, or nil when the driver has none.
    func verticalBlankWait() -> (@Sendable () -> Void)?
    /// The video memory, mapped from its first page, at least `length` bytes.
    func map(length: Int) throws(FramebufferError) -> UnsafeMutableRawPointer
}

/// A framebuffer device node (`/dev/fbN`): owns the descriptor and the mapping of its video
/// memory, and is the only place that calls the fbdev ioctls (through CFramebufferShim).
final class LinuxFramebuffer: FramebufferDevice {
    let path: String
    private let fd: Int32
    private let opener: DeviceOpener
    /// The mode at open, put back by `restoreMode()`.
    private let original: fb_var_screeninfo
    private var mapping: (address: UnsafeMutableRawPointer, length: Int)?

    /// Opens `path` and reads its screen information: a node that is not a framebuffer is
    /// refused here, before anything else happens.
    init(path: String, opener: DeviceOpener) throws(FramebufferError) {
        self.path = path
        self.opener = opener
        do {
            fd = try opener.open(path, flags: O_RDWR | O_CLOEXEC)
        } catch {
            throw .deviceUnavailable(error)
        }
        var fixed = fb_fix_screeninfo()
        var variable = fb_var_screeninfo()
        var result = kiosk_fb_get_fixed(fd, &fixed)
        if result == 0 { result = kiosk_fb_get_variable(fd, &variable) }
        guard result == 0 else {
            opener.close(fd)
            throw .notAFramebuffer(device: path, errno: -result)
        }
        original = variable
    }

    deinit {
        if let mapping { munmap(mapping.address, mapping.length) }
        opener.close(fd)
    }

    /// Whether `path` opens as a framebuffer (for `--backend auto`); nothing is changed.
    static func isFramebuffer(_ path: String) -> Bool {
        (try? LinuxFramebuffer(path: path, opener: DirectOpener())) != nil
    }

    func screenInfo() throws(FramebufferError) -> ScreenInfo {
        var fixed = fb_fix_screeninfo()
        var variable = fb_var_screeninfo()
        try check(kiosk_fb_get_fixed(fd, &fixed), "FBIOGET_FSCREENINFO")
        try check(kiosk_fb_get_variable(fd, &variable), "FBIOGET_VSCREENINFO")
        return ScreenInfo(variable: VariableScreenInfo(variable), fixed: FixedScreenInfo(fixed))
    }

    func setVirtualHeight(_ height: Int) throws(FramebufferError) {
        var variable = fb_var_screeninfo()
        try check(kiosk_fb_get_variable(fd, &variable), "FBIOGET_VSCREENINFO")
        variable.yres_virtual = UInt32(height)
        variable.yoffset = 0
        variable.activate = UInt32(FB_ACTIVATE_NOW)
        try check(kiosk_fb_put_variable(fd, &variable), "FBIOPUT_VSCREENINFO (yres_virtual \(height))")
    }

    func restoreMode() throws(FramebufferError) {
        var variable = original
        variable.activate = UInt32(FB_ACTIVATE_NOW)
        try check(kiosk_fb_put_variable(fd, &variable), "FBIOPUT_VSCREENINFO (the mode at start)")
    }

    func pan(x: Int, y: Int) throws(FramebufferError) {
        var variable = fb_var_screeninfo()
        try check(kiosk_fb_get_variable(fd, &variable), "FBIOGET_VSCREENINFO")
        try check(kiosk_fb_pan(fd, &variable, UInt32(x), UInt32(y)), "FBIOPAN_DISPLAY (y \(y))")
    }

    func unblank() { _ = kiosk_fb_unblank(fd) }

    func powerDown() -> Bool { kiosk_fb_powerdown(fd) == 0 }

    func verticalBlankWait() -> (@Sendable () -> Void)? {
        guard kiosk_fb_wait_for_vsync(fd) == 0 else { return nil }
        // The descriptor outlives the waiting thread: the backend stops it before letting go
        // of the device.
        let fd = self.fd
        return { _ = kiosk_fb_wait_for_vsync(fd) }
    }

    func map(length: Int) throws(FramebufferError) -> UnsafeMutableRawPointer {
        if let mapping, mapping.length >= length { return mapping.address }
        if let mapping {
            munmap(mapping.address, mapping.length)
            self.mapping = nil
        }
        guard let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), address != MAP_FAILED else {
            throw .callFailed(device: path, call: "mmap (\(length) bytes)", errno: errno)
        }
        mapping = (address, length)
        return address
    }

    private func check(_ result: Int32, _ call: String) throws(FramebufferError) {
        guard result == 0 else { throw .callFailed(device: path, call: call, errno: -result) }
    }
}

extension VariableScreenInfo {
    init(_ v: fb_var_screeninfo) {
        func field(_ b: fb_bitfield) -> Bitfield {
            Bitfield(offset: Int(b.offset), length: Int(b.length), msbRight: b.msb_right != 0)
        }
        self.init(xres: Int(v.xres), yres: Int(v.yres), xresVirtual: Int(v.xres_virtual), yresVirtual: Int(v.yres_virtual),
                  xoffset: Int(v.xoffset), yoffset: Int(v.yoffset), bitsPerPixel: Int(v.bits_per_pixel),
                  grayscale: Int(v.grayscale), red: field(v.red), green: field(v.green), blue: field(v.blue),
                  transp: field(v.transp), nonstd: Int(v.nonstd), pixclock: Int(v.pixclock),
                  leftMargin: Int(v.left_margin), rightMargin: Int(v.right_margin), upperMargin: Int(v.upper_margin),
                  lowerMargin: Int(v.lower_margin), hsyncLength: Int(v.hsync_len), vsyncLength: Int(v.vsync_len),
                  vmode: Int(v.vmode))
    }
}

extension FixedScreenInfo {
    init(_ f: fb_fix_screeninfo) {
        let id = withUnsafeBytes(of: f.id) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(id: id, memoryStart: UInt(f.smem_start), memoryLength: Int(f.smem_len), lineLength: Int(f.line_length),
                  type: Int(f.type), visual: Int(f.visual), xpanstep: Int(f.xpanstep), ypanstep: Int(f.ypanstep))
    }
}
