import KioskCore

extension ConfigLoader {
    /// Warns at each text that holds emoji (`EmojiScan.containsEmoji`) when no colour emoji
    /// font is installed: the kiosk works, but those characters come out in a monochrome
    /// font or as boxes. One warning per text, at the text.
    static func warnAboutEmoji(in config: KioskConfiguration, fonts: InstalledFonts, diagnostics: Diagnostics) {
        let texts = config.texts.filter { EmojiScan.containsEmoji($0.text) }
        guard !texts.isEmpty, !fonts.hasColorEmoji else { return }
        for text in texts {
            diagnostics.warn("\(JSONWriter.quoted(text.text)) has emoji and no colour emoji font is installed "
                             + "(the Debian package \(InstalledFonts.colorEmojiPackage))",
                             at: text.codingPath, position: text.position)
        }
    }
}

/// Which characters are emoji in the sense that matters for fonts: those a colour emoji font
/// draws and a text font mostly lacks.
public enum EmojiScan {
    /// Whether `text` holds an emoji shown as a picture: a character whose default
    /// presentation is emoji (Unicode's Emoji_Presentation: 💡, ☕) or an emoji character
    /// asked to be one by VARIATION SELECTOR-16 (🌡️). Digits, #, * and text-style symbols
    /// (☀ without the selector) are not: any text font draws those.
    public static func containsEmoji(_ text: String) -> Bool {
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar.properties.isEmojiPresentation { return true }
            if scalar.value == 0xFE0F, let previous, previous.properties.isEmoji, previous.value > 0x7F { return true }
            previous = scalar
        }
        return false
    }
}
