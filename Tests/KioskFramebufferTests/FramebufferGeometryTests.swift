import KioskCore
import Testing
@testable import KioskFramebuffer

/// What vfb reports for `mode_option=800x480M-16@60`-like settings: 16 bpp RGB565, one screen
/// of virtual height, 4 MiB of memory, pans by one line.
private func vfb16() -> ScreenInfo {
    ScreenInfo(
        variable: VariableScreenInfo(xres: 800, yres: 480, xresVirtual: 800, yresVirtual: 480, bitsPerPixel: 16,
                                     red: .init(offset: 11, length: 5), green: .init(offset: 5, length: 6),
                                     blue: .init(offset: 0, length: 5)),
        fixed: FixedScreenInfo(id: "Virtual FB", memoryLength: 4 << 20, lineLength: 1600, ypanstep: 1))
}

private func refused(_ info: ScreenInfo) -> String? {
    do {
        _ = try FramebufferGeometry(info, device: "/dev/fb0")
        return nil
    } catch {
        return error.description
    }
}

@Suite("Framebuffer screen information")
struct FramebufferGeometryTests {
    @Test("a plain 16 bpp screen is RGB565 with its own line length, one page until the virtual height grows")
    func plain() throws {
        let g = try FramebufferGeometry(vfb16(), device: "/dev/fb0")
        #expect(g.width == 800 && g.height == 480 && g.layout == .rgb565 && g.lineLength == 1600)
        #expect(g.pageCount == 1)
        #expect(g.modeDescription == "800x480 16 bpp RGB565")
        #expect(FramebufferGeometry.doubleBufferingRequest(vfb16()) == 960)
    }

    @Test("two pages when the virtual screen, the memory and the pan step allow them")
    func pages() throws {
        var info = vfb16()
        info.variable.yresVirtual = 960
        #expect(try FramebufferGeometry(info, device: "d").pageCount == 2)
        #expect(FramebufferGeometry.doubleBufferingRequest(info) == nil)   // there already
        var noPan = info
        noPan.fixed.ypanstep = 0
        #expect(try FramebufferGeometry(noPan, device: "d").pageCount == 1)
        #expect(FramebufferGeometry.doubleBufferingRequest(noPan) == nil)
        var oddStep = info
        oddStep.fixed.ypanstep = 7                                       // 480 is not a multiple of 7
        #expect(try FramebufferGeometry(oddStep, device: "d").pageCount == 1)
        var small = info
        small.fixed.memoryLength = 1600 * 959                            // one row short of two pages
        #expect(try FramebufferGeometry(small, device: "d").pageCount == 1)
        var oneScreen = vfb16()
        oneScreen.fixed.memoryLength = 1600 * 480                        // DRM's fbdev emulation
        #expect(FramebufferGeometry.doubleBufferingRequest(oneScreen) == nil)
    }

    @Test("rows follow line_length, not the width, and the visible area's offsets")
    func offsets() throws {
        var info = vfb16()
        info.fixed.lineLength = 2048
        info.variable.xresVirtual = 1024
        info.variable.xoffset = 16
        info.variable.yoffset = 10
        info.variable.yresVirtual = 490
        let g = try FramebufferGeometry(info, device: "d")
        #expect(g.offset(ofRow: g.firstRow(ofPage: 0)) == 10 * 2048 + 16 * 2)
        #expect(g.mappedLength == (10 + 479) * 2048 + 16 * 2 + 800 * 2)
    }

    @Test("the refresh interval comes from pixclock and the margins, else 60 Hz")
    func refresh() {
        // vfb's default 640x480 mode: (640+64+64+64) x (480+32+32+2) clocks of 20000 ps.
        var v = vfb16().variable
        (v.xres, v.yres, v.pixclock) = (640, 480, 20_000)
        (v.leftMargin, v.rightMargin, v.hsyncLength, v.upperMargin, v.lowerMargin, v.vsyncLength) = (64, 64, 64, 32, 32, 2)
        #expect(FramebufferGeometry.refreshInterval(v) == .nanoseconds(9_085_440))
        v.pixclock = 40_000
        v.vmode = 1                                                       // interlaced: a field
        #expect(FramebufferGeometry.refreshInterval(v) == .nanoseconds(9_085_440))
        v.vmode = 0
        v.pixclock = 0                                                    // DRM's fbdev emulation
        #expect(FramebufferGeometry.refreshInterval(v) == .nanoseconds(16_666_667))
        v.pixclock = 1                                                    // some 600 kHz: nonsense
        #expect(FramebufferGeometry.refreshInterval(v) == .nanoseconds(16_666_667))
        v.pixclock = Int(UInt32.max)                                      // far below 1 Hz
        #expect(FramebufferGeometry.refreshInterval(v) == .nanoseconds(16_666_667))
    }

    @Test("formats the kiosk cannot write are refused with the reason and what to try")
    func unsupported() {
        var palette = vfb16()
        palette.variable.bitsPerPixel = 8
        palette.fixed.visual = FixedScreenInfo.pseudoColor
        #expect(refused(palette) == "/dev/fb0: it uses a palette (pseudocolour) at 8 bits per pixel; the kiosk needs"
            + " true colour at 16, 24 or 32 bits per pixel (try fbset -depth 16 or -depth 32)")
        var eight = vfb16()
        eight.variable.bitsPerPixel = 8
        #expect(refused(eight)?.hasPrefix("/dev/fb0: 8 bits per pixel is not supported (16, 24 or 32 are);") == true)
        var planar = vfb16()
        planar.fixed.type = 1
        #expect(refused(planar)?.hasPrefix("/dev/fb0: its pixels are bit planes, not packed pixels;") == true)
        var grey = vfb16()
        grey.variable.grayscale = 1
        #expect(refused(grey)?.hasPrefix("/dev/fb0: it is set to grey levels;") == true)
        var overlapping = vfb16()
        overlapping.variable.green = .init(offset: 4, length: 8)
        #expect(refused(overlapping)?.hasPrefix("/dev/fb0: the green channel overlaps another one;") == true)
    }

    @Test("numbers that do not add up are refused: zero sizes, short rows, too little memory")
    func badGeometry() {
        var zero = vfb16()
        zero.variable.xres = 0
        #expect(refused(zero) == "/dev/fb0: the driver reports an unusable screen: the mode is 0x480 (each side must be 1…8192)")
        var short = vfb16()
        short.fixed.lineLength = 1000
        #expect(refused(short) == "/dev/fb0: the driver reports an unusable screen: line_length 1000 bytes is shorter"
            + " than a row of 800 16-bit pixels (1600 bytes)")
        var little = vfb16()
        little.fixed.memoryLength = 1600 * 100
        #expect(refused(little) == "/dev/fb0: the driver reports an unusable screen: its video memory (smem_len 160000"
            + " bytes) is smaller than the visible screen (768000 bytes)")
        var outside = vfb16()
        outside.variable.yoffset = 100
        #expect(refused(outside) == "/dev/fb0: the driver reports an unusable screen: the visible 800x480 at (0, 100)"
            + " lies outside the virtual screen 800x480")
    }
}
