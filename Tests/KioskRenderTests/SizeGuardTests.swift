import Foundation
import KioskCore
@testable import KioskRender
import KioskUI
import Testing
import KioskTestSupport

/// Buffers are allocated from sizes that come from outside (`--size`, a DRM mode, a PNG file,
/// a config's design size): a size no kiosk panel has is an error, never a trap or an
/// allocation of gigabytes.
@Suite("Size guards")
struct SizeGuardTests {
    @Test("a buffer of more than 8192 pixels a side, or of none, is refused with an error",
          arguments: [(8193, 1), (1, 8193), (100_000, 100_000), (0, 10), (10, -1), (Int.max, Int.max), (Int.min, 1)])
    func bufferSizeOutOfRange(_ width: Int, _ height: Int) {
        let error = caughtError(PixelBufferSizeError.self) { try PixelBuffer(width: width, height: height) }
        #expect(error?.description
            == "PixelBuffer(width: \(width), height: \(height)): a buffer must be 1…8192 pixels a side")
        // Inside the renderer, the same refusal is a CairoError (its typed throws).
        #expect(CairoError(error!).description
            == "PixelBuffer(width: \(width), height: \(height)) failed: a buffer must be 1…8192 pixels a side")
    }

    @Test("a buffer of 8192 pixels a side is allocated")
    func longestSide() throws {
        #expect(try PixelBuffer(width: 8192, height: 1, format: .xrgb32).byteCount == 8192 * 4)
        #expect(try PixelBuffer(width: 1, height: 8192).height == PixelBuffer.maximumSide)
    }

    @Test("a renderer for a panel wider than 8192 pixels is refused with an error")
    func rendererPanelTooLarge() {
        #expect(throws: CairoError.self) {
            try SceneRenderer(designSize: Size(800, 480), panelWidth: 9000, panelHeight: 480, rotation: .none)
        }
    }

    @Test("a renderer for a design size without area is refused with an error, not a trap",
          arguments: [Size(0, 480), Size(800, -1), Size(.nan, 480), Size(.infinity, 480)])
    func rendererDesignSizeWithoutArea(_ designSize: Size) {
        let error = caughtError(CairoError.self) {
            try SceneRenderer(designSize: designSize, panelWidth: 800, panelHeight: 480, rotation: .none)
        }
        #expect(error?.call == "SceneRenderer")
    }

    @Test("a retained layer larger than 8192 device pixels a side fails the frame instead of allocating")
    func retainedLayerTooLarge() throws {
        let canvas = try CairoCanvas(buffer: try PixelBuffer(width: 64, height: 64),
                                     transform: AffineTransform(a: 1000, b: 0, c: 0, d: 1000, tx: 0, ty: 0))
        let layer = RetainedLayer(id: "screen", bounds: Rect(0, 0, 800, 480)) { _, _ in }
        canvas.beginFrame()
        canvas.drawRetained(layer, transform: .identity, opacity: 1)
        let error = caughtError(CairoError.self) { try canvas.endFrame() }
        #expect(error?.call == "retained layer")
    }

    @Test("text too large for FreeType at the canvas's scale is left out with an error; the rest still draws")
    func textBeyondFreeTypeAtScale() throws {
        // A 64x64 design on an 8192x8192 panel is scale 128: 24 px text would need FreeType to
        // size a face at 24 × 128² pixels per em, beyond its 65535.
        let buffer = try PixelBuffer(width: 256, height: 256)
        let canvas = try CairoCanvas(buffer: buffer, transform: AffineTransform(a: 128, b: 0, c: 0, d: 128, tx: 0, ty: 0))
        let white = PixelBuffer.pixelValue(.white)
        canvas.beginFrame()
        canvas.drawText("Hi", style: TextStyle(font: "sans-serif 24px", color: .white), in: Rect(0, 0, 2, 2))
        canvas.fill(.rect(Rect(0, 0, 1, 1)), .solid(.white))
        let error = caughtError(CairoError.self) { try canvas.endFrame() }
        #expect(error?.call == "drawText")
        #expect(buffer.pixel(x: 64, y: 64) == white, "drawing after the text went on")
        // The context is not left broken: the next frame draws and reports nothing.
        canvas.beginFrame()
        canvas.fill(.rect(Rect(1, 1, 1, 1)), .solid(.white))
        try canvas.endFrame()
        #expect(buffer.pixel(x: 192, y: 192) == white)
        // At a size FreeType can take at this scale (3 px × 128² < 65535), text is drawn.
        canvas.beginFrame()
        canvas.drawText("Hi", style: TextStyle(font: "sans-serif 3px", color: .white), in: Rect(0, 0, 2, 2))
        try canvas.endFrame()
    }

    @Test("a glow wider than 2048x2048 buffer pixels paints its gradient directly instead of caching images of it")
    func gradientRasterCap() throws {
        let gradient = Paint.linear(from: Point(0, 0), to: Point(64, 64),
                                    stops: [GradientStop(0, .white), GradientStop(1, .black)])
        let arc = Path.arc(center: Point(32, 32), radius: 24, start: 0, end: -1.5 * .pi, clockwise: false)
        func rasters(scale: Double) throws -> Int {
            let side = Int(64 * scale)
            let canvas = try CairoCanvas(buffer: try PixelBuffer(width: side, height: side),
                                         transform: AffineTransform(a: scale, b: 0, c: 0, d: scale, tx: 0, ty: 0))
            canvas.beginFrame()
            canvas.blurredStroke(arc, width: 8, gradient, cap: .round, blur: 4)
            try canvas.endFrame()
            return canvas.gradientRasters.count
        }
        #expect(try rasters(scale: 4) == 1)
        #expect(try rasters(scale: 40) == 0)
    }

    @Test("a PNG of more than 8192 pixels a side is refused with an error")
    func pngTooLarge() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wide-\(getpid()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(TinyPNG.grey(width: 9000, height: 1)).write(to: URL(fileURLWithPath: path))
        let error = caughtError(CairoError.self) { try PNGImage.read(path) }
        #expect(error?.call == "PixelBuffer(width: 9000, height: 1)")
    }
}

/// The smallest encoder that makes a valid PNG of any size: 8-bit greyscale, one zlib block
/// stored without compression (so at most 65535 bytes of image data).
enum TinyPNG {
    static func grey(width: Int, height: Int) -> [UInt8] {
        var raw: [UInt8] = []
        for _ in 0..<height { raw += [0] + [UInt8](repeating: 0x80, count: width) }   // filter byte 0: none
        precondition(raw.count <= 0xFFFF, "one stored block holds at most 65535 bytes")
        let length = UInt16(raw.count)
        var zlib: [UInt8] = [0x78, 0x01, 0x01, UInt8(length & 0xFF), UInt8(length >> 8),
                             UInt8(~length & 0xFF), UInt8(~length >> 8)]
        zlib += raw + bigEndian(adler32(raw))
        let header = bigEndian(UInt32(width)) + bigEndian(UInt32(height)) + [8, 0, 0, 0, 0]
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
            + chunk("IHDR", header) + chunk("IDAT", zlib) + chunk("IEND", [])
    }

    private static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return bigEndian(UInt32(data.count)) + body + bigEndian(crc32(body))
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }

    private static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }

    private static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }
}
