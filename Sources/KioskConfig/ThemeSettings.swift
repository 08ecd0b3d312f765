import KioskCore
import KioskUI

/// Colours, font and shape shared by all controls and panels: the `"theme"` object of a
/// config. Controls and panels that set their own colour or font override these.
///
/// ```json
/// "theme": { "accent": "#0073F0", "font": "sans-serif 18", "panelCornerRadius": 16 }
/// ```
///
/// The object's keys are ``KioskUI/Theme``'s fields, by the same names and with the same
/// defaults (``KioskUI/Theme/standard``, so a config without a theme looks exactly like
/// controls made in code): `accent`, `track`, `knob`, `text`, `font` (a Pango font
/// description of at most 256 Unicode scalars, its size 1…512), `curvaceousness` (0…1),
/// `buttonBackground` and `buttonText` (default: the `text` colour). The theme's
/// `background` is not among them: the display's `background` is the scene's. Two more keys
/// are the defaults of panels that set none of their own, from ``KioskUI/PanelStyle``:
/// `panelBackground` and `panelCornerRadius` (0…16384).
package struct ThemeSettings: Sendable, Equatable, Decodable {
    /// What every control, panel and popup of the scene is drawn with. Its `background` is
    /// not the config's: ``SceneBuilder/makeTheme(_:)`` puts the display's in its place.
    package var controls: Theme
    /// Panels that set no background of their own (`panelBackground`; default `#1C232C`).
    package var panelBackground: Color
    /// Rounding of a panel's two inner corners, in design pixels (`panelCornerRadius`;
    /// default 16).
    package var panelCornerRadius: Double

    /// Theme settings; each default is what an absent key means.
    package init(controls: Theme = .standard, panelBackground: Color = PanelStyle().background,
                panelCornerRadius: Double = PanelStyle().cornerRadius) {
        self.controls = controls
        self.panelBackground = panelBackground
        self.panelCornerRadius = panelCornerRadius
    }

    enum CodingKeys: String, CodingKey {
        case accent, track, knob, text, font, curvaceousness, buttonBackground, buttonText, panelBackground
        case panelCornerRadius
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let d = ThemeSettings()
        let standard = d.controls
        let text = try fields.color(.text, default: standard.text) ?? standard.text
        let controls = Theme(
            accent: try fields.color(.accent, default: standard.accent) ?? standard.accent,
            track: try fields.color(.track, default: standard.track) ?? standard.track,
            knob: try fields.color(.knob, default: standard.knob) ?? standard.knob,
            text: text,
            font: try fields.font(.font) ?? standard.font,
            curvaceousness: try fields.optionalNumber(.curvaceousness, .fraction) ?? standard.curvaceousness,
            buttonBackground: try fields.color(.buttonBackground, default: standard.buttonBackground)
                ?? standard.buttonBackground,
            buttonText: try fields.optionalColor(.buttonText) ?? text)
        self.init(controls: controls,
                  panelBackground: try fields.color(.panelBackground, default: d.panelBackground) ?? d.panelBackground,
                  panelCornerRadius: try fields.optionalNumber(.panelCornerRadius, .distance) ?? d.panelCornerRadius)
    }
}
