import KioskCore
import CCairo

/// A cairo image surface drawing straight into a `PixelBuffer`'s memory
/// (`cairo_image_surface_create_for_data`): no copy, no second buffer.
///
/// Owns the `cairo_surface_t` (destroyed in `deinit`) and keeps the pixel buffer alive for
/// as long as cairo may touch its memory.
package final class CairoSurface {
    /// The `cairo_surface_t *`. Valid while this object lives.
    package let pointer: OpaquePointer
    /// The memory the surface draws into.
    package let buffer: PixelBuffer

    /// Wraps `buffer` as a surface of its own format, or of `format` when given: the PNG
    /// writer views an ARGB buffer as RGB24 to drop a meaningless alpha byte.
    package init(buffer: PixelBuffer, format: PixelBuffer.Format? = nil) throws(CairoError) {
        let cairoFormat = (format ?? buffer.format).cairoFormat
        // Never NULL: on failure cairo returns an "error surface" whose status says why.
        let surface = cairo_image_surface_create_for_data(
            buffer.bytes.assumingMemoryBound(to: UInt8.self), cairoFormat,
            Int32(buffer.width), Int32(buffer.height), Int32(buffer.stride))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw CairoError(call: "cairo_image_surface_create_for_data", status: status)
        }
        self.pointer = surface
        self.buffer = buffer
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Finishes pending drawing (`cairo_surface_flush`) before the memory is read directly,
    /// e.g. copied to scanout or compared in a test.
    package func flush() { cairo_surface_flush(pointer) }

    /// Tells cairo the memory was changed behind its back (`cairo_surface_mark_dirty`), so it
    /// drops anything it derived from the old pixels.
    package func markDirty() { cairo_surface_mark_dirty(pointer) }

    /// The surface as PNG bytes in memory (`cairo_surface_write_to_png_stream`), for a caller
    /// that writes files itself and wants the `errno` of a failed write, which cairo's own
    /// file writer reduces to CAIRO_STATUS_WRITE_ERROR.
    package func encodePNG() throws(CairoError) -> [UInt8] {
        flush()
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(pointer, { closure, data, length in
                let sink = Unmanaged<Sink>.fromOpaque(closure!).takeUnretainedValue()
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        try CairoError.check(status, "cairo_surface_write_to_png_stream")
        return sink.bytes
    }

    /// Writes the surface as a PNG file (`cairo_surface_write_to_png`).
    package func writePNG(to path: String) throws(CairoError) {
        flush()
        try CairoError.check(cairo_surface_write_to_png(pointer, path), "cairo_surface_write_to_png(\(path))")
    }
}
