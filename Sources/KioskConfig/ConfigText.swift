import KioskCore
import KioskUI

/// One text a kiosk may show, with the font it is set in: what `KioskConfiguration.texts`
/// gathers for the font preload at start and for the checks that depend on the installed
/// fonts (emoji without a colour emoji font).
public struct ConfigText: Equatable, Sendable {
    /// The words as the config writes them (a template's or a key's too, as written).
    public var text: String
    /// The Pango font description it is set in (the element's own, else the theme's or the
    /// popup template's).
    public var font: String
    /// The icon set before it (`"icon"` by name), if any.
    public var icon: IconGlyph?
    /// Where it is written: `screens[0].controls[2].title`.
    public var path: String
    /// Where the value sits in the file, when known (controls'), for a located warning.
    package var position: JSONPosition?

    /// A text `text` in `font` with `icon` before it, written at `path`.
    public init(text: String, font: String, icon: IconGlyph? = nil, path: String) {
        self.text = text
        self.font = font
        self.icon = icon
        self.path = path
    }
}
