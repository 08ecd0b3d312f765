import KioskCore
import KioskRender
import Testing

@Suite("ImageComparison")
struct ImageComparisonTests {
    static func grey(width: Int = 8, height: Int = 6) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: width, height: height)
        buffer.fill(Color(red: 0.5, green: 0.5, blue: 0.5))
        return buffer
    }

    @Test("identical images pass")
    func identical() throws {
        let result = ImageComparison().compare(try Self.grey(), to: try Self.grey())
        #expect(result.passed)
        #expect(result.differingPixels == 0 && result.maxChannelDelta == 0 && !result.sizeMismatch)
    }

    @Test("one pixel off by 3 with tolerance 2 is reported with count 1 and max delta 3")
    func onePixelOff() throws {
        let expected = try Self.grey(), actual = try Self.grey()
        actual.setPixel(x: 4, y: 2, expected.pixel(x: 4, y: 2) + 3)  // blue channel +3
        let result = ImageComparison(tolerance: 2).compare(actual, to: expected)
        #expect(!result.passed)
        #expect(result.differingPixels == 1)
        #expect(result.maxChannelDelta == 3)
        #expect(ImageComparison(tolerance: 2, allowedDifferingPixels: 1).compare(actual, to: expected).passed)
        #expect(ImageComparison(tolerance: 3).compare(actual, to: expected).passed)
    }

    @Test("differences within the tolerance pass but still report their size")
    func withinTolerance() throws {
        let expected = try Self.grey(), actual = try Self.grey()
        actual.setPixel(x: 0, y: 0, expected.pixel(x: 0, y: 0) - 0x0200)  // green −2
        let result = ImageComparison().compare(actual, to: expected)
        #expect(result.passed && result.differingPixels == 0 && result.maxChannelDelta == 2)
    }

    @Test("a size mismatch is reported and fails")
    func sizeMismatch() throws {
        let result = ImageComparison().compare(try Self.grey(width: 8, height: 6), to: try Self.grey(width: 8, height: 7))
        #expect(result.sizeMismatch && !result.passed)
        #expect(result.description.contains("expected 8x7, got 8x6"))
    }

    @Test("the alpha byte is ignored when an image is XRGB")
    func xrgbIgnoresAlpha() throws {
        let expected = try Self.grey()
        let actual = try PixelBuffer(width: 8, height: 6, format: .xrgb32)
        actual.copyAll(from: expected)
        actual.setPixel(x: 1, y: 1, expected.pixel(x: 1, y: 1) & 0x00FF_FFFF)
        #expect(ImageComparison().compare(actual, to: expected).passed)
    }

    @Test("the diff image marks differing pixels red over a faded greyscale of the expected image")
    func diffImage() throws {
        let expected = try Self.grey(), actual = try Self.grey()
        actual.setPixel(x: 4, y: 2, 0xFF00_FF00)
        let diff = try ImageComparison().diffImage(actual, to: expected)
        #expect(diff.width == 8 && diff.height == 6)
        #expect(diff.pixel(x: 4, y: 2) == 0xFFFF_0000)
        let other = diff.pixel(x: 0, y: 0)
        let (r, g, b) = ((other >> 16) & 0xFF, (other >> 8) & 0xFF, other & 0xFF)
        #expect(r == g && g == b && r > 191 && other >> 24 == 0xFF)
    }

    @Test("with different sizes the diff covers both and marks pixels present in only one")
    func diffImageSizeMismatch() throws {
        let diff = try ImageComparison().diffImage(try Self.grey(width: 4, height: 4), to: try Self.grey(width: 6, height: 3))
        #expect(diff.width == 6 && diff.height == 4)
        #expect(diff.pixel(x: 5, y: 0) == 0xFFFF_0000)
        #expect(diff.pixel(x: 0, y: 3) == 0xFFFF_0000)
        #expect(diff.pixel(x: 1, y: 1) != 0xFFFF_0000)
    }
}
