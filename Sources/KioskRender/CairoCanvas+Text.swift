import CCairo
import CPangoCairo
import KioskCore
import KioskUI

/// Text through Pango (HarfBuzz shaping, font fallback) with cached layouts.
extension CairoCanvas {
    /// `text` as a paragraph in `style.direction` (Pango's base direction: a mixed line's runs
    /// in that order), aligned horizontally by `style.alignment` read in that direction
    /// (`TextAlignment.lineStart`: leading is the right edge right to left) and centred vertically on its logical
    /// extents (ascent + descent, not the ink, so labels with and without descenders sit on
    /// the same baseline). Nothing is clipped.
    ///
    /// One line (`style.wraps == false`): when the text is wider than `rect` it is ellipsized
    /// at the end (`PANGO_ELLIPSIZE_END`). Wrapped: the lines break to `rect`'s width
    /// (`PANGO_WRAP_WORD_CHAR`) and the whole block is centred vertically; when it is taller
    /// than `rect`, the lines that fit are kept and the last of them is ellipsized.
    ///
    /// Text that FreeType cannot size at the canvas's scale (`largestFreeTypeSize`) is left out
    /// and the frame reports it (`endFrame` throws), rather than letting cairo's context fail
    /// for good and draw nothing more, in this frame or any later one.
    package func drawText(_ text: String, style: TextStyle, in rect: Rect) {
        guard !text.isEmpty || style.icon != nil, rect.width > 0, style.color.alpha > 0 else { return }
        let deviceScale = currentScale()
        guard self.text.pixelSize(of: style.font) * deviceScale * deviceScale <= Self.largestFreeTypeSize else {
            let at = NumberFormat.rounded(deviceScale, decimals: 3)
            record(CairoError(call: "drawText", status: CAIRO_STATUS_FREETYPE_ERROR,
                              message: "\(JSONWriter.quoted(style.font)) at scale \(at) is too large for FreeType; the text is left out"))
            return
        }
        self.text.update(for: cr, direction: style.direction)
        let entry = style.wraps ? wrappedLayout(text, style: style, in: rect) : lineLayout(text, style: style, in: rect)
        let scale = Double(PANGO_SCALE)
        let logical = entry.logical
        let lx = Double(logical.x) / scale, ly = Double(logical.y) / scale
        let lw = Double(logical.width) / scale, lh = Double(logical.height) / scale
        // Wrapped lines are aligned within the layout's width by Pango; placing the widest
        // line like a single one then puts every line where its alignment says.
        // The logical width, not cut to the rectangle: a wrapped layout's widest line may
        // be as wide as the rectangle, and an ellipsized line fits it already.
        let x: Double
        switch style.alignment.side(in: style.direction) {
        case .left: x = rect.minX - lx
        case .center: x = rect.midX - lw / 2 - lx
        case .right: x = rect.maxX - lw - lx
        }
        let y = rect.midY - lh / 2 - ly
        // Non-finite coordinates would put the cairo context into an error state for good.
        guard x.isFinite, y.isFinite else { return }
        let c = style.color
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
        cairo_new_path(cr)
        cairo_move_to(cr, x, y)
        pango_cairo_show_layout(cr, entry.layout)
        cairo_new_path(cr)
    }

    /// One line, laid out at its natural width first and again with an ellipsis only when it
    /// does not fit, so that the common case shares one cached layout whatever the rectangle.
    private func lineLayout(_ text: String, style: TextStyle, in rect: Rect) -> TextLayoutCache.Entry {
        let icon = style.icon?.scalar
        let entry = self.text.layout(text, font: style.font, icon: icon, direction: style.direction)
        let available = Self.pangoUnits(rect.width)
        guard let available, Double(entry.logical.width) > Double(available) else { return entry }
        return self.text.layout(text, font: style.font, maxWidth: available, icon: icon, direction: style.direction)
    }

