import KioskCore
import KioskUI

/// How the kiosk's screen is set up: the `"display"` object of a config.
///
/// ```json
/// "display": { "rotation": 90, "background": "#101418", "designSize": [800, 480] }
/// ```
public struct DisplaySettings: Sendable, Equatable, Decodable {
    /// The background when the config gives none: the standard theme's dark blue-grey (`#101418`).
    public static let defaultBackground = Theme.standard.background
    /// The panel of a layout without `designSize` when nothing names one: 800x480 in the
    /// panel's own orientation (its upright screen is 480x800 at rotation 90).
    public static let defaultPanelSize = Size(800, 480)

    /// How the upright screen is turned on the panel (`rotation`: 0, 90, 180 or 270; default 0).
    public var rotation: DisplayRotation
    /// What shows where no control paints (`background`; default `#101418`). Screens may override it.
    public var background: Color
    /// The screen size the layout's frames were written for (`designSize`: `[w, h]`, each
    /// 64…8192), when given: the scene is then scaled uniformly to fit the real screen. Nil:
    /// frames are in the upright screen's own pixels, whatever its size (no scaling).
    public var designSize: Size?

    /// The size the layout is in, and what `kiosk check` checks frames against:
    /// `designSize`, or else the upright screen of the default 800x480 panel at this rotation
    /// (480x800 at 90°).
    public var layoutSize: Size { designSize ?? rotation.screenSize(forPanel: Self.defaultPanelSize) }

    /// The panel, in whole pixels of its own orientation, that a kiosk runs on when nothing
    /// names its size (`kiosk run` without `--size`, a headless display without a size, a
    /// tester): the layout's size turned by the rotation, so that the layout appears 1:1 on
    /// the upright screen. Without a design size, that is the default 800x480 panel.
    public var panelSize: (width: Int, height: Int) {
        let layout = layoutSize
        let upright = (width: Int(layout.width.rounded()), height: Int(layout.height.rounded()))
        return rotation.swapsAxes ? (upright.height, upright.width) : upright
    }

    /// ``panelSize`` of a layout written for `designSize` (nil: in screen pixels) on a panel
    /// turned by `rotation`: for a scene built in code, which has no display settings.
    public static func panelSize(designSize: Size?, rotation: DisplayRotation) -> (width: Int, height: Int) {
        DisplaySettings(rotation: rotation, designSize: designSize).panelSize
    }

    /// Display settings; each default is what an absent key means.
    public init(rotation: DisplayRotation = .none, background: Color = DisplaySettings.defaultBackground,
                designSize: Size? = nil) {
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
        // Written and not null: a broken one then leaves frames unchecked rather than checked
        // against a size the author did not mean.
        let given = fields.container.contains(.designSize) && (try? fields.container.decodeNil(forKey: .designSize)) == false
        let designSize = try fields.optional(.designSize, as: DesignSizeValue.self)
        self.init(rotation: rotation?.rotation ?? defaults.rotation, background: background ?? defaults.background,
                  designSize: designSize?.size)
        // Frames are checked against the layout's size; a broken size must not condemn every frame.
        fields.validator?.designSize = given && designSize == nil ? nil : layoutSize
    }
}
