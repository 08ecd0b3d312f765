import CPangoCairo

/// What fontconfig has installed, asked through Pango's font map: the answers `kiosk check`
/// needs about fonts a config depends on (the config module asks no font library).
package enum FontFamilies {
    /// The family names of every installed font (`pango_font_map_list_families` on the
    /// calling thread's default font map, which reads fontconfig's list).
    package static func installed() -> [String] {
        var families: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(pango_cairo_font_map_get_default(), &families, &count)
        guard let families else { return [] }
        defer { g_free(families) }
        return (0..<Int(count)).compactMap { i in
            families[i].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) }
        }
    }

    /// Whether a colour emoji font is installed: a family named like one (Noto Color Emoji,
    /// Twemoji, JoyPixels, Apple/Segoe Color Emoji). fontconfig falls back to it for emoji.
    package static func hasColorEmoji(among families: [String] = installed()) -> Bool {
        families.contains { name in
            name.namesColorEmojiFont
        }
    }
}

private extension String {
    var namesColorEmojiFont: Bool {
        let lower = lowercased()
        return lower.contains("color emoji") || lower.contains("colour emoji") || lower.contains("twemoji")
            || lower.contains("joypixels")
    }
}
