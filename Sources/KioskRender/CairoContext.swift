import KioskCore
import CCairo

/// A cairo drawing context (`cairo_t`) on a `CairoSurface`.
///
/// Owns the `cairo_t` (destroyed in `deinit`) and the surface it draws on. cairo errors are
/// sticky: after the first failure every later call on the context does nothing, so callers
/// check `status` at natural boundaries (end of a frame) rather than after every call.
package final class CairoContext {
    /// The `cairo_t *`. Valid while this object lives.
    package let pointer: OpaquePointer
    /// The surface drawn on; kept alive as long as the context.
    package let surface: CairoSurface

    /// A context drawing on `surface`; throws when cairo could not make one (out of memory).
    package init(surface: CairoSurface) throws(CairoError) {
        // Never NULL: cairo returns a context in an error state instead.
        let cr = cairo_create(surface.pointer)!
        let status = cairo_status(cr)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(cr)
            throw CairoError(call: "cairo_create", status: status)
        }
        self.pointer = cr
        self.surface = surface
    }

    deinit { cairo_destroy(pointer) }

    /// The context's sticky status (`cairo_status`).
    package var status: cairo_status_t { cairo_status(pointer) }

    /// Throws when the context is in an error state, naming `call` as the culprit.
    package func check(_ call: String) throws(CairoError) {
        try CairoError.check(cairo_status(pointer), call)
    }
}
