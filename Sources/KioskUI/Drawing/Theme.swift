import KioskCore

/// Colours, font and shape shared by all controls unless a control overrides them.
public struct Theme: Sendable, Equatable {
    /// The colour behind the screens.
    public var background: Color
    /// The highlight: a slider's selected range, a pressed button.
    public var accent: Color
    /// A slider's track outside the selection.
    public var track: Color
    /// Knobs and handles.
    public var knob: Color
    /// Text on the screen background.
    public var text: Color
    /// The default font, a Pango description.
    public var font: String
    /// Corner roundness of tracks, knobs and buttons: 0 square, 1 fully round (CERangeSlider).
    public var curvaceousness: Double
    /// Buttons' fill at rest.
    public var buttonBackground: Color
    /// Buttons' title colour.
    public var buttonText: Color

    /// A theme; every default is the standard look (dark background, blue accent).
    public init(background: Color = Color(hex: "#101418")!, accent: Color = Color(hex: "#0073F0")!,
                track: Color = Color(hex: "#E6E6E6")!, knob: Color = .white, text: Color = .white,
                font: String = "sans-serif 18", curvaceousness: Double = 1,
                buttonBackground: Color = Color(hex: "#2A3340")!, buttonText: Color = .white) {
        self.background = background; self.accent = accent; self.track = track; self.knob = knob
        self.text = text; self.font = font; self.curvaceousness = min(max(curvaceousness, 0), 1)
        self.buttonBackground = buttonBackground; self.buttonText = buttonText
    }

    /// The standard look: every default.
    public static let standard = Theme()
}
