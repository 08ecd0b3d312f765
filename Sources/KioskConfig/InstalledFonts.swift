/// What the machine's fonts can draw, as far as a config's check needs to know: the icon
/// names the icon font has, and whether a colour emoji font is there. This module asks no
/// font library; the caller (KioskService, through KioskRender's fontconfig probe) finds out
/// and hands it to `ConfigLoader.decode`, as it hands an image inspector.
public struct InstalledFonts: Sendable, Equatable {
    /// The icon font's names; `IconCatalog.notInstalled` without the package.
    public var icons: IconCatalog
    /// Whether fontconfig knows a colour emoji font (`fonts-noto-color-emoji`). Without one,
    /// emoji fall back to a monochrome font or to boxes, and `kiosk check` warns.
    public var hasColorEmoji: Bool

    /// Fonts as described.
    public init(icons: IconCatalog, hasColorEmoji: Bool) {
        self.icons = icons
        self.hasColorEmoji = hasColorEmoji
    }

    /// Nothing known installed: every icon name is a problem, emoji are warned about.
    public static let none = InstalledFonts(icons: .notInstalled, hasColorEmoji: false)

    /// The Debian package of the colour emoji font.
    public static let colorEmojiPackage = "fonts-noto-color-emoji"
}
