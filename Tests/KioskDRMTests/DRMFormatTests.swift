import KioskCore
import Testing
@testable import KioskDRM

@Suite("DRM scanout format")
struct DRMFormatTests {
    @Test("a driver that prefers 16 bpp (cirrus) gets RGB565 first; others XRGB8888 first")
    func preferredDepth() {
        #expect(DRMFormat.candidates(preferredDepth: 16, planeFormats: nil) == [.rgb565, .xrgb8888])
        #expect(DRMFormat.candidates(preferredDepth: 24, planeFormats: nil) == [.xrgb8888, .rgb565])
        #expect(DRMFormat.candidates(preferredDepth: 0, planeFormats: nil) == [.xrgb8888, .rgb565])
        #expect(DRMFormat.candidates(preferredDepth: nil, planeFormats: nil) == [.xrgb8888, .rgb565])
    }

    @Test("only formats the primary plane lists are tried")
    func planeFormats() {
        #expect(DRMFormat.candidates(preferredDepth: 24, planeFormats: [.rgb565]) == [.rgb565])
        #expect(DRMFormat.candidates(preferredDepth: 16, planeFormats: [.xrgb8888]) == [.xrgb8888])
        #expect(DRMFormat.candidates(preferredDepth: 16, planeFormats: [.xrgb8888, .rgb565]) == [.rgb565, .xrgb8888])
    }

    @Test("each format's fourcc, layout and legacy depth")
    func values() {
        #expect(DRMFormat.xrgb8888.fourcc == 0x3432_5258)   // 'XR24'
        #expect(DRMFormat.rgb565.fourcc == 0x3631_4752)     // 'RG16'
        #expect(DRMFormat(fourcc: 0x3631_4752) == .rgb565)
        #expect(DRMFormat(fourcc: 0x3432_5241) == nil)      // 'AR24': not one of ours
        #expect(DRMFormat.rgb565.layout == .rgb565 && DRMFormat.rgb565.depth == 16 && DRMFormat.rgb565.bitsPerPixel == 16)
        #expect(DRMFormat.xrgb8888.layout == .xrgb8888 && DRMFormat.xrgb8888.depth == 24)
    }
}
