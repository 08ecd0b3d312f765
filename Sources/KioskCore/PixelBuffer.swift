/// A pixel buffer size that cannot be allocated.
public struct PixelBufferSizeError: Error, CustomStringConvertible, Equatable {
    /// The width asked for.
    public var width: Int
    /// The height asked for.
    public var height: Int
    public var description: String {
        "PixelBuffer(width: \(width), height: \(height)): a buffer must be 1…\(PixelBuffer.maximumSide) pixels a side"
    }
}

/// A block of 32-bit pixels in cairo's `CAIRO_FORMAT_ARGB32` memory layout: one native-endian
/// `UInt32` per pixel, `0xAARRGGBB` with premultiplied colour, which on a little-endian machine
/// is the byte order B, G, R, A — the same bytes as DRM's `XRGB8888`/`ARGB8888` and wl_shm's
/// `WL_SHM_FORMAT_XRGB8888`, so one buffer can be rendered into, copied to scanout and written
/// to PNG without conversion.
///
/// The buffer either owns its memory (allocated 64-byte aligned so that rows start on cache
/// lines and SIMD copies stay aligned) or wraps memory someone else owns, such as a DRM dumb
/// buffer mapped with `mmap` or pages the renderer mapped for a big frame; then `owner` keeps
/// that object alive and nothing is freed here.
///
/// Not thread-safe: one thread renders into a buffer at a time.
public final class PixelBuffer {
    /// What the fourth byte of each pixel means.
    public enum Format: Sendable, Hashable {
        /// Premultiplied alpha (`CAIRO_FORMAT_ARGB32`): layers, offscreen caches, test images.
        case argb32
        /// The top byte is ignored and the pixel is opaque (`CAIRO_FORMAT_RGB24`,
        /// `DRM_FORMAT_XRGB8888`): scanout buffers.
        case xrgb32
    }

    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// Bytes from the start of one row to the start of the next (at least `width * 4`).
    public let stride: Int
    /// What the fourth byte of each pixel means.
    public let format: Format
    /// The first byte of row 0. Valid for `stride * height` bytes while this object lives.
    public let bytes: UnsafeMutableRawPointer
    /// `stride * height`.
    public var byteCount: Int { stride * height }
    /// The whole buffer as a rectangle in its own pixel coordinates.
    public var bounds: Rect { Rect(0, 0, Double(width), Double(height)) }

    /// The memory was allocated here (`UnsafeMutableRawPointer.allocate`) and is freed here;
    /// false: someone else's (`owner`).
    private let ownsMemory: Bool
    /// Keeps wrapped external memory (a mapped dumb buffer, a wl_shm pool) alive.
    private let owner: AnyObject?

    /// The longest side of a buffer, in pixels: the largest panel a kiosk drives (and, not by
    /// chance, the largest `display.designSize`). An 8192x8192 buffer is 256 MiB.
    public static let maximumSide = 8192

