import CPangoCairo
import KioskCore
import KioskUI

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

/// The fonts of a kiosk's texts, opened before its first frame rather than on the first frame
/// that shows them.
///
/// Text in a font not yet used costs its first frame: fontconfig's fallback search for the
/// characters the main font lacks (an emoji, a Devanagari word in a Latin font), opening and
/// mapping the font file, HarfBuzz's tables, and each glyph's first rasterisation (a colour
/// emoji is a PNG decoded and scaled). Shown on a touch, that is a visible hitch. The
/// preload pays it at start: every text of the config (`KioskConfiguration.texts`, gathered
/// by the service) is drawn once, with its font and icon, through the renderer's own canvas,
/// at the panel's scale and rotation, so the layouts it keeps and cairo's glyph caches are
/// the ones the frames use.
extension SceneRenderer {
    /// Draws each of `texts` into the frame at the scene's origin and marks the whole panel
    /// for the next `render`, which paints over them all. Cheap to repeat (cached layouts).
    package func preloadFonts(_ texts: [(text: String, style: TextStyle)]) {
        guard !texts.isEmpty else { return }
        canvas.beginFrame(transform: sceneToPanel)
        let area = Rect(0, 0, scaling.designSize.width, scaling.designSize.height)
        for item in texts { canvas.drawText(item.text, style: item.style, in: area) }
        // A text the canvas could not draw is left for the frame to report.
        try? canvas.endFrame()
        canvas.text.sortFallbacks(for: texts.map { ($0.text, $0.style.font, $0.style.icon?.scalar) })
        invalidateAll()
    }
}

extension TextLayoutCache {
    /// Waits for the fallback lists of the fonts `texts` are set in, for each language their
    /// runs are in (the fonts fontconfig offers after the first, for characters it lacks).
    /// Pango sorts each list on a thread of its own (`FcFontSort`, Pango ≥ 1.49) and waits for
    /// it only when a text first needs a fallback; for text the first font covers the sort
    /// would go on after the preload, into the first frames. Asking the font set for its
    /// second font (`pango_fontset_foreach`) waits for it now.
    func sortFallbacks(for texts: [(text: String, font: String, icon: Unicode.Scalar?)]) {
        var done: Set<String> = []
        for item in texts {
            let layout = self.layout(item.text, font: item.font, icon: item.icon).layout
            let iter = pango_layout_get_iter(layout)
            defer { pango_layout_iter_free(iter) }
            repeat {
                guard let run = pango_layout_iter_get_run_readonly(iter),
                      let language = run.pointee.item.pointee.analysis.language else { continue }
                let key = item.font + "\u{0}" + String(cString: pango_language_to_string(language))
                if done.insert(key).inserted { sortFallbacks(of: item.font, language: language) }
            } while pango_layout_iter_next_run(iter) != 0
        }
    }

    private func sortFallbacks(of font: String, language: OpaquePointer) {
        let description = pango_font_description_from_string(font)
        defer { pango_font_description_free(description) }
        guard let fontset = pango_font_map_load_fontset(pango_context_get_font_map(context), context, description,
                                                        language) else { return }
        defer { g_object_unref(UnsafeMutableRawPointer(fontset)) }
        var seen = 0
        withUnsafeMutablePointer(to: &seen) { counter in
            pango_fontset_foreach(fontset, { _, _, data in
                let count = data!.assumingMemoryBound(to: Int.self)
                count.pointee += 1
                return count.pointee >= 2 ? 1 : 0   // stop at the second font: the list is sorted by then
            }, counter)
        }
    }
}
