/// What the machine's fonts can draw, as far as a config's check needs to know: the icon
/// names the icon font has, and whether a colour emoji font is there. This module asks no
/// font library; the caller (KioskService, through KioskRender's fontconfig probe) finds out
/// and hands it to `ConfigLoader.decode`, as it hands an image inspector.
public struct InstalledFonts: Sendable {
    /// The icon font's names; `IconCatalog.notInstalled` without the package.
    package var icons: IconCatalog
    /// Asked only when a config's text has emoji: fontconfig's first answer waits for its
    /// set-up, which the start would rather overlap with opening the display.
    private let colorEmojiProbe: @Sendable () -> Bool

    /// Fonts as described.
    package init(icons: IconCatalog, hasColorEmoji: Bool) {
        self.icons = icons
        colorEmojiProbe = { hasColorEmoji }
    }

    /// Fonts whose colour emoji font `probe` looks for, when a check first needs to know.
    package init(icons: IconCatalog, colorEmojiProbe probe: @escaping @Sendable () -> Bool) {
        self.icons = icons
        colorEmojiProbe = probe
    }

    /// Whether fontconfig knows a colour emoji font (`fonts-noto-color-emoji`). Without one,
    /// emoji fall back to a monochrome font or to boxes, and `kiosk check` warns.
    package var hasColorEmoji: Bool { colorEmojiProbe() }

    /// Nothing known installed: every icon name is a problem, emoji are warned about.
    public static let none = InstalledFonts(icons: .notInstalled, hasColorEmoji: false)

    /// The Debian package of the colour emoji font.
    package static let colorEmojiPackage = "fonts-noto-color-emoji"
}
