import KioskCore
import Testing

private func layout(_ bpp: Int, r: (Int, Int), g: (Int, Int), b: (Int, Int)) throws -> PixelLayout {
    try PixelLayout(bitsPerPixel: bpp, red: .init(offset: r.0, length: r.1), green: .init(offset: g.0, length: g.1),
                    blue: .init(offset: b.0, length: b.1))
}

/// A shadow buffer of `width`x`height` with the given pixels row by row.
private func shadow(_ width: Int, _ height: Int, _ pixels: [UInt32]) throws -> PixelBuffer {
    let buffer = try PixelBuffer(width: width, height: height, format: .xrgb32)
    for (i, p) in pixels.enumerated() { buffer.setPixel(x: i % width, y: i / width, p) }
    return buffer
}

/// Scanout memory filled with 0xEE, so that untouched bytes show.
private final class Memory {
    let bytes: UnsafeMutableRawPointer
    let count: Int
    init(_ count: Int) {
        self.count = count
        bytes = .allocate(byteCount: count, alignment: 8)
        bytes.initializeMemory(as: UInt8.self, repeating: 0xEE, count: count)
    }
    deinit { bytes.deallocate() }
    var array: [UInt8] { Array(UnsafeRawBufferPointer(start: bytes, count: count)) }
}

/// The reason a layout is refused, nil when it is not.
private func refusal(_ make: () throws -> PixelLayout) -> String? {
    do {
        _ = try make()
        return nil
    } catch {
        return "\(error)"
    }
}

@Suite("Pixel layouts")
struct PixelLayoutTests {
    static let bgr565 = try! layout(16, r: (0, 5), g: (5, 6), b: (11, 5))
    static let xbgr8888 = try! layout(32, r: (0, 8), g: (8, 8), b: (16, 8))
    static let rgb888 = try! layout(24, r: (16, 8), g: (8, 8), b: (0, 8))
    static let xrgb1555 = try! layout(16, r: (10, 5), g: (5, 5), b: (0, 5))
    static let xrgb2101010 = try! layout(32, r: (20, 10), g: (10, 10), b: (0, 10))

    @Test("RGB565 keeps the top 5, 6 and 5 bits of red, green and blue, as pixman and DRM do")
    func rgb565Values() {
        let l = PixelLayout.rgb565
        #expect(l.encode(0x00FF_0000) == 0xF800)
        #expect(l.encode(0x0000_FF00) == 0x07E0)
        #expect(l.encode(0x0000_00FF) == 0x001F)
        #expect(l.encode(0x00FF_FFFF) == 0xFFFF)
        #expect(l.encode(0x0080_8080) == 0x8410)
        #expect(l.encode(0x0010_2030) == 0x1106)   // the VM test's background #102030
        #expect(l.encode(0xFF00_0000) == 0)        // the shadow's top byte is not colour
    }

    @Test("channel orders follow the offsets the driver reports: BGR565, XBGR8888, RGB888, XRGB1555")
    func otherOrders() {
        #expect(Self.bgr565.encode(0x00FF_0000) == 0x001F)
        #expect(Self.bgr565.encode(0x0000_00FF) == 0xF800)
        #expect(Self.xbgr8888.encode(0x0011_2233) == 0x0033_2211)
        #expect(Self.rgb888.encode(0x0011_2233) == 0x0011_2233)
        #expect(Self.xrgb1555.encode(0x00FF_0000) == 0x7C00)
        #expect(Self.xrgb1555.encode(0x0000_FF00) == 0x03E0)
        #expect(Self.xrgb1555.encode(0x0000_00FF) == 0x001F)
    }

    @Test("channels wider than 8 bits repeat the bits, so white stays all ones")
    func wideChannels() {
        #expect(Self.xrgb2101010.encode(0x00FF_FFFF) == 0x3FFF_FFFF)
        // 0xAB in 10 bits: 0b10_1010_1110 (0xAB << 2 | 0xAB >> 6).
        #expect(Self.xrgb2101010.encode(0x0000_00AB) == 0x2AE)
        #expect(Self.xrgb2101010.encode(0x00AB_0000) == 0x2AE << 20)
    }

    @Test("a 2x2 frame into RGB565 memory gives exactly these little-endian bytes")
    func rgb565Bytes() throws {
        let frame = try shadow(2, 2, [0x00FF_0000, 0x0000_FF00, 0x0000_00FF, 0x00FF_FFFF])
        let memory = Memory(2 * 4)
        let buffer = ScanoutBuffer(bytes: memory.bytes, width: 2, height: 2, stride: 4, layout: .rgb565)
        #expect(buffer.write(buffer.bounds, from: frame) == 8)
        #expect(memory.array == [0x00, 0xF8, 0xE0, 0x07, 0x1F, 0x00, 0xFF, 0xFF])
    }

    @Test("BGR565 and 24-bit memory get their own exact bytes")
    func otherLayoutBytes() throws {
        let frame = try shadow(2, 1, [0x00FF_0000, 0x0011_2233])
        let bgr = Memory(4)
        ScanoutBuffer(bytes: bgr.bytes, width: 2, height: 1, stride: 4, layout: Self.bgr565).write(Rect(0, 0, 2, 1), from: frame)
        // red → 0x001F; 0x112233 → b 0x33>>3=6 at 11, g 0x22>>2=8 at 5, r 0x11>>3=2: 0x3102
        #expect(bgr.array == [0x1F, 0x00, 0x02, 0x31])
        let packed = Memory(6)
        ScanoutBuffer(bytes: packed.bytes, width: 2, height: 1, stride: 6, layout: Self.rgb888).write(Rect(0, 0, 2, 1), from: frame)
        #expect(packed.array == [0x00, 0x00, 0xFF, 0x33, 0x22, 0x11])
    }

