@preconcurrency import Glibc
import KioskCore
@testable import KioskFramebuffer

/// A framebuffer driver in memory: screen information that pans and changes as a driver's
/// would, video memory the tests read back. Like vfb by default (pans, accepts a taller
/// virtual screen when the memory holds it); `acceptsTallerScreen: false` is DRM's fbdev
/// emulation, which has one screen of memory and refuses.
final class MemoryFramebuffer: FramebufferDevice {
    let path = "/dev/fb-test"
    var info: ScreenInfo
    let original: ScreenInfo
    let memory: UnsafeMutableRawPointer
    var acceptsTallerScreen = true
    var canPan = true
    private(set) var pans: [Int] = []
    private(set) var unblanked = false
    /// FBIOBLANK as the driver last got it: true after FB_BLANK_POWERDOWN, false after UNBLANK.
    private(set) var poweredDown = false
    /// How often each FBIOBLANK came, in order: `unblank`, `powerdown`.
    private(set) var blanks: [String] = []
    /// What FBIO_WAITFORVSYNC does on this driver: nil, it has none (ENOTTY).
    var verticalBlank: (@Sendable () -> Void)?
    /// How often the backend tried FBIO_WAITFORVSYNC.
    private(set) var verticalBlankProbes = 0

    /// A `width`x`height` screen in `layout` with `memoryPages` screens of memory, filled with
    /// a byte pattern (what the console showed).
    init(width: Int = 8, height: Int = 4, layout: PixelLayout = .rgb565, bitsPerPixel: Int? = nil,
         memoryPages: Int = 2, virtualHeight: Int? = nil, linePadding: Int = 6, driver: String = "Memory FB") {
        let bpp = bitsPerPixel ?? layout.bitsPerPixel
        let line = width * bpp / 8 + linePadding
        var variable = VariableScreenInfo(
            xres: width, yres: height, xresVirtual: width, yresVirtual: virtualHeight ?? height, bitsPerPixel: bpp,
            red: .init(offset: layout.red.offset, length: layout.red.length),
            green: .init(offset: layout.green.offset, length: layout.green.length),
            blue: .init(offset: layout.blue.offset, length: layout.blue.length))
        variable.pixclock = 0
        let fixed = FixedScreenInfo(id: driver, memoryLength: line * height * memoryPages, lineLength: line,
                                    xpanstep: 1, ypanstep: 1)
        info = ScreenInfo(variable: variable, fixed: fixed)
        original = info
        memory = .allocate(byteCount: fixed.memoryLength, alignment: 16)
        for i in 0..<fixed.memoryLength { memory.storeBytes(of: UInt8(truncatingIfNeeded: i &* 7 &+ 1), toByteOffset: i, as: UInt8.self) }
    }

    deinit { memory.deallocate() }

    var bytes: [UInt8] { Array(UnsafeRawBufferPointer(start: memory, count: info.fixed.memoryLength)) }

    func screenInfo() throws(FramebufferError) -> ScreenInfo { info }

    func setVirtualHeight(_ height: Int) throws(FramebufferError) {
        guard acceptsTallerScreen, height * info.fixed.lineLength <= info.fixed.memoryLength else {
            throw .callFailed(device: path, call: "FBIOPUT_VSCREENINFO", errno: EINVAL)
        }
        info.variable.yresVirtual = height
        info.variable.yoffset = 0
    }

    func restoreMode() throws(FramebufferError) { info.variable = original.variable }

    func pan(x: Int, y: Int) throws(FramebufferError) {
        guard canPan, y + info.variable.yres <= info.variable.yresVirtual else {
            throw .callFailed(device: path, call: "FBIOPAN_DISPLAY", errno: EINVAL)
        }
        info.variable.yoffset = y
        pans.append(y)
    }

    func unblank() {
        unblanked = true
        poweredDown = false
        blanks.append("unblank")
    }

    func powerDown() -> Bool {
        poweredDown = true
        blanks.append("powerdown")
        return true
    }

    func verticalBlankWait() -> (@Sendable () -> Void)? {
        verticalBlankProbes += 1
        return verticalBlank
    }

    func map(length: Int) throws(FramebufferError) -> UnsafeMutableRawPointer {
        precondition(length <= info.fixed.memoryLength, "mapping \(length) bytes of \(info.fixed.memoryLength)")
        return memory
    }

    /// The raw pixel value at (`x`, `y`) of the visible screen.
    func visiblePixel(x: Int, y: Int) -> UInt32 {
        let bpp = info.variable.bitsPerPixel / 8
        let offset = (info.variable.yoffset + y) * info.fixed.lineLength + x * bpp
        var value: UInt32 = 0
        for i in 0..<bpp { value |= UInt32(memory.load(fromByteOffset: offset + i, as: UInt8.self)) << UInt32(8 * i) }
        return value
    }

    /// Whether the visible screen shows `frame`, every pixel converted to `layout`.
    func shows(_ frame: PixelBuffer, in layout: PixelLayout) -> Bool {
        for y in 0..<frame.height {
            for x in 0..<frame.width where visiblePixel(x: x, y: y) != layout.encode(frame.pixel(x: x, y: y)) {
                return false
            }
        }
        return true
    }
}
