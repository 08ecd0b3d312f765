import KioskCore
import KioskUI

/// A round slider choosing an angle, its value shown in the middle:
/// `{"type": "circularSlider", "id": "angle", "frame": [520, 40, 240, 240], "angle": 90}`.
public struct CircularSliderConfig: ControlDescription {
    /// `"circularSlider"`.
    public static let typeName = "circularSlider"

    public var id: String
    public var frame: Rect
    /// `angle` in degrees (default 0), 0° at 3 o'clock, counter-clockwise: at least 0 and less
    /// than 360; the control shows it floored to whole degrees.
    public var angle: Double
    /// `font` of the value text (optional): nil means the theme's font.
    public var font: String?
    /// `color` of the value text (optional): nil means the theme's text colour.
    public var color: Color?
    /// `arcStartColor` (optional): the arc's gradient at the top; nil means blue (#0059FF).
    public var arcStartColor: Color?
    /// `arcEndColor` (optional): the arc's gradient at the bottom; nil means violet.
    public var arcEndColor: Color?

    /// A circular slider as the config describes it; `font` and `color` nil take the theme's.
    public init(id: String, frame: Rect, angle: Double = 0, font: String? = nil, color: Color? = nil) {
        self.id = id
        self.frame = frame
        self.angle = angle
        self.font = font
        self.color = color
    }

    enum CodingKeys: String, CodingKey { case id, frame, angle, font, color, arcStartColor, arcEndColor }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        self.init(id: try fields.id(.id) ?? "", frame: try fields.frame(.frame) ?? .zero,
                  angle: try fields.number(.angle, .angle, default: 0) ?? 0, font: try fields.font(.font),
                  color: try fields.optionalColor(.color))
        arcStartColor = try fields.optionalColor(.arcStartColor)
        arcEndColor = try fields.optionalColor(.arcEndColor)
    }

    /// A `CircularSlider` at the angle floored to whole degrees (`SceneBuilder.wholeDegrees`).
    public func makeControl(in context: ControlContext) -> Control {
        let slider = CircularSlider(id: id, frame: frame, theme: context.theme, angle: SceneBuilder.wholeDegrees(angle))
        apply(to: slider)
        return slider
    }

    /// `color`, `font`, `arcStartColor` and `arcEndColor`.
    public static let properties = [
        ControlProperty("color", .color), ControlProperty("font", .font),
        ControlProperty("arcStartColor", .color), ControlProperty("arcEndColor", .color),
    ]

    /// Sets a `CircularSlider`'s value font and colours.
    public func apply(to control: Control) {
        guard let slider = control as? CircularSlider else { return }
        slider.font = font
        slider.textColor = color
        slider.arcStartColor = arcStartColor
        slider.arcEndColor = arcEndColor
    }
}
