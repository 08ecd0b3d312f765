import KioskBackend
import KioskCore

/// A framebuffer's screen as the kiosk uses it, checked: the visible size, the pixel layout,
/// where the visible area and the pages of the virtual screen lie in video memory, and the
/// refresh interval. Made from the driver's ``ScreenInfo`` by ``init(_:device:)``, which refuses
/// anything the kiosk cannot write correctly, with a message that says what is wrong.
///
/// Pages: when the virtual screen is at least twice as tall as the visible one, the memory
/// holds it, and the driver can pan vertically in steps that divide the height, page `k` is
/// the rows `k·yres ..< (k+1)·yres` and FBIOPAN_DISPLAY to `yoffset = k·yres` shows it (double
/// buffering). Otherwise there is one page: the visible area itself, drawn in place.
struct FramebufferGeometry: Sendable, Equatable {
    let width: Int
    let height: Int
    let layout: PixelLayout
    /// Bytes from one row of the virtual screen to the next.
    let lineLength: Int
    /// The visible area's corner in the virtual screen when the kiosk started (x stays; y is a
    /// page's start once pages are used).
    let xoffset: Int
    let yoffset: Int
    /// Pages the kiosk can flip between by panning: 2 (double buffering) or 1.
    private(set) var pageCount: Int
    let refreshInterval: Duration
    /// The driver's name, for the log line.
    let driver: String
    /// Offset of the video memory within its first page: the mapping starts at the page.
    let memoryOffset: Int

    /// The largest side the kiosk renders (the shadow buffer's limit).
    static let maximumSide = PixelBuffer.maximumSide

    init(_ info: ScreenInfo, device: String, pageSize: Int = 4096) throws(FramebufferError) {
        let v = info.variable, f = info.fixed
        func unsupported(_ reason: String) -> FramebufferError { .unsupportedFormat(device: device, reason: reason) }
        func bad(_ reason: String) -> FramebufferError { .badGeometry(device: device, reason: reason) }

        guard f.type == FixedScreenInfo.packedPixels else {
            throw unsupported("its pixels are \(FixedScreenInfo.typeName(f.type)), not packed pixels")
        }
        guard f.visual == FixedScreenInfo.trueColor || f.visual == FixedScreenInfo.directColor else {
            throw unsupported("it uses \(FixedScreenInfo.visualName(f.visual)) at \(v.bitsPerPixel) bits per pixel")
        }
        guard v.grayscale == 0 else {
            throw unsupported(v.grayscale == 1 ? "it is set to grey levels" : "it uses a fourcc format (\(v.grayscale))")
        }
        guard v.nonstd == 0 else { throw unsupported("it uses a non-standard pixel format (nonstd \(v.nonstd))") }
        guard !(v.red.msbRight || v.green.msbRight || v.blue.msbRight) else {
            throw unsupported("its colour bits are stored most significant bit right")
        }
        let layout: PixelLayout
        do {
            layout = try PixelLayout(bitsPerPixel: v.bitsPerPixel,
                                     red: .init(offset: v.red.offset, length: v.red.length),
                                     green: .init(offset: v.green.offset, length: v.green.length),
                                     blue: .init(offset: v.blue.offset, length: v.blue.length))
        } catch {
            throw unsupported(error.reason)
        }

        let sides = 1...Self.maximumSide
        guard sides.contains(v.xres), sides.contains(v.yres) else {
            throw bad("the mode is \(v.xres)x\(v.yres) (each side must be 1…\(Self.maximumSide))")
        }
        guard v.xoffset >= 0, v.yoffset >= 0, v.xoffset + v.xres <= max(v.xresVirtual, v.xres),
              v.yoffset + v.yres <= max(v.yresVirtual, v.yres) else {
            throw bad("the visible \(v.xres)x\(v.yres) at (\(v.xoffset), \(v.yoffset)) lies outside the virtual "
                      + "screen \(v.xresVirtual)x\(v.yresVirtual)")
        }
        let rowBytes = (v.xoffset + v.xres) * layout.bytesPerPixel
        guard f.lineLength >= rowBytes else {
            throw bad("line_length \(f.lineLength) bytes is shorter than a row of \(v.xoffset + v.xres) "
                      + "\(v.bitsPerPixel)-bit pixels (\(rowBytes) bytes)")
        }
        let visibleEnd = (v.yoffset + v.yres - 1) * f.lineLength + rowBytes
        guard f.memoryLength >= visibleEnd else {
            throw bad("its video memory (smem_len \(f.memoryLength) bytes) is smaller than the visible screen "
                      + "(\(visibleEnd) bytes)")
        }

        width = v.xres
        height = v.yres
        self.layout = layout
        lineLength = f.lineLength
        xoffset = v.xoffset
        yoffset = v.yoffset
        pageCount = Self.pages(info, rowBytes: rowBytes) >= 2 ? 2 : 1
        refreshInterval = Self.refreshInterval(v)
        driver = f.id
        memoryOffset = Int(f.memoryStart % UInt(pageSize))
    }