    private func wrappedLayout(_ text: String, style: TextStyle, in rect: Rect) -> TextLayoutCache.Entry {
        let alignment: PangoAlignment
        switch style.alignment.side(in: style.direction) {
        case .left: alignment = PANGO_ALIGN_LEFT
        case .center: alignment = PANGO_ALIGN_CENTER
        case .right: alignment = PANGO_ALIGN_RIGHT
        }
        // Lines past `maxLines` go (1…100, the config's rule; more is no limit but the height's).
        let lines = style.maxLines.flatMap { (1...100).contains($0) ? Int32($0) : nil }
        return self.text.wrappedLayout(text, font: style.font, width: Self.pangoUnits(rect.width),
                                       maxHeight: Self.pangoUnits(max(rect.height, 0)), maxLines: lines,
                                       alignment: alignment, icon: style.icon?.scalar, direction: style.direction)
    }

    /// FreeType sizes a face in whole pixels per em, at most 0xFFFF (`FT_Request_Size`). Through
    /// Pango with a scaled cairo matrix the size it is asked for grows with the square of the
    /// scale (measured with Pango 1.50 and cairo 1.16: 24 px text fails from scale 53, 12 pt from
    /// 64), and past it the cairo context is left in `CAIRO_STATUS_FREETYPE_ERROR`, which is
    /// sticky. A 64x64 design on an 8192-pixel panel is scale 128.
    static let largestFreeTypeSize = 65535.0

    /// A length in whole Pango units, or nil when it is too large (or not finite) to be a
    /// limit. Compared as doubles first, so an enormous or infinite rectangle never reaches
    /// the Int32 conversion.
    private static func pangoUnits(_ length: Double) -> Int32? {
        let units = (length * Double(PANGO_SCALE)).rounded(.down)
        return units < Double(Int32.max) ? Int32(units) : nil
    }

    /// The logical size (advance width × line height) of `text` in `font`, in scene units.
    package func measureText(_ text: String, font: String) -> Size {
        self.text.update(for: cr)
        let logical = self.text.layout(text, font: font).logical
        return Size(Double(logical.width) / Double(PANGO_SCALE), Double(logical.height) / Double(PANGO_SCALE))
    }

    /// What shaping did with `text` in `font`: how many glyphs came out as "unknown" (drawn
    /// as boxes; `pango_layout_get_unknown_glyphs_count`) and which font families the runs
    /// use, in order, without repeats. For tests and diagnostics ("is the Devanagari font
    /// installed and used?").
    package func textReport(_ text: String, font: String) -> (unknownGlyphs: Int, families: [String]) {
        let shaped = shaping(text, font: font)
        return (shaped.unknownGlyphs, shaped.families)
    }

    /// The number of glyphs `text` shapes to in `font`. Fewer glyphs than characters means
    /// clusters were joined (conjuncts, ligatures, matras).
    package func glyphCount(_ text: String, font: String) -> Int {
        shaping(text, font: font).glyphs
    }

    /// How the cached layouts are used: a low hit rate in steady state means labels are
    /// re-laid out every frame.
    package var textCacheStatistics: (entries: Int, capacity: Int, hits: Int, misses: Int) {
        (text.count, text.capacity, text.hits, text.misses)
    }

    /// Walks the layout's runs (`pango_layout_iter_get_run_readonly`) and asks each run's
    /// font for its family (`pango_font_describe`).
    private func shaping(_ text: String, font: String) -> (unknownGlyphs: Int, families: [String], glyphs: Int) {
        self.text.update(for: cr)
        let layout = self.text.layout(text, font: font).layout
        var families: [String] = []
        var glyphs = 0
        let iter = pango_layout_get_iter(layout)
        defer { pango_layout_iter_free(iter) }
        repeat {
            guard let run = pango_layout_iter_get_run_readonly(iter) else { continue }
            glyphs += Int(run.pointee.glyphs.pointee.num_glyphs)
            if let font = run.pointee.item.pointee.analysis.font {
                let description = pango_font_describe(font)
                if let name = pango_font_description_get_family(description) {
                    let family = String(cString: name)
                    if families.last != family { families.append(family) }
                }
                pango_font_description_free(description)
            }
        } while pango_layout_iter_next_run(iter) != 0
        return (Int(pango_layout_get_unknown_glyphs_count(layout)), families, glyphs)
    }
}
