import KioskCore
import KioskUI

/// Colours, font and shape shared by all controls and panels: the `"theme"` object of a
/// config. Controls and panels that set their own colour or font override these.
public struct ThemeSettings: Sendable, Equatable, Decodable {
    /// The selected part of sliders and other highlights (`accent`; default `#0073F0`).
    public var accent: Color
    /// Slider tracks (`track`; default `#E6E6E6`).
    public var track: Color
    /// Slider knobs (`knob`; default `#FFFFFF`).
    public var knob: Color
    /// Label and value text (`text`; default `#FFFFFF`).
    public var text: Color
    /// A Pango font description (`font`; default `"sans-serif 18"`): at most 256 Unicode
    /// scalars, its size (if it has one) 1…512.
    public var font: String
    /// Corner roundness of tracks, knobs and buttons, 0…1 (`curvaceousness`; default 1).
    public var curvaceousness: Double
    /// Button fill (`buttonBackground`; default `#2A3340`).
    public var buttonBackground: Color
    /// Button titles (`buttonText`; default: the `text` colour).
    public var buttonText: Color
    /// Panels that set no background of their own (`panelBackground`; default `#1C232C`).
    public var panelBackground: Color
    /// Rounding of a panel's two inner corners, in design pixels, 0…16384 (`panelCornerRadius`;
    /// default 16).
    public var panelCornerRadius: Double

    // The defaults are the controls' own (`Theme.standard`, `PanelStyle()`), so a config
    // without a theme looks exactly like controls and panels made in code.
    /// The accent when the config gives none: the standard theme's.
    public static let defaultAccent = Theme.standard.accent
    /// The track colour when the config gives none: the standard theme's.
    public static let defaultTrack = Theme.standard.track
    /// The knob colour when the config gives none: the standard theme's.
    public static let defaultKnob = Theme.standard.knob
    /// The text colour when the config gives none: the standard theme's.
    public static let defaultText = Theme.standard.text
    /// The font when the config gives none: the standard theme's.
    public static let defaultFont = Theme.standard.font
    /// The button fill when the config gives none: the standard theme's.
    public static let defaultButtonBackground = Theme.standard.buttonBackground
    /// The panel fill when the config gives none: ``KioskUI/PanelStyle``'s default.
    public static let defaultPanelBackground = PanelStyle().background
    /// The panel corner radius when the config gives none: ``KioskUI/PanelStyle``'s default.
    public static let defaultPanelCornerRadius = PanelStyle().cornerRadius

    /// `buttonText` nil means "the same as `text`".
    public init(accent: Color = ThemeSettings.defaultAccent, track: Color = ThemeSettings.defaultTrack,
                knob: Color = ThemeSettings.defaultKnob, text: Color = ThemeSettings.defaultText,
                font: String = ThemeSettings.defaultFont, curvaceousness: Double = 1,
                buttonBackground: Color = ThemeSettings.defaultButtonBackground, buttonText: Color? = nil,
                panelBackground: Color = ThemeSettings.defaultPanelBackground,
                panelCornerRadius: Double = ThemeSettings.defaultPanelCornerRadius) {
        self.accent = accent
        self.track = track
        self.knob = knob
        self.text = text
        self.font = font
        self.curvaceousness = curvaceousness
        self.buttonBackground = buttonBackground
        self.buttonText = buttonText ?? text
        self.panelBackground = panelBackground
        self.panelCornerRadius = panelCornerRadius
    }

    enum CodingKeys: String, CodingKey {
        case accent, track, knob, text, font, curvaceousness, buttonBackground, buttonText, panelBackground
        case panelCornerRadius
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let d = ThemeSettings()
        let text = try fields.color(.text, default: d.text) ?? d.text
        self.init(accent: try fields.color(.accent, default: d.accent) ?? d.accent,
                  track: try fields.color(.track, default: d.track) ?? d.track,
                  knob: try fields.color(.knob, default: d.knob) ?? d.knob,
                  text: text,
                  font: try fields.font(.font) ?? d.font,
                  curvaceousness: try fields.optionalNumber(.curvaceousness, .fraction) ?? d.curvaceousness,
                  buttonBackground: try fields.color(.buttonBackground, default: d.buttonBackground) ?? d.buttonBackground,
                  buttonText: try fields.optionalColor(.buttonText) ?? text,
                  panelBackground: try fields.color(.panelBackground, default: d.panelBackground) ?? d.panelBackground,
                  panelCornerRadius: try fields.optionalNumber(.panelCornerRadius, .distance) ?? d.panelCornerRadius)
    }
}
