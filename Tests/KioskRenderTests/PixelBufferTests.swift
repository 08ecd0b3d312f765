import KioskCore
import KioskRender
import Testing

@Suite("PixelBuffer")
struct PixelBufferTests {
    /// A buffer whose every pixel holds a distinct value derived from its position.
    static func patterned(width: Int, height: Int, seed: UInt32 = 0) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { buffer.setPixel(x: x, y: y, 0xFF00_0000 | UInt32(y << 12 | x) &+ seed) }
        }
        return buffer
    }

    @Test("rows use cairo's stride and the memory is 64-byte aligned")
    func layout() throws {
        let buffer = try PixelBuffer(width: 33, height: 7)
        #expect(buffer.stride >= 33 * 4 && buffer.stride % 4 == 0)
        #expect(buffer.byteCount == buffer.stride * 7)
        #expect(UInt(bitPattern: buffer.bytes) % 64 == 0)
        #expect(buffer.pixel(x: 32, y: 6) == 0)
    }

    @Test("fill stores the premultiplied colour cairo would paint")
    func fill() throws {
        let color = Color(red: 0.2, green: 0.6, blue: 0.9, alpha: 0.5)
        let filled = try PixelBuffer(width: 8, height: 4)
        filled.fill(color)
        let painted = try PixelBuffer(width: 8, height: 4)
        let canvas = try CairoCanvas(buffer: painted)
        canvas.beginFrame()
        canvas.fill(.rect(Rect(0, 0, 8, 4)), .solid(color))
        try canvas.endFrame()
        #expect(bytes(of: filled) == bytes(of: painted))
        #expect(PixelBuffer.pixelValue(.white) == 0xFFFF_FFFF)
        #expect(PixelBuffer.pixelValue(Color(red: 1, green: 0, blue: 0, alpha: 0.5)) == 0x8080_0000)
    }

    @Test("copy moves exactly the rectangle and nothing else")
    func copyRect() throws {
        let source = try Self.patterned(width: 20, height: 10, seed: 7)
        let target = try PixelBuffer(width: 20, height: 10)
        target.fill(.black)
        target.copy(Rect(3, 2, 5, 4), from: source)
        for y in 0..<10 {
            for x in 0..<20 {
                let inside = (3..<8).contains(x) && (2..<6).contains(y)
                let expected = inside ? source.pixel(x: x, y: y) : PixelBuffer.pixelValue(.black)
                #expect(target.pixel(x: x, y: y) == expected, "pixel (\(x), \(y))")
            }
        }
    }

    @Test("copy rounds a fractional rectangle out to whole pixels")
    func copyFractional() throws {
        let source = try Self.patterned(width: 10, height: 10)
        let target = try PixelBuffer(width: 10, height: 10)
        target.copy(Rect(2.5, 2.5, 1, 1), from: source)  // covers pixels 2...3 in both directions
        #expect(target.pixel(x: 2, y: 2) == source.pixel(x: 2, y: 2))
        #expect(target.pixel(x: 3, y: 3) == source.pixel(x: 3, y: 3))
        #expect(target.pixel(x: 4, y: 3) == 0 && target.pixel(x: 1, y: 2) == 0)
    }

    @Test("a rectangle partly outside the buffer is clipped; one fully outside copies nothing")
    func copyClipped() throws {
        let source = try Self.patterned(width: 12, height: 8)
        let target = try PixelBuffer(width: 12, height: 8)
        target.copy(Rect(-5, 6, 10, 10), from: source)
        for y in 0..<8 {
            for x in 0..<12 {
                let inside = x < 5 && y >= 6
                #expect(target.pixel(x: x, y: y) == (inside ? source.pixel(x: x, y: y) : 0), "pixel (\(x), \(y))")
            }
        }
        let untouched = try PixelBuffer(width: 12, height: 8)
        untouched.copy(Rect(100, 100, 5, 5), from: source)
        untouched.copy(Rect(-20, 0, 10, 8), from: source)
        #expect(bytes(of: untouched).allSatisfy { $0 == 0 })
    }

    @Test("an empty rectangle copies nothing")
    func copyEmpty() throws {
        let source = try Self.patterned(width: 6, height: 6)
        let target = try PixelBuffer(width: 6, height: 6)
        target.copy(Rect(2, 2, 0, 3), from: source)
        target.copy(.zero, from: source)
        #expect(bytes(of: target).allSatisfy { $0 == 0 })
    }

    @Test("full-width bands and copyAll copy between buffers with different strides")
    func copyAcrossStrides() throws {
        let source = try Self.patterned(width: 16, height: 6)
        // Wrap external memory with a wider stride, as a DRM dumb buffer with a padded pitch would be.
        let pitch = 128
        let memory = UnsafeMutableRawPointer.allocate(byteCount: pitch * 6, alignment: 64)
        memory.initializeMemory(as: UInt8.self, repeating: 0xAB, count: pitch * 6)
        defer { memory.deallocate() }
        let scanout = PixelBuffer(width: 16, height: 6, stride: pitch, bytes: memory, owner: nil, format: .argb32)
        scanout.copy(Rect(0, 1, 16, 2), from: source)
        #expect(scanout.pixel(x: 0, y: 0) == 0xABAB_ABAB)
        #expect(scanout.pixel(x: 15, y: 2) == source.pixel(x: 15, y: 2))
        #expect(scanout.pixel(x: 0, y: 3) == 0xABAB_ABAB)
        // Padding bytes past the row's pixels are never written.
        #expect(memory.load(fromByteOffset: pitch + 16 * 4, as: UInt32.self) == 0xABAB_ABAB)
        scanout.copyAll(from: source)
        #expect(bytes(of: scanout) == bytes(of: source))
    }

    @Test("a wrapped buffer keeps its owner alive and never frees the memory itself")
    func wrappedOwner() throws {
        final class Mapping {
            let memory = UnsafeMutableRawPointer.allocate(byteCount: 4 * 4 * 4, alignment: 64)
            deinit { memory.deallocate() }
        }
        weak var weakMapping: Mapping?
        var buffer: PixelBuffer?
        do {
            let mapping = Mapping()
            weakMapping = mapping
            buffer = PixelBuffer(width: 4, height: 4, stride: 16, bytes: mapping.memory, owner: mapping)
        }
        #expect(weakMapping != nil)
        buffer?.fill(.white)
        #expect(buffer?.pixel(x: 3, y: 3) == 0xFFFF_FFFF)
        #expect(buffer?.format == .xrgb32)
        buffer = nil
        #expect(weakMapping == nil)
    }
}
