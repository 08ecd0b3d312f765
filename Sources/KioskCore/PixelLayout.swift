/// A layout that no scanout buffer can have, with what is wrong with it.
public struct PixelLayoutError: Error, CustomStringConvertible, Equatable, Sendable {
    /// What is wrong, in words: "red and green share bit 5".
    public var reason: String
    public var description: String { reason }
}

/// How a display's memory packs one RGB pixel: its size and where each colour channel's bits
/// sit in the pixel value (a little-endian integer of `bitsPerPixel` bits, as the framebuffer
/// and DRM formats define them).
///
/// The shadow buffer is always XRGB8888 (``PixelBuffer``); scanout memory may be XRGB8888
/// (DRM's format, most framebuffers), RGB565 (many small LCDs, cirrus), BGR orders, packed
/// 24 bits, or whatever offsets and lengths an fbdev driver reports in `fb_var_screeninfo`.
/// ``ScanoutBuffer`` converts damaged rectangles from the shadow into this layout.
public struct PixelLayout: Sendable, Hashable, CustomStringConvertible {
    /// One colour channel: `length` bits starting at bit `offset` of the pixel value.
    public struct Channel: Sendable, Hashable {
        /// The lowest bit of the channel in the pixel value.
        public var offset: Int
        /// How many bits the channel has.
        public var length: Int
        /// A channel of `length` bits starting at bit `offset`.
        public init(offset: Int, length: Int) {
            self.offset = offset
            self.length = length
        }

        var mask: UInt32 { length >= 32 ? .max : (1 << UInt32(length)) - 1 }
    }

    /// 16, 24 or 32.
    public let bitsPerPixel: Int
    /// Where red's bits are.
    public let red: Channel
    /// Where green's bits are.
    public let green: Channel
    /// Where blue's bits are.
    public let blue: Channel

    /// The channel lengths a layout may have: up to 16 bits (10-bit panels expand by bit
    /// replication); nothing wider exists in a packed pixel of at most 32 bits with three channels.
    public static let channelLengths = 1...16
    /// The pixel sizes a layout may have, in bits: whole bytes from 2 to 4.
    public static let pixelSizes: Set<Int> = [16, 24, 32]

    /// Checks that the layout can be written: a supported pixel size, each channel inside the
    /// pixel, no two channels sharing a bit.
    public init(bitsPerPixel: Int, red: Channel, green: Channel, blue: Channel) throws(PixelLayoutError) {
        guard Self.pixelSizes.contains(bitsPerPixel) else {
            throw PixelLayoutError(reason: "\(bitsPerPixel) bits per pixel is not supported (16, 24 or 32 are)")
        }
        var used: UInt64 = 0
        for (name, channel) in [("red", red), ("green", green), ("blue", blue)] {
            guard Self.channelLengths.contains(channel.length) else {
                throw PixelLayoutError(reason: "the \(name) channel is \(channel.length) bits long "
                                       + "(1…\(Self.channelLengths.upperBound) are supported)")
            }
            guard channel.offset >= 0, channel.offset + channel.length <= bitsPerPixel else {
                throw PixelLayoutError(reason: "the \(name) channel (bits \(channel.offset)…"
                                       + "\(channel.offset + channel.length - 1)) lies outside a \(bitsPerPixel)-bit pixel")
            }
            let bits = ((UInt64(1) << UInt64(channel.length)) - 1) << UInt64(channel.offset)
            guard used & bits == 0 else {
                throw PixelLayoutError(reason: "the \(name) channel overlaps another one")
            }
            used |= bits
        }
        self.bitsPerPixel = bitsPerPixel
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The layout of the shadow buffer and of DRM's `XRGB8888`: B, G, R, X bytes in memory.
    public static let xrgb8888 = try! PixelLayout(bitsPerPixel: 32, red: .init(offset: 16, length: 8),
                                                  green: .init(offset: 8, length: 8), blue: .init(offset: 0, length: 8))
    /// DRM's `RGB565`, fbdev's usual 16 bpp: red in the top 5 bits, green 6, blue the low 5.
    public static let rgb565 = try! PixelLayout(bitsPerPixel: 16, red: .init(offset: 11, length: 5),
                                                green: .init(offset: 5, length: 6), blue: .init(offset: 0, length: 5))

    /// Bytes per pixel: 2, 3 or 4.
    public var bytesPerPixel: Int { bitsPerPixel / 8 }

    /// The shadow buffer's own layout: rectangles are copied, not converted.
    public var isXRGB8888: Bool { self == .xrgb8888 }

    /// This layout's pixel value for a shadow pixel (`0x..RRGGBB`; the top byte is ignored).
    /// Channels narrower than 8 bits keep the top bits (as pixman and the kernel's DRM format
    /// helpers convert); wider ones repeat the 8 bits, so white stays all ones.
    @inline(__always)
    public func encode(_ xrgb: UInt32) -> UInt32 {
        Self.place(xrgb >> 16 & 0xFF, in: red) | Self.place(xrgb >> 8 & 0xFF, in: green)
            | Self.place(xrgb & 0xFF, in: blue)
    }

    @inline(__always)
    static func place(_ value: UInt32, in channel: Channel) -> UInt32 {
        let scaled: UInt32
        if channel.length <= 8 {
            scaled = value >> UInt32(8 - channel.length)
        } else {
            // Bit replication: 0xAB in 10 bits is 0b1010101110 (0xAB << 2 | 0xAB >> 6).
            var wide: UInt32 = 0
            var filled = 0
            while filled < channel.length {
                wide = wide << 8 | value
                filled += 8
            }
            scaled = wide >> UInt32(filled - channel.length)
        }
        return (scaled & channel.mask) << UInt32(channel.offset)
    }

    /// `XRGB8888`, `RGB565`, `BGR565`, `RGB888` for the common layouts, else the bit fields:
    /// `r5@11 g6@5 b5@0 (16 bpp)`.
    public var description: String {
        let channels = [("R", red), ("G", green), ("B", blue)].sorted { $0.1.offset > $1.1.offset }
        let used = red.length + green.length + blue.length
        let lengths = channels.map { String($0.1.length) }
        // Named like DRM fourccs: channels from the most significant bit down, X for padding.
        let contiguous = channels[1].1.offset + channels[1].1.length == channels[0].1.offset
            && channels[2].1.offset + channels[2].1.length == channels[1].1.offset && channels[2].1.offset == 0
        if contiguous {
            let names = channels.map(\.0).joined()
            let padding = bitsPerPixel - used
            let prefix = padding > 0 ? "X" : ""
            let sizes = (padding > 0 ? [String(padding)] : []) + lengths
            return prefix + names + sizes.joined()
        }
        return "r\(red.length)@\(red.offset) g\(green.length)@\(green.offset) b\(blue.length)@\(blue.offset) "
            + "(\(bitsPerPixel) bpp)"
    }
}