    /// Whole pages of `yres` rows the kiosk can pan between: the virtual height holds them,
    /// the memory holds them, and the driver pans vertically in steps that divide the height.
    static func pages(_ info: ScreenInfo, rowBytes: Int) -> Int {
        let v = info.variable, f = info.fixed
        guard f.ypanstep > 0, v.yres > 0, v.yres % f.ypanstep == 0, f.lineLength > 0 else { return 1 }
        let inVirtual = v.yresVirtual / v.yres
        // k pages fit when (k·yres − 1) rows plus the visible bytes of the last one do.
        let inMemory = f.memoryLength < rowBytes ? 0 : (f.memoryLength - rowBytes + f.lineLength) / (v.yres * f.lineLength)
        return max(1, min(inVirtual, inMemory))
    }

    /// The virtual height to ask the driver for (FBIOPUT_VSCREENINFO) so that two pages fit,
    /// or nil when there are two already, or the memory cannot hold two, or the driver cannot
    /// pan vertically (then asking would only change the mode for nothing).
    static func doubleBufferingRequest(_ info: ScreenInfo) -> Int? {
        let v = info.variable, f = info.fixed
        let rowBytes = (v.xoffset + v.xres) * (v.bitsPerPixel / 8)
        guard pages(info, rowBytes: rowBytes) < 2, f.ypanstep > 0, v.yres > 0, v.yres % f.ypanstep == 0,
              (2 * v.yres - 1) * f.lineLength + rowBytes <= f.memoryLength else { return nil }
        return 2 * v.yres
    }

    /// The mode's frame period from its timings: (left + xres + right + hsync) ×
    /// (upper + yres + lower + vsync) pixel clocks of `pixclock` picoseconds, halved for
    /// interlaced modes (a pan takes effect at the next field) and doubled for double scan.
    /// Drivers that report no timings (pixclock 0, as DRM's fbdev emulation does) or
    /// implausible ones get 60 Hz; plausible is 1…200 Hz (Weston's fbdev backend used the same
    /// bounds).
    static func refreshInterval(_ v: VariableScreenInfo) -> Duration {
        let fallback = OutputPacer.fallbackRefreshInterval
        let htotal = Int64(v.leftMargin) + Int64(v.xres) + Int64(v.rightMargin) + Int64(v.hsyncLength)
        var vtotal = Int64(v.upperMargin) + Int64(v.yres) + Int64(v.lowerMargin) + Int64(v.vsyncLength)
        guard v.pixclock > 0, htotal > 0, vtotal > 0 else { return fallback }
        if v.vmode & 2 != 0 { vtotal *= 2 }                 // FB_VMODE_DOUBLE
        var picoseconds = htotal.multipliedReportingOverflow(by: vtotal)
        guard !picoseconds.overflow else { return fallback }
        picoseconds = picoseconds.partialValue.multipliedReportingOverflow(by: Int64(v.pixclock))
        guard !picoseconds.overflow else { return fallback }
        var nanoseconds = picoseconds.partialValue / 1000
        if v.vmode & 1 != 0 { nanoseconds /= 2 }            // FB_VMODE_INTERLACED
        guard (5_000_000...1_000_000_000).contains(nanoseconds) else { return fallback }
        return .nanoseconds(nanoseconds)
    }

    /// Byte offset in video memory of pixel (xoffset, `row`) of the virtual screen.
    func offset(ofRow row: Int) -> Int { memoryOffset + row * lineLength + xoffset * layout.bytesPerPixel }

    /// The first row of page `index` (the visible area's own row when there is one page).
    func firstRow(ofPage index: Int) -> Int { pageCount == 1 ? yoffset : index * height }

    /// Bytes of video memory the pages span, from the start of the mapping.
    var mappedLength: Int {
        let lastRow = firstRow(ofPage: pageCount - 1) + height - 1
        return offset(ofRow: lastRow) + width * layout.bytesPerPixel
    }

    /// The same screen drawn in place, for a driver that refuses to pan after all.
    var singlePage: FramebufferGeometry {
        var g = self
        g.pageCount = 1
        return g
    }

    /// `800x480 16 bpp RGB565`.
    var modeDescription: String { "\(width)x\(height) \(layout.bitsPerPixel) bpp \(layout)" }
}
