/// Memory a display scans out (a mapped framebuffer page, a DRM dumb buffer) in some
/// ``PixelLayout``, written from rectangles of the XRGB8888 shadow buffer.
///
/// Scanout memory is write-combined or uncached on most hardware, so this only stores into it,
/// row by row, and never reads it. The memory belongs to whoever mapped it, who keeps it
/// mapped while this value is used.
public struct ScanoutBuffer {
    /// The first byte of pixel (0, 0).
    public let bytes: UnsafeMutableRawPointer
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from one row to the next (a framebuffer's `line_length`, a dumb buffer's pitch).
    public let stride: Int
    /// How each pixel packs its colour.
    public let layout: PixelLayout

    /// Wraps mapped memory of `height` rows of `stride` bytes; traps when a row of `width` pixels does not fit in `stride` (a caller's mistake, not bad input).
    public init(bytes: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, layout: PixelLayout) {
        precondition(width > 0 && height > 0, "a scanout buffer needs a positive size, got \(width)x\(height)")
        precondition(stride >= width * layout.bytesPerPixel,
                     "stride \(stride) is shorter than a row of \(width) \(layout.bitsPerPixel)-bit pixels")
        self.bytes = bytes
        self.width = width
        self.height = height
        self.stride = stride
        self.layout = layout
    }

    /// The whole buffer, for clipping rectangles copied into it.
    public var bounds: Rect { Rect(0, 0, Double(width), Double(height)) }

    /// What a whole frame costs to write, in bytes of this layout.
    public var frameBytes: Int { width * height * layout.bytesPerPixel }

    /// Writes the pixels of `rect` of `source` (the same position in both) in this buffer's
    /// layout and returns how many bytes were written. The rectangle is rounded out to whole
    /// pixels and clipped to both buffers; no byte outside it is touched.
    @discardableResult
    public func write(_ rect: Rect, from source: PixelBuffer) -> Int {
        let r = rect.integral.intersection(bounds).intersection(source.bounds)
        // A NaN coordinate survives `intersection`; `contains` does not let it reach Int(_:).
        guard !r.isEmpty, bounds.contains(r) else { return 0 }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        let bpp = layout.bytesPerPixel
        if layout.isXRGB8888 {
            copyRows(x0: x0, y0: y0, width: w, height: h, from: source)
        } else if layout == .rgb565 {
            for y in y0..<(y0 + h) {
                Self.writeRGB565(source.row(y) + x0, into: bytes + y * stride + x0 * 2, count: w)
            }
        } else {
            for y in y0..<(y0 + h) {
                writeConverted(source.row(y) + x0, into: bytes + y * stride + x0 * bpp, count: w)
            }
        }
        return w * h * bpp
    }

    /// Same layout as the shadow: plain row copies (one copy for a full-width band when the
    /// strides agree).
    private func copyRows(x0: Int, y0: Int, width w: Int, height h: Int, from source: PixelBuffer) {
        if x0 == 0 && w == width && w == source.width && stride == source.stride {
            (bytes + y0 * stride).copyMemory(from: source.bytes + y0 * stride, byteCount: h * stride)
            return
        }
        for y in y0..<(y0 + h) {
            (bytes + y * stride + x0 * 4).copyMemory(from: source.bytes + y * source.stride + x0 * 4, byteCount: w * 4)
        }
    }

    /// RGB565, the common 16-bit case, with the shifts written out.
    @inline(__always)
    static func writeRGB565(_ source: UnsafeMutablePointer<UInt32>, into row: UnsafeMutableRawPointer, count: Int) {
        for i in 0..<count {
            let p = source[i]
            let value = UInt16(truncatingIfNeeded: (p >> 8 & 0xF800) | (p >> 5 & 0x07E0) | (p >> 3 & 0x001F))
            row.storeBytes(of: value.littleEndian, toByteOffset: i * 2, as: UInt16.self)
        }
    }

    /// Any other layout: each pixel encoded, then stored little-endian in 2, 3 or 4 bytes.
    private func writeConverted(_ source: UnsafeMutablePointer<UInt32>, into row: UnsafeMutableRawPointer, count: Int) {
        // Channels of at most 8 bits (all but 10-bit panels) are one shift, mask and shift
        // each, worked out once per row instead of per pixel.
        if let shifts = ChannelShifts(layout) {
            switch layout.bytesPerPixel {
            case 2:
                for i in 0..<count {
                    let value = UInt16(truncatingIfNeeded: shifts.encode(source[i]))
                    row.storeBytes(of: value.littleEndian, toByteOffset: i * 2, as: UInt16.self)
                }
                return
            case 4:
                for i in 0..<count {
                    row.storeBytes(of: shifts.encode(source[i]).littleEndian, toByteOffset: i * 4, as: UInt32.self)
                }
                return
            default:
                break
            }
        }
        switch layout.bytesPerPixel {
        case 2:
            for i in 0..<count {
                let value = UInt16(truncatingIfNeeded: layout.encode(source[i]))
                row.storeBytes(of: value.littleEndian, toByteOffset: i * 2, as: UInt16.self)
            }
        case 3:
            for i in 0..<count {
                let value = layout.encode(source[i])
                row.storeBytes(of: UInt8(truncatingIfNeeded: value), toByteOffset: i * 3, as: UInt8.self)
                row.storeBytes(of: UInt8(truncatingIfNeeded: value >> 8), toByteOffset: i * 3 + 1, as: UInt8.self)
                row.storeBytes(of: UInt8(truncatingIfNeeded: value >> 16), toByteOffset: i * 3 + 2, as: UInt8.self)
            }
        default:
            for i in 0..<count {
                row.storeBytes(of: layout.encode(source[i]).littleEndian, toByteOffset: i * 4, as: UInt32.self)
            }
        }
    }
}

/// A layout whose channels are at most 8 bits, as three (shift right, mask, shift left)
/// triples on the shadow pixel: the same values as ``PixelLayout/encode(_:)`` without its
/// per-channel branches.
struct ChannelShifts {
    let red: (right: UInt32, mask: UInt32, left: UInt32)
    let green: (right: UInt32, mask: UInt32, left: UInt32)
    let blue: (right: UInt32, mask: UInt32, left: UInt32)

    init?(_ layout: PixelLayout) {
        func shift(_ c: PixelLayout.Channel, from position: Int) -> (right: UInt32, mask: UInt32, left: UInt32)? {
            guard c.length <= 8 else { return nil }
            return (UInt32(position + 8 - c.length), (1 << UInt32(c.length)) - 1, UInt32(c.offset))
        }
        guard let r = shift(layout.red, from: 16), let g = shift(layout.green, from: 8),
              let b = shift(layout.blue, from: 0) else { return nil }
        (red, green, blue) = (r, g, b)
    }

    @inline(__always)
    func encode(_ p: UInt32) -> UInt32 {
        (p >> red.right & red.mask) << red.left | (p >> green.right & green.mask) << green.left
            | (p >> blue.right & blue.mask) << blue.left
    }
}
