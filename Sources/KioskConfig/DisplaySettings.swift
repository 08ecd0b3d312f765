import KioskCore

/// How the kiosk's screen is set up: the `"display"` object of a config.
///
/// ```json
/// "display": { "rotation": 90, "background": "#101418", "designSize": [800, 480] }
/// ```
public struct DisplaySettings: Sendable, Equatable, Decodable {
    public static let defaultBackground = Color(hex: "#101418")!
    public static let defaultDesignSize = Size(800, 480)

    /// How the upright screen is turned on the panel (`rotation`: 0, 90, 180 or 270; default 0).
    public var rotation: DisplayRotation
    /// What shows where no control paints (`background`; default `#101418`). Screens may override it.
    public var background: Color
    /// The screen size the layout's frames were written for (`designSize`: `[w, h]`, each
    /// 64…8192; default `[800, 480]`). The scene is scaled uniformly to fit the real screen.
    public var designSize: Size

    public init(rotation: DisplayRotation = .none, background: Color = DisplaySettings.defaultBackground,
                designSize: Size = DisplaySettings.defaultDesignSize) {
        self.rotation = rotation
        self.background = background
        self.designSize = designSize
    }

    enum CodingKeys: String, CodingKey { case rotation, background, designSize }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let defaults = DisplaySettings()
        let rotation = try fields.decode(.rotation, default: RotationValue(defaults.rotation))
        let background = try fields.color(.background, default: defaults.background)
        let designSize = try fields.decode(.designSize, default: DesignSizeValue(defaults.designSize))
        // Frames are checked against this size; a broken size must not condemn every frame.
        fields.validator?.designSize = designSize?.size
        self.init(rotation: rotation?.rotation ?? defaults.rotation, background: background ?? defaults.background,
                  designSize: designSize?.size ?? defaults.designSize)
    }
}
