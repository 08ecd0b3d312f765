import KioskCore

/// Colours, font and shape shared by all controls unless a control overrides them.
public struct Theme: Sendable, Equatable {
    public var background: Color
    public var accent: Color
    public var track: Color
    public var knob: Color
    public var text: Color
    public var font: String
    /// Corner roundness of tracks, knobs and buttons: 0 square, 1 fully round (CERangeSlider).
    public var curvaceousness: Double
    public var buttonBackground: Color
    public var buttonText: Color

    public init(background: Color = Color(hex: "#101418")!, accent: Color = Color(hex: "#0073F0")!,
                track: Color = Color(hex: "#E6E6E6")!, knob: Color = .white, text: Color = .white,
                font: String = "sans-serif 18", curvaceousness: Double = 1,
                buttonBackground: Color = Color(hex: "#2A3340")!, buttonText: Color = .white) {
        self.background = background; self.accent = accent; self.track = track; self.knob = knob
        self.text = text; self.font = font; self.curvaceousness = min(max(curvaceousness, 0), 1)
        self.buttonBackground = buttonBackground; self.buttonText = buttonText
    }

    public static let standard = Theme()
}
