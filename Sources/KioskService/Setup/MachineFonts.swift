import KioskConfig
import KioskRender
import KioskUI

/// The fonts this machine has, as a config's check needs them (`InstalledFonts`): the icon
/// names of the Material Icons package, read from the name map it installs, and whether
/// fontconfig knows a colour emoji font. Found once per process: the icon names where the
/// first config is checked, the emoji font when a config's text first has emoji.
package enum MachineFonts {
    /// What is installed now (read on first use).
    package static let installed = InstalledFonts(icons: iconCatalog(), colorEmojiProbe: { hasColorEmoji })

    /// Whether fontconfig has a colour emoji font, asked once (`FontFamilies`).
    private static let hasColorEmoji = FontFamilies.hasColorEmoji()

    /// The icon font's names from `IconCatalog.sassMapPath`; `IconCatalog.notInstalled` when
    /// the file is missing or unreadable (the package is not installed).
    static func iconCatalog(at path: String = IconCatalog.sassMapPath) -> IconCatalog {
        guard let text = try? TextFile.read(FilePath(path)) else { return .notInstalled }
        let catalog = IconCatalog(sassMap: text)
        return catalog.codePoints.isEmpty ? .notInstalled : catalog
    }

    /// The texts of `config` as the font preload draws them: in their fonts, with their
    /// icons, in white (any visible colour); each once, however often the config repeats it.
    package static func preloadTexts(of config: KioskConfiguration) -> [(text: String, style: TextStyle)] {
        var seen: Set<TextStyleKey> = []
        return config.texts.compactMap { text in
            guard seen.insert(TextStyleKey(text: text.text, font: text.font, icon: text.icon)).inserted else { return nil }
            return (text.text, TextStyle(font: text.font, color: .white, icon: text.icon))
        }
    }

    private struct TextStyleKey: Hashable {
        var text: String
        var font: String
        var icon: IconGlyph?
    }
}