    /// Allocates a zeroed (transparent black) buffer with rows of `width * 4` bytes, which is
    /// cairo's stride for 32-bit formats (`cairo_format_stride_for_width`), so cairo can draw
    /// into it directly. A side outside 1…`maximumSide` is an error, never a trap or an
    /// allocation of gigabytes: sizes come from outside (`--size`, a DRM mode, a PNG file).
    public init(width: Int, height: Int, format: Format = .argb32) throws(PixelBufferSizeError) {
        let stride = try Self.checkedStride(width: width, height: height, format: format)
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        // Zeroed here, which also faults the pages in, so the first frame does not pay for page
        // faults in the middle of rasterising.
        let byteCount = stride * height
        self.bytes = .allocate(byteCount: byteCount, alignment: 64)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: byteCount)
        self.ownsMemory = true
        self.owner = nil
    }

    /// Throws what `init(width:height:format:)` would for a size it refuses, allocating nothing.
    public static func checkSize(width: Int, height: Int) throws(PixelBufferSizeError) {
        _ = try checkedStride(width: width, height: height, format: .xrgb32)
    }

    /// The stride for `width`, once the size is known to be allocatable: each side in
    /// 1…`maximumSide` and `stride * height` representable (it is, on 64 bits, but the check
    /// costs nothing and holds on 32-bit boards too).
    private static func checkedStride(width: Int, height: Int, format: Format) throws(PixelBufferSizeError) -> Int {
        let sides = 1...maximumSide
        let refusal = PixelBufferSizeError(width: width, height: height)
        guard sides.contains(width), sides.contains(height) else { throw refusal }
        // Both formats are 32 bits a pixel, and cairo wants a multiple of 4 bytes: width * 4.
        let stride = width * 4
        guard !stride.multipliedReportingOverflow(by: height).overflow else { throw refusal }
        return stride
    }

    /// Wraps memory this object does not own (for example a DRM dumb buffer's mapping).
    /// `owner` is retained for the buffer's lifetime and is responsible for freeing `bytes`.
    /// cairo requires `stride` to be a multiple of 4 and at least `width * 4`.
    public init(width: Int, height: Int, stride: Int, bytes: UnsafeMutableRawPointer, owner: AnyObject?,
                format: Format = .xrgb32) {
        precondition(width > 0 && height > 0, "PixelBuffer needs a positive size, got \(width)x\(height)")
        precondition(stride >= width * 4 && stride % 4 == 0, "stride \(stride) is not usable for width \(width)")
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
        self.bytes = bytes
        self.ownsMemory = false
        self.owner = owner
    }

    deinit {
        if ownsMemory { bytes.deallocate() }
    }

    /// The raw pixel at (`x`, `y`): `0xAARRGGBB`, premultiplied.
    public func pixel(x: Int, y: Int) -> UInt32 {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        return bytes.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Sets the raw pixel at (`x`, `y`) (`0xAARRGGBB`, premultiplied).
    public func setPixel(x: Int, y: Int, _ value: UInt32) {
        precondition(x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) outside \(width)x\(height)")
        bytes.storeBytes(of: value, toByteOffset: y * stride + x * 4, as: UInt32.self)
    }

    /// Fills every pixel with `color` (a plain store, no blending).
    public func fill(_ color: Color) {
        let value = PixelBuffer.pixelValue(color)
        for y in 0..<height {
            row(y).update(repeating: value, count: width)
        }
    }

    /// Copies the pixels of `rect` from `source` (same position in both buffers), row by row.
    /// The rectangle is rounded out to whole pixels and clipped to both buffers; an empty or
    /// fully outside rectangle copies nothing. This is how damaged rectangles of the shadow
    /// buffer reach the scanout buffer, so it touches no byte outside `rect`.
    public func copy(_ rect: Rect, from source: PixelBuffer) {
        let r = rect.integral.intersection(bounds).intersection(source.bounds)
        // A NaN coordinate survives `intersection`; `contains` does not let it reach Int(_:).
        guard !r.isEmpty, bounds.contains(r) else { return }
        let x0 = Int(r.minX), y0 = Int(r.minY), w = Int(r.width), h = Int(r.height)
        let rowBytes = w * 4
        // A full-width band with equal strides is one contiguous block: one memcpy.
        if x0 == 0 && w == width && w == source.width && stride == source.stride {
            (bytes + y0 * stride).copyMemory(from: source.bytes + y0 * stride, byteCount: h * stride)
            return
        }
        for y in y0..<(y0 + h) {
            (bytes + y * stride + x0 * 4).copyMemory(from: source.bytes + y * source.stride + x0 * 4,
                                                      byteCount: rowBytes)
        }
    }

    /// Copies all pixels of `source`, which must have the same width and height.
    public func copyAll(from source: PixelBuffer) {
        precondition(source.width == width && source.height == height,
                     "copyAll from \(source.width)x\(source.height) into \(width)x\(height)")
        if stride == source.stride {
            bytes.copyMemory(from: source.bytes, byteCount: byteCount)
        } else {
            copy(bounds, from: source)
        }
    }

    /// Row `y` as 32-bit pixels.
    public func row(_ y: Int) -> UnsafeMutablePointer<UInt32> {
        (bytes + y * stride).assumingMemoryBound(to: UInt32.self)
    }

    /// The premultiplied `0xAARRGGBB` value of a straight-alpha colour, rounded the way cairo
    /// rounds a solid source (`_cairo_color_double_to_short`, then the top 8 bits), so that
    /// `fill` and a cairo paint of the same colour give the same bytes.
    public static func pixelValue(_ color: Color) -> UInt32 {
        func channel(_ v: Double) -> UInt32 {
            let clamped = min(max(v, 0), 1)
            return UInt32(UInt16(clamped * 65535 + 0.5) >> 8)
        }
        let a = min(max(color.alpha, 0), 1)
        return channel(a) << 24 | channel(color.red * a) << 16 | channel(color.green * a) << 8
            | channel(color.blue * a)
    }
}
