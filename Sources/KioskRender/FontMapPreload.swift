import CPangoCairo

/// Starts fontconfig's set-up early, so that the first text layout need not wait for it.
///
/// Making Pango's font map (`pango_cairo_font_map_get_default`) starts fontconfig's `FcInit`
/// on a thread of Pango's own ("[pango] FcInit", Pango ≥ 1.49): it parses every file under
/// `/etc/fonts/conf.d` and maps the font caches, a few milliseconds on a PC and many more on a
/// small board. The first layout blocks until it is done. Made before the display and the input
/// devices are opened, that work overlaps theirs instead of following it.
package enum FontMapPreload {
    /// Makes the calling thread's default font map (per thread in Pango: call it on the thread
    /// that will render), which starts fontconfig loading in the background. Cheap to repeat.
    ///
    /// Pango's thread inherits the caller's signal mask: call it only after the signals the
    /// program waits for are blocked, so that none of them is delivered to that thread.
    package static func start() {
        _ = pango_cairo_font_map_get_default()
    }
}
