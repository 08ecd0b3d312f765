import KioskCore

/// A kiosk as its JSON config describes it: display, theme and screens of controls.
///
/// Made by `ConfigLoader.decode(_:file:)`, which guarantees that a returned config is valid:
/// ids are unique, every screen reference names a screen, values are in range. Values that
/// the file left out hold their documented defaults. The model holds plain values; turning it
/// into a scene of controls is the UI's business.
///
/// ```json
/// { "display": {…}, "theme": {…}, "startScreen": "main", "screens": [ {…} ] }
/// ```
public struct KioskConfig: Sendable, Equatable, Decodable {
    /// `display` (optional; every field has a default).
    public var display: DisplaySettings
    /// `theme` (optional; every field has a default).
    public var theme: ThemeSettings
    /// `startScreen` (required): the id of the screen shown first.
    public var startScreen: String
    /// `screens` (required, not empty).
    public var screens: [ScreenConfig]

    public init(display: DisplaySettings = DisplaySettings(), theme: ThemeSettings = ThemeSettings(),
                startScreen: String, screens: [ScreenConfig]) {
        self.display = display
        self.theme = theme
        self.startScreen = startScreen
        self.screens = screens
    }

    /// The screen called `id`.
    public func screen(withID id: String) -> ScreenConfig? { screens.first { $0.id == id } }

    /// The background a screen is painted with: its own, else the display's.
    public func background(of screen: ScreenConfig) -> Color { screen.background ?? display.background }

    enum CodingKeys: String, CodingKey { case display, theme, startScreen, screens }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let display = try fields.decode(.display, default: DisplaySettings())
        if display == nil { fields.validator?.designSize = nil }
        let theme = try fields.decode(.theme, default: ThemeSettings())
        let startScreen = try fields.required(.startScreen, as: String.self)
        if let startScreen { fields.validator?.refer(toScreen: startScreen, at: fields.path(of: .startScreen)) }
        let screens = try fields.array(.screens, of: ScreenConfig.self, default: nil,
                                       emptyMessage: "must contain at least one screen")
        // With no screen list to look in, "no screen with id …" would repeat the real problem.
        if screens?.isEmpty ?? true { fields.validator?.screensAreKnown = false }
        self.init(display: display ?? DisplaySettings(), theme: theme ?? ThemeSettings(),
                  startScreen: startScreen ?? "", screens: screens ?? [])
    }
}
