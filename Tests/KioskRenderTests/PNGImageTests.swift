import Foundation
import KioskCore
import KioskRender
import KioskTestSupport
import Testing

@Suite("PNG files")
struct PNGImageTests {
    func temporaryPath(_ name: String) -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-render-\(UUID().uuidString)-\(name)").path
    }

    @Test("writing and reading an opaque image is byte-identical")
    func roundTrip() throws {
        let original = try CanvasSampler.render()
        let path = temporaryPath("sampler.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGImage.write(original, to: path)
        let loaded = try PNGImage.read(path)
        #expect(loaded.width == original.width && loaded.height == original.height)
        #expect(loaded.format == .argb32)
        #expect(bytes(of: loaded) == bytes(of: original))
    }

    @Test("translucent pixels survive a round trip within rounding")
    func translucentRoundTrip() throws {
        let original = try PixelBuffer(width: 4, height: 1)
        original.fill(Color(red: 0.2, green: 0.4, blue: 0.8, alpha: 0.5))
        let path = temporaryPath("translucent.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGImage.write(original, to: path)
        let result = ImageComparison(tolerance: 1).compare(try PNGImage.read(path), to: original)
        #expect(result.passed, "\(result)")
    }

    @Test("an XRGB scanout buffer is written opaque whatever its unused byte holds")
    func xrgbIsOpaque() throws {
        let scanout = try PixelBuffer(width: 3, height: 2, format: .xrgb32)
        for y in 0..<2 { for x in 0..<3 { scanout.setPixel(x: x, y: y, 0x0012_3456) } }  // top byte 0
        let path = temporaryPath("xrgb.png")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNGImage.write(scanout, to: path)
        let loaded = try PNGImage.read(path)
        #expect(loaded.pixel(x: 2, y: 1) == 0xFF12_3456)
    }

    @Test("reading a missing file throws an error naming the cairo call and the path")
    func missingFile() {
        let path = temporaryPath("missing.png")
        let error = caughtError(CairoError.self) { try PNGImage.read(path) }
        #expect(error?.call.contains("cairo_image_surface_create_from_png") == true)
        #expect(error?.call.contains(path) == true)
    }
}
