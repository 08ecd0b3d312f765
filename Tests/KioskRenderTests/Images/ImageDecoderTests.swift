import KioskCore
@testable import KioskRender
import KioskTestSupport
import Testing

@Suite struct ImageDecoderTests {
    @Test func aPNGDecodesToItsPixels() throws {
        let original = try TestImages.quadrants()
        let decoded = try ImageDecoder.decode(TestImages.png(original))
        #expect(decoded.width == 32 && decoded.height == 16)
        #expect(TestImages.corners(decoded) == [TestImages.red, TestImages.green, TestImages.white, TestImages.blue])
    }

    @Test func aPNGWithAlphaKeepsItPremultiplied() throws {
        let original = try PixelBuffer(width: 4, height: 4)
        original.setPixel(x: 1, y: 1, 0x8040_0000)   // half-transparent red, premultiplied
        let decoded = try ImageDecoder.decode(TestImages.png(original))
        #expect(decoded.pixel(x: 1, y: 1) == 0x8040_0000)
        #expect(decoded.pixel(x: 0, y: 0) == 0)
    }

    @Test func aJPEGDecodesToItsPixelsWithinTheLossOfJPEG() throws {
        let decoded = try ImageDecoder.decode(TestImages.jpeg(TestImages.quadrants()))
        #expect(decoded.width == 32 && decoded.height == 16)
        let expected = [TestImages.red, TestImages.green, TestImages.white, TestImages.blue]
        for (found, wanted) in zip(TestImages.corners(decoded), expected) {
            #expect(TestImages.near(found, wanted), "found \(String(found, radix: 16)), wanted \(String(wanted, radix: 16))")
        }
        #expect(decoded.pixel(x: 5, y: 5) >> 24 == 0xFF)   // opaque
    }

    /// Corners clockwise from the top-left of the upright picture, for each EXIF orientation
    /// of the stored quadrants (R G / B W). 6 is a phone held upright: turn clockwise to show.
    static let orientations: [(Int, [UInt32], swaps: Bool)] = {
        let r = TestImages.red, g = TestImages.green, b = TestImages.blue, w = TestImages.white
        return [(1, [r, g, w, b], false), (2, [g, r, b, w], false), (3, [w, b, r, g], false), (4, [b, w, g, r], false),
                (5, [r, b, w, g], true), (6, [b, r, g, w], true), (7, [w, g, r, b], true), (8, [g, w, b, r], true)]
    }()

    @Test(arguments: 0..<8)
    func theExifOrientationTurnsAndMirrorsAfterDecoding(_ index: Int) throws {
        let (orientation, corners, swaps) = Self.orientations[index]
        for bigEndian in [false, true] {
            let jpeg = TestImages.withOrientation(try TestImages.jpeg(TestImages.quadrants()), orientation, bigEndian: bigEndian)
            #expect(try ImageDecoder.header(jpeg).orientation.rawValue == orientation)
            let decoded = try ImageDecoder.decode(jpeg)
            #expect(decoded.width == (swaps ? 16 : 32) && decoded.height == (swaps ? 32 : 16))
            #expect(try ImageDecoder.header(jpeg).uprightSize == Size(Double(decoded.width), Double(decoded.height)))
            for (found, wanted) in zip(TestImages.corners(decoded), corners) {
                #expect(TestImages.near(found, wanted), "orientation \(orientation): \(String(found, radix: 16))")
            }
        }
    }

    @Test func aBrokenOrMissingExifTagLeavesThePhotoAsStored() throws {
        let jpeg = try TestImages.jpeg(TestImages.quadrants())
        #expect(try ImageDecoder.header(jpeg).orientation == .up)
        #expect(try ImageDecoder.header(TestImages.withOrientation(jpeg, 9)).orientation == .up)
        #expect(try ImageDecoder.header(TestImages.withOrientation(jpeg, 0)).orientation == .up)
        // Cut inside the Exif segment: the segment claims to run past the end of the bytes.
        let cut = TestImages.withOrientation(jpeg, 6)
        #expect(cut.withUnsafeBytes { ExifOrientation.of(jpeg: UnsafeRawBufferPointer(rebasing: $0[0..<30])) } == .up)
    }

    @Test func somethingElseIsRefusedWithItsReason() {
        #expect(caughtError(ImageError.self) { try ImageDecoder.decode([]) }?.reason == "is empty")
        #expect(caughtError(ImageError.self) { try ImageDecoder.decode(Array("GIF89a......".utf8)) }?.reason
                == "is not a PNG or JPEG image")
        let svg = Array(#"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"/>"#.utf8)
        #expect(caughtError(ImageError.self) { try ImageDecoder.decode(svg) }?.reason
                == "is an SVG image; the kiosk reads PNG and JPEG only (export the icon as a PNG)")
    }

    @Test func aFileCutShortIsAnErrorNotHalfAPicture() throws {
        let jpeg = try TestImages.jpeg(TestImages.quadrants(width: 64, height: 64))
        let jpegError = caughtError(ImageError.self) { try ImageDecoder.decode(Array(jpeg.prefix(jpeg.count * 2 / 3))) }
        #expect(jpegError?.reason.hasPrefix("is not a valid JPEG image (") == true)
        let png = try TestImages.png(TestImages.quadrants(width: 64, height: 64))
        let pngError = caughtError(ImageError.self) { try ImageDecoder.decode(Array(png.prefix(png.count - 20))) }
        #expect(pngError?.reason.hasPrefix("is not a valid PNG image (") == true)
    }

    /// A PNG header claiming a huge size, with nothing behind it: refused from the header,
    /// before anything is inflated.
    static func pngHeader(width: Int, height: Int) -> [UInt8] {
        func be32(_ v: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((v >> $0) & 0xFF) } }
        // Appended piece by piece: one expression of six `+` is more than Swift 6.0 can type-check.
        var bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        bytes += be32(13)
        bytes += Array("IHDR".utf8)
        bytes += be32(width)
        bytes += be32(height)
        bytes += [8, 6, 0, 0, 0, 0, 0, 0, 0]
        return bytes
    }

    @Test func imagesPastTheLimitsAreRefusedFromTheirHeader() {
        #expect(caughtError(ImageError.self) { try ImageDecoder.decode(Self.pngHeader(width: 9000, height: 10)) }?.reason
                == "is 9000x10 pixels; images may be at most 8192 pixels a side")
        #expect(caughtError(ImageError.self) { try ImageDecoder.decode(Self.pngHeader(width: 8000, height: 8000)) }?.reason
                == "is 8000x8000 pixels (244 MiB decoded); images may take at most 128 MiB decoded")
        #expect(caughtError(ImageError.self) { try ImageDecoder.decode(Self.pngHeader(width: 0, height: 10)) }?.reason
                == "has no pixels (0x10)")
        let huge = [UInt8](repeating: 0, count: ImageLimits.maximumFileBytes + 1)
        #expect(caughtError(ImageError.self) { try ImageDecoder.decode(huge) }?.reason
                == "is 33554433 bytes; image files may be at most 32 MiB")
    }
}
