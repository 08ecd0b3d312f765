import KioskCore
import CCairo

/// PNG files to and from `PixelBuffer`s, through cairo's built-in libpng support.
public enum PNGImage {
    /// Writes `buffer` as a PNG (`cairo_surface_write_to_png`). An `.xrgb32` buffer (a
    /// scanout buffer) is written through a `CAIRO_FORMAT_RGB24` view of the same memory, so
    /// whatever its unused top byte holds, the image comes out opaque.
    package static func write(_ buffer: PixelBuffer, to path: String) throws(CairoError) {
        let surface = try CairoSurface(buffer: buffer)
        try surface.writePNG(to: path)
    }

    /// `buffer` as the bytes of a PNG file, written the same way as by `write(_:to:)`.
    package static func encode(_ buffer: PixelBuffer) throws(CairoError) -> [UInt8] {
        try CairoSurface(buffer: buffer).encodePNG()
    }

    /// Reads a PNG (`cairo_image_surface_create_from_png`) into a new `.argb32` buffer.
    /// Opaque PNGs, which cairo loads as `CAIRO_FORMAT_RGB24`, get an alpha byte of 0xFF. An
    /// image larger than `PixelBuffer.maximumSide` a side is an error.
    package static func read(_ path: String) throws(CairoError) -> PixelBuffer {
        let call = "cairo_image_surface_create_from_png(\(path))"
        // Never NULL: a missing or corrupt file gives an error surface.
        let surface = cairo_image_surface_create_from_png(path)!
        defer { cairo_surface_destroy(surface) }
        try CairoError.check(cairo_surface_status(surface), call)
        return try copy(surface, call: call)
    }

    /// The pixels of an image surface cairo loaded from a PNG, as a new `.argb32` buffer
    /// (an opaque `CAIRO_FORMAT_RGB24` one gets an alpha byte of 0xFF, and the format
    /// `opaqueFormat`: the image decoder marks it `.xrgb32`, which composites as a plain copy).
    static func copy(_ surface: OpaquePointer, call: String = "cairo_image_surface_create_from_png_stream",
                     opaqueFormat: PixelBuffer.Format = .argb32) throws(CairoError) -> PixelBuffer
    {
        cairo_surface_flush(surface)

        let format = cairo_image_surface_get_format(surface)
        let opaque: Bool
        switch format {
        case CAIRO_FORMAT_ARGB32: opaque = false
        case CAIRO_FORMAT_RGB24: opaque = true
        default:
            throw CairoError(call: call, message: "unsupported pixel format \(format.rawValue) (want ARGB32 or RGB24)")
        }
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let data = cairo_image_surface_get_data(surface) else {
            throw CairoError(call: call, message: "empty image")
        }
        let buffer = try PixelBuffer.allocate(width: width, height: height, format: opaque ? opaqueFormat : .argb32)
        for y in 0..<height {
            let source = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let target = buffer.row(y)
            if opaque {
                for x in 0..<width { target[x] = source[x] | 0xFF00_0000 }
            } else {
                target.update(from: source, count: width)
            }
        }
        return buffer
    }

}