    @Test("every write path stores what encode says, little-endian, for each layout",
          arguments: [PixelLayout.xrgb8888, .rgb565, bgr565, xbgr8888, rgb888, xrgb1555, xrgb2101010])
    func writePathsAgree(layout: PixelLayout) throws {
        let pixels: [UInt32] = [0, 0x00FF_FFFF, 0x0012_3456, 0x00AB_CDEF, 0x0080_0000, 0x0000_8000, 0x0000_0080, 0x00FE_0102]
        let frame = try shadow(8, 1, pixels)
        let bpp = layout.bytesPerPixel
        let memory = Memory(8 * bpp)
        ScanoutBuffer(bytes: memory.bytes, width: 8, height: 1, stride: 8 * bpp, layout: layout).write(Rect(0, 0, 8, 1), from: frame)
        let bytes = memory.array
        for (i, p) in pixels.enumerated() {
            var stored: UInt32 = 0
            for b in 0..<bpp { stored |= UInt32(bytes[i * bpp + b]) << UInt32(8 * b) }
            let want = layout.isXRGB8888 ? p : layout.encode(p)
            #expect(stored == want, "pixel \(i) in \(layout)")
        }
    }

    @Test("only the rectangle's pixels are written: neighbours and row padding keep their bytes")
    func onlyTheRectangle() throws {
        let frame = try shadow(4, 3, Array(repeating: 0x00FF_FFFF, count: 12))
        let stride = 4 * 2 + 6                             // 6 bytes of padding per row
        let memory = Memory(stride * 3)
        let buffer = ScanoutBuffer(bytes: memory.bytes, width: 4, height: 3, stride: stride, layout: .rgb565)
        #expect(buffer.write(Rect(1, 1, 2, 1), from: frame) == 4)
        var expected = [UInt8](repeating: 0xEE, count: stride * 3)
        for i in (stride + 2)..<(stride + 6) { expected[i] = 0xFF }
        #expect(memory.array == expected)
    }

    @Test("rectangles are rounded out and clipped; an empty or NaN one writes nothing")
    func clipping() throws {
        let frame = try shadow(4, 2, Array(repeating: 0, count: 8))
        let memory = Memory(4 * 2 * 2)
        let buffer = ScanoutBuffer(bytes: memory.bytes, width: 4, height: 2, stride: 8, layout: .rgb565)
        #expect(buffer.write(Rect(3.5, 1.5, 10, 10), from: frame) == 2)
        #expect(buffer.write(Rect(0.2, 0, 0.5, 1), from: frame) == 2)
        #expect(buffer.write(Rect(9, 9, 1, 1), from: frame) == 0)
        #expect(buffer.write(Rect(.nan, 0, 1, 1), from: frame) == 0)
    }

    @Test("XRGB8888 memory gets the shadow's bytes unchanged")
    func xrgbIsACopy() throws {
        let frame = try shadow(3, 2, [1, 2, 3, 4, 5, 0x00AB_CDEF])
        let memory = Memory(3 * 4 * 2)
        let buffer = ScanoutBuffer(bytes: memory.bytes, width: 3, height: 2, stride: 12, layout: .xrgb8888)
        #expect(buffer.write(buffer.bounds, from: frame) == 24)
        #expect(Array(memory.array.suffix(4)) == [0xEF, 0xCD, 0xAB, 0x00])
        #expect(memory.bytes.load(fromByteOffset: 4, as: UInt32.self) == 2)
    }

    @Test("layouts are named like DRM formats when they are one, else by their bit fields")
    func names() throws {
        #expect(PixelLayout.xrgb8888.description == "XRGB8888")
        #expect(PixelLayout.rgb565.description == "RGB565")
        #expect(Self.bgr565.description == "BGR565")
        #expect(Self.xbgr8888.description == "XBGR8888")
        #expect(Self.rgb888.description == "RGB888")
        #expect(Self.xrgb1555.description == "XRGB1555")
        #expect(try layout(32, r: (24, 8), g: (16, 8), b: (8, 8)).description == "r8@24 g8@16 b8@8 (32 bpp)")
    }

    @Test("impossible layouts are refused with the reason")
    func refusals() {
        #expect(refusal { try layout(8, r: (5, 3), g: (2, 3), b: (0, 2)) } == "8 bits per pixel is not supported (16, 24 or 32 are)")
        #expect(refusal { try layout(16, r: (11, 5), g: (5, 0), b: (0, 5)) } == "the green channel is 0 bits long (1…16 are supported)")
        #expect(refusal { try layout(16, r: (0, 5), g: (5, 6), b: (14, 5)) } == "the blue channel (bits 14…18) lies outside a 16-bit pixel")
        #expect(refusal { try layout(16, r: (11, 5), g: (4, 8), b: (0, 5)) } == "the green channel overlaps another one")
    }
}
