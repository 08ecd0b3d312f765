import CCairo
import KioskCore

/// A cairo call that failed, with cairo's own explanation (`cairo_status_to_string`).
///
/// cairo reports errors through a sticky status on the object rather than return values,
/// so the wrappers check `cairo_status` / `cairo_surface_status` after the calls that can
/// fail and throw this, naming the C function that left the error behind.
package struct CairoError: Error, Equatable, CustomStringConvertible {
    /// The C function after which the error was seen, e.g. `"cairo_image_surface_create_for_data"`.
    package let call: String
    /// The raw `cairo_status_t` value.
    package let status: UInt32
    /// cairo's message for `status`, e.g. "out of memory".
    package let message: String

    /// The error `status` left behind by `call`, with cairo's message for it.
    package init(call: String, status: cairo_status_t) {
        self.call = call
        self.status = status.rawValue
        self.message = String(cString: cairo_status_to_string(status))
    }

    /// An error found by this module's own checks before or after a C call (for example a
    /// PNG in a pixel format this module cannot convert), with the status cairo would give
    /// the same problem (`CAIRO_STATUS_INVALID_FORMAT` unless told).
    package init(call: String, status: cairo_status_t = CAIRO_STATUS_INVALID_FORMAT, message: String) {
        self.call = call
        self.status = status.rawValue
        self.message = message
    }

    package var description: String { "\(call) failed: \(message)" }

    /// Throws when `status` is not `CAIRO_STATUS_SUCCESS`.
    static func check(_ status: cairo_status_t, _ call: String) throws(CairoError) {
        if status != CAIRO_STATUS_SUCCESS { throw CairoError(call: call, status: status) }
    }
}

extension CairoError {
    /// A pixel buffer that could not be allocated, as cairo would say it.
    package init(_ error: PixelBufferSizeError) {
        self.init(call: "PixelBuffer(width: \(error.width), height: \(error.height))", status: CAIRO_STATUS_INVALID_SIZE,
                  message: "a buffer must be 1…\(PixelBuffer.maximumSide) pixels a side")
    }
}

extension PixelBuffer {
    /// A new zeroed buffer, its size error reported as a `CairoError` (for this module's typed
    /// throws). A big one is mapped from the kernel (`MappedPages`), so that dropping it (a
    /// retained layer) gives its pages back at once.
    static func allocate(width: Int, height: Int, format: Format = .argb32) throws(CairoError) -> PixelBuffer {
        do { try PixelBuffer.checkSize(width: width, height: height) } catch { throw CairoError(error) }
        let stride = width * 4
        if stride * height >= MappedPages.mappingThreshold, let pages = MappedPages(byteCount: stride * height) {
            return PixelBuffer(width: width, height: height, stride: stride, bytes: pages.bytes, owner: pages, format: format)
        }
        do { return try PixelBuffer(width: width, height: height, format: format) } catch { throw CairoError(error) }
    }
}

extension PixelBuffer.Format {
    var cairoFormat: cairo_format_t {
        switch self {
        case .argb32: return CAIRO_FORMAT_ARGB32
        case .xrgb32: return CAIRO_FORMAT_RGB24
        }
    }
}
