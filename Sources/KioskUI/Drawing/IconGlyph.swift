/// An icon by name (`"icon": "lightbulb"`): one character of the Material Icons font, drawn
/// as text in the text's colour and size, before it (`TextStyle.icon`).
///
/// The name → code point map is not part of the code: the config module reads the one the
/// installed font package ships (`IconCatalog`), so the names are always the font's own. The
/// font is drawn from a code point, never through its ligatures, so a config does not depend
/// on the font's ligature table.
public struct IconGlyph: Hashable, Sendable {
    /// The icon's name as the config writes it (`lightbulb`).
    public var name: String
    /// Its character in the icon font (U+E0F0 for `lightbulb`).
    public var scalar: Unicode.Scalar

    /// The icon `name`, drawn as `scalar` of the icon font.
    public init(name: String, scalar: Unicode.Scalar) {
        self.name = name
        self.scalar = scalar
    }

    /// The fontconfig family of the icon font (Debian's `fonts-material-design-icons-iconfont`).
    public static let fontFamily = "Material Icons"
}
