import CCairo
import CPangoCairo
import KioskCore

/// Pango layouts kept between frames, keyed by (text, font, width limit, paragraph
/// direction, and for wrapped text the height limit and line alignment).
///
/// Laying out text (itemising, font fallback, HarfBuzz shaping, line breaking) is the most
/// expensive thing a CPU-rendered UI does every frame; a label that did not change should
/// cost one dictionary lookup plus the glyph rasterisation. All layouts share one
/// `PangoContext` with a fixed resolution (96 dpi, `pango_cairo_context_set_resolution`) and
/// fixed font options, so neither the environment (Xft.dpi, GDK_SCALE) nor the target surface
/// changes the result. When the canvas's transformation changes scale or rotation,
/// `update(for:)` calls `pango_cairo_update_context`; each layout compares the context's serial
/// lazily and re-shapes only when it is next used (Pango ≥ 1.32.4).
///
/// Font descriptions (`pango_font_description_from_string`) are cached as well, so a new text
/// in a known font does not re-parse the font string. Both caches are bounded.
///
/// Pango objects are not thread-safe and the context comes from the calling thread's default
/// font map (`pango_cairo_font_map_get_default` is per thread): use a cache on one thread.
final class TextLayoutCache {
    struct Key: Hashable {
        var text: String
        var font: String
        /// Width limit in Pango units (where one line is ellipsized, or wrapped text breaks),
        /// or -1 for none.
        var width: Int32
        /// How wrapped text is set; nil for a single line.
        var block: Block?
        /// The code point of an icon set before the text in the icon font, or 0 for none
        /// (`TextLayoutCache+Icons.swift`).
        var icon: UInt32 = 0
        /// The paragraph's base direction: the order of a mixed line's runs.
        var direction: LayoutDirection = .leftToRight
    }

    /// The settings only wrapped text has: a single line is aligned by moving the whole
    /// layout, so neither of these is part of its key, and one-line layouts are shared
    /// whatever their alignment.
    struct Block: Hashable {
        /// Height limit in Pango units (lines past it are dropped and the last one kept is
        /// ellipsized), or -1 for none.
        var height: Int32
        /// At most this many lines (the last one kept ellipsized), or 0 for no line limit;
        /// it takes the place of `height` (Pango keeps one limit: a negative height is lines).
        var lines: Int32 = 0
        /// `PangoAlignment` of the lines within the width.
        var alignment: PangoAlignment.RawValue
    }

    /// One `PangoLayout` (released with this object) and its logical extents.
    final class Entry {
        let layout: OpaquePointer
        private var extentsSerial: UInt32 = 0
        private var cachedLogical = PangoRectangle()

        init(_ layout: OpaquePointer) { self.layout = layout }
        deinit { g_object_unref(UnsafeMutableRawPointer(layout)) }

        /// The logical rectangle in Pango units (`pango_layout_get_extents`), recomputed only
        /// when the layout changed (its serial moved because the context changed).
        var logical: PangoRectangle {
            let serial = pango_layout_get_serial(layout)
            if serial != extentsSerial {
                pango_layout_get_extents(layout, nil, &cachedLogical)
                extentsSerial = serial
            }
            return cachedLogical
        }
    }

    /// A parsed `PangoFontDescription`, freed with this object.
    final class FontDescription {
        let pointer: OpaquePointer
        init(_ font: String) { pointer = pango_font_description_from_string(font) }
        deinit { pango_font_description_free(pointer) }
    }

    /// The `PangoContext *` every left-to-right layout is made from.
    let context: OpaquePointer
    /// The one right-to-left layouts are made from: the same settings, base direction RTL.
    /// Pango keeps the base direction per context (`pango_context_set_base_dir`), and a
    /// layout that is not left to guess its direction (`pango_layout_set_auto_dir` off) takes
    /// its context's; two contexts, so switching languages re-shapes nothing already cached.
    /// Made on the first right-to-left text: a kiosk that shows none never has it.
    var rightToLeftContext: OpaquePointer {
        if let made = madeRightToLeftContext { return made }
        let made = Self.makeContext(direction: PANGO_DIRECTION_RTL)
        madeRightToLeftContext = made
        return made
    }
    private var madeRightToLeftContext: OpaquePointer?
    private var layouts: LeastRecentlyUsedCache<Key, Entry>
    private var fonts: LeastRecentlyUsedCache<String, FontDescription>
    /// The linear part of the transformation the context was last updated for.
    private var syncedMatrix: (Double, Double, Double, Double)?
    /// The same for `rightToLeftContext`.
    private var syncedRightToLeftMatrix: (Double, Double, Double, Double)?
    private(set) var hits = 0
    private(set) var misses = 0

