import KioskCore
/// Compares two images pixel by pixel with a per-channel tolerance, for golden-image tests.
///
/// Anti-aliasing, gradient dithering and font rasterisation may differ by a unit or two
/// between library versions; a tolerance of 2/255 per channel absorbs that while any real
/// change (a moved edge, a different colour) still shows up. Channels are compared as stored
/// (premultiplied); the alpha byte is ignored when either image is `.xrgb32`.
public struct ImageComparison: Sendable {
    /// Largest accepted difference of one channel, in 1/255 steps.
    public var tolerance: Int
    /// How many pixels may exceed the tolerance before the images count as different.
    public var allowedDifferingPixels: Int

    /// A comparison allowing `tolerance` steps per channel and `allowedDifferingPixels` pixels beyond it (negative values count as 0).
    public init(tolerance: Int = 2, allowedDifferingPixels: Int = 0) {
        self.tolerance = max(0, tolerance)
        self.allowedDifferingPixels = max(0, allowedDifferingPixels)
    }

    /// The outcome of one comparison.
    public struct Result: Sendable, Equatable, CustomStringConvertible {
        /// The golden image's size.
        public var expectedSize: (width: Int, height: Int)
        /// The rendered image's size.
        public var actualSize: (width: Int, height: Int)
        /// Pixels with at least one channel off by more than the tolerance (0 on a size mismatch).
        public var differingPixels: Int
        /// The largest difference of any channel of any pixel, over the whole image.
        public var maxChannelDelta: Int
        /// How many differing pixels the comparison allowed.
        public var allowedDifferingPixels: Int

        /// The images differ in size, so no pixel was compared.
        public var sizeMismatch: Bool { expectedSize != actualSize }
        /// The images match: same size and no more differing pixels than allowed.
        public var passed: Bool { !sizeMismatch && differingPixels <= allowedDifferingPixels }

        public static func == (a: Result, b: Result) -> Bool {
            a.expectedSize == b.expectedSize && a.actualSize == b.actualSize && a.differingPixels == b.differingPixels
                && a.maxChannelDelta == b.maxChannelDelta && a.allowedDifferingPixels == b.allowedDifferingPixels
        }

        public var description: String {
            if sizeMismatch {
                return "size mismatch: expected \(expectedSize.width)x\(expectedSize.height), "
                    + "got \(actualSize.width)x\(actualSize.height)"
            }
            return "\(differingPixels) pixel(s) over tolerance (allowed \(allowedDifferingPixels)), "
                + "max channel delta \(maxChannelDelta)"
        }
    }

    /// Compares `actual` with `expected`.
    public func compare(_ actual: PixelBuffer, to expected: PixelBuffer) -> Result {
        var result = Result(expectedSize: (expected.width, expected.height), actualSize: (actual.width, actual.height),
                            differingPixels: 0, maxChannelDelta: 0, allowedDifferingPixels: allowedDifferingPixels)
        guard !result.sizeMismatch else { return result }
        let mask = Self.channelMask(actual, expected)
        for y in 0..<expected.height {
            let a = actual.row(y), e = expected.row(y)
            for x in 0..<expected.width {
                let pa = a[x] & mask, pe = e[x] & mask
                if pa == pe { continue }
                let delta = Self.maxChannelDelta(pa, pe)
                if delta > result.maxChannelDelta { result.maxChannelDelta = delta }
                if delta > tolerance { result.differingPixels += 1 }
            }
        }
        return result
    }

    /// An opaque picture of where the images differ: pixels over the tolerance in pure red,
    /// all others a faded greyscale of `expected` so the differences can be located. With
    /// different sizes the picture covers both, and pixels present in only one image are red.
    /// (Both are buffers, so the picture is never larger than `PixelBuffer.maximumSide`.)
    package func diffImage(_ actual: PixelBuffer, to expected: PixelBuffer) throws(CairoError) -> PixelBuffer {
        let width = max(actual.width, expected.width), height = max(actual.height, expected.height)
        let diff = try PixelBuffer.allocate(width: width, height: height, format: .argb32)
        let mask = Self.channelMask(actual, expected)
        let red: UInt32 = 0xFFFF_0000
        for y in 0..<height {
            let row = diff.row(y)
            for x in 0..<width {
                guard x < actual.width, y < actual.height, x < expected.width, y < expected.height else {
                    row[x] = red
                    continue
                }
                let pe = expected.row(y)[x] & mask, pa = actual.row(y)[x] & mask
                if Self.maxChannelDelta(pa, pe) > tolerance {
                    row[x] = red
                } else {
                    // Luma of the (premultiplied) expected colour, faded three quarters towards white.
                    let luma = (299 * ((pe >> 16) & 0xFF) + 587 * ((pe >> 8) & 0xFF) + 114 * (pe & 0xFF)) / 1000
                    let g = 191 + luma / 4
                    row[x] = 0xFF00_0000 | g << 16 | g << 8 | g
                }
            }
        }
        return diff
    }

    /// All four bytes, or only the colour bytes when an image's alpha byte is meaningless.
    private static func channelMask(_ a: PixelBuffer, _ b: PixelBuffer) -> UInt32 {
        a.format == .xrgb32 || b.format == .xrgb32 ? 0x00FF_FFFF : 0xFFFF_FFFF
    }

    private static func maxChannelDelta(_ a: UInt32, _ b: UInt32) -> Int {
        var m = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let d = abs(Int((a >> UInt32(shift)) & 0xFF) - Int((b >> UInt32(shift)) & 0xFF))
            if d > m { m = d }
        }
        return m
    }
}