    init(capacity: Int) {
        layouts = LeastRecentlyUsedCache(capacity: capacity)
        fonts = LeastRecentlyUsedCache(capacity: 32)
        context = Self.makeContext(direction: PANGO_DIRECTION_LTR)
    }

    private static func makeContext(direction: PangoDirection) -> OpaquePointer {
        let context = pango_font_map_create_context(pango_cairo_font_map_get_default())!
        pango_cairo_context_set_resolution(context, 96)
        pango_context_set_base_dir(context, direction)
        // Grey antialiasing (never subpixel: the panel may be rotated, and results must not
        // depend on the machine's fontconfig), slight hinting for crisp baselines, and no
        // metric hinting so advances do not change with the scale.
        let options = cairo_font_options_create()
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        pango_cairo_context_set_font_options(context, options)  // copies the options
        cairo_font_options_destroy(options)
        return context
    }

    deinit {
        layouts.removeAll()
        fonts.removeAll()
        g_object_unref(UnsafeMutableRawPointer(context))
        if let made = madeRightToLeftContext { g_object_unref(UnsafeMutableRawPointer(made)) }
    }

    var count: Int { layouts.count }
    var capacity: Int { layouts.capacity }

    /// Brings the context of `direction`'s layouts in line with `cr`'s transformation (scale,
    /// rotation) and target. Translation does not affect shaping, so a pure translation costs
    /// only the comparison. Each context is brought up to date only when text in its direction
    /// is set: `pango_cairo_update_context` allocates, and a scene that shows no right-to-left
    /// text never pays for the other context.
    func update(for cr: OpaquePointer, direction: LayoutDirection = .leftToRight) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let linear = (m.xx, m.yx, m.xy, m.yy)
        switch direction {
        case .leftToRight:
            if let synced = syncedMatrix, synced == linear { return }
            pango_cairo_update_context(cr, context)
            syncedMatrix = linear
        case .rightToLeft:
            if let synced = syncedRightToLeftMatrix, synced == linear { return }
            pango_cairo_update_context(cr, rightToLeftContext)
            syncedRightToLeftMatrix = linear
        }
    }

    /// The cached layout for `text` in `font`, made on first use, a paragraph in `direction`.
    /// With `maxWidth` (Pango units) the single line is ellipsized at the end to fit (the
    /// left end right to left).
    func layout(_ text: String, font: String, maxWidth: Int32? = nil, icon: Unicode.Scalar? = nil,
                direction: LayoutDirection = .leftToRight) -> Entry {
        entry(for: Key(text: text, font: font, width: maxWidth ?? -1, block: nil, icon: icon?.value ?? 0,
                       direction: direction))
    }

    /// The cached layout of `text` in `font` wrapped into lines of at most `width` Pango units
    /// (nil: only newlines break lines), each aligned by `alignment` within that width. With
    /// `maxHeight`, the lines that do not fit are dropped and the last one kept ends with an
    /// ellipsis; with `maxLines` the same past that many lines, whatever the height.
    func wrappedLayout(_ text: String, font: String, width: Int32?, maxHeight: Int32?, maxLines: Int32? = nil,
                       alignment: PangoAlignment, icon: Unicode.Scalar? = nil,
                       direction: LayoutDirection = .leftToRight) -> Entry {
        entry(for: Key(text: text, font: font, width: width ?? -1,
                       block: Block(height: maxHeight ?? -1, lines: maxLines ?? 0, alignment: alignment.rawValue),
                       icon: icon?.value ?? 0, direction: direction))
    }

    private func entry(for key: Key) -> Entry {
        var key = key
        key.text = Self.shapeable(key.text)
        if let entry = layouts.value(for: key) {
            hits += 1
            return entry
        }
        misses += 1
        let layout = pango_layout_new(key.direction == .rightToLeft ? rightToLeftContext : context)!
        // The paragraph reads in the scene's language's direction, not in the direction of its
        // first strong letter (Pango's default): an English word that opens an Arabic line
        // stays a word inside a right-to-left line. The alignment is then never swapped by
        // Pango either: `PANGO_ALIGN_LEFT` is the left (CairoCanvas resolves start and end).
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_font_description(layout, fontDescription(key.font).pointer)  // copies
        if let block = key.block {
            if key.width >= 0 {
                pango_layout_set_width(layout, key.width)
                // Between words; inside a word only when the word alone is wider than the line.
                pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            }
            pango_layout_set_alignment(layout, PangoAlignment(rawValue: block.alignment))
            if block.lines > 0 {
                // A negative height is a number of lines (pango_layout_set_height).
                pango_layout_set_height(layout, -block.lines)
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            } else if block.height >= 0 {
                // A positive height keeps the lines that fit and ellipsizes the last of them;
                // Pango ignores the height unless ellipsizing is on (pango_layout_set_height).
                pango_layout_set_height(layout, block.height)
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        } else {
            // One line, always: a newline in a label must not grow it downwards.
            pango_layout_set_single_paragraph_mode(layout, 1)
            if key.width >= 0 {
                pango_layout_set_width(layout, key.width)
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        }
        if key.icon != 0 { Self.setText(key.text, after: key.icon, on: layout) } else {
            pango_layout_set_text(layout, key.text, -1)
        }
        let entry = Entry(layout)
        layouts.insert(entry, for: key)
        return entry
    }

    /// The size text in `font` is set in, in user-space pixels: its points at the context's
    /// 96 dpi, or its `px`; the context's default size (12 pt) when the description has none.
    func pixelSize(of font: String) -> Double {
        var description = fontDescription(font).pointer
        if pango_font_description_get_size(description) == 0, let fallback = pango_context_get_font_description(context) {
            description = fallback
        }
        let size = Double(pango_font_description_get_size(description)) / Double(PANGO_SCALE)
        return pango_font_description_get_size_is_absolute(description) != 0 ? size : size * 96 / 72
    }

    private func fontDescription(_ font: String) -> FontDescription {
        if let cached = fonts.value(for: font) { return cached }
        let description = FontDescription(font)
        fonts.insert(description, for: font)
        return description
    }
}

// MARK: Text limits

extension TextLayoutCache {
    /// The most Unicode scalars of one text that reach Pango, and the most in one character
    /// (grapheme cluster): `kiosk check` refuses longer text in a config with the same numbers.
    static let maximumScalars = DisplayTextLimits.maximumScalars
    static let maximumClusterScalars = DisplayTextLimits.maximumCharacterScalars

    /// `text` cut to what Pango is given, as defence in depth for text that did not come
    /// through `kiosk check` (a control socket, say). Pango's cost grows faster than the
    /// length of a cluster: one label of 100,000 combining marks took 14 s to shape, every
    /// frame it was drawn, and a kiosk that stops drawing is as dead as one that crashed.
    ///
    /// The result is the longest prefix of whole clusters within `maximumScalars`, except that
    /// a cluster longer than `maximumClusterScalars` is kept only up to that many scalars and
    /// the text ends there. Always a prefix: cutting out the middle of a cluster could join
    /// what follows into a new long one (an emoji ZWJ sequence, a Devanagari conjunct), while
    /// grapheme boundaries (UAX #29) depend only on what precedes them, so a prefix keeps every
    /// cluster of the text before the cut. The work is bounded by the limits, not the text.
    static func shapeable(_ text: String) -> String {
        let bytes = text.utf8.count
        // ASCII has no cluster longer than two scalars (CR LF): only the length can be over.
        if bytes <= maximumClusterScalars || (bytes <= maximumScalars && text.utf8.allSatisfy { $0 < 0x80 }) {
            return text
        }
        // Clusters are looked for within the first scalars only, so that a cluster of a
        // million marks is not walked to its end.
        let window = bytes <= maximumScalars ? text : String(text.unicodeScalars.prefix(maximumScalars + 1))
        var kept = 0
        var index = window.startIndex
        while index < window.endIndex {
            let next = window.index(after: index)
            let length = window.unicodeScalars.distance(from: index, to: next)
            if length > maximumClusterScalars {
                let end = window.unicodeScalars.index(index, offsetBy: min(maximumClusterScalars, maximumScalars - kept))
                return String(window.unicodeScalars[..<end])
            }
            if kept + length > maximumScalars { return String(window[..<index]) }
            kept += length
            index = next
        }
        return window
    }
}
