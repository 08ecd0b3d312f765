import KioskConfig
import KioskCore
import KioskUI

/// A one-value slider:
/// `{"type": "slider", "id": "dimmer", "frame": […], "min": 0, "max": 100, "step": 5, "value": 60, "format": ".0 %"}`.
///
/// `orientation` is `horizontal` or `vertical`; without it a frame taller than wide is
/// vertical. `format` (the templates' number format: `.0 %`, `.1 °C`) shows the value at the
/// end of the frame. `readOnly` makes it the owner's value: no finger moves it, `set` does.
/// `min`, `max` and `value` lie within ±1e9, as a range slider's; in a config a value out of
/// range is reported rather than clamped (it is almost certainly a typo).
package struct SliderConfig: ControlDescription {
    /// `"slider"`.
    package static let typeName = "slider"

    package var id: String
    package var frame: Rect
    /// `min` (default 0).
    package var minimum: Double
    /// `max` (default 100); greater than `min`.
    package var maximum: Double
    /// `step` (default 0: any value): more than 0 and at most `max − min` when given.
    package var step: Double
    /// `value` (default `min`): within `min…max`, snapped to the step. The value field.
    package var value: Double
    /// `orientation` (optional): nil decides by the frame's shape.
    package var axis: DragAxis?
    /// `readOnly` (default false): no finger moves the value.
    package var isReadOnly: Bool
    /// `format` (optional): the value label's number format; nil shows no label.
    package var format: NumberStyle?
    /// `font` of the value label (optional): nil means the theme's.
    package var font: String?
    /// `color` of the value label (optional): nil means the theme's text colour.
    package var color: Color?
    /// `trackColor`, `highlightColor`, `knobColor` (optional): nil means the theme's.
    package var trackColor: Color?
    /// The track from the minimum to the knob; nil means the theme's accent.
    package var highlightColor: Color?
    /// The knob; nil means the theme's knob colour.
    package var knobColor: Color?
    /// `curvaceousness` (optional, 0…1): nil means the theme's.
    package var curvaceousness: Double?

    /// A slider as the config describes it; `value` nil is `minimum`.
    package init(id: String, frame: Rect, minimum: Double = 0, maximum: Double = 100, step: Double = 0,
                value: Double? = nil, axis: DragAxis? = nil, isReadOnly: Bool = false, format: NumberStyle? = nil) {
        self.id = id
        self.frame = frame
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.value = value ?? minimum
        self.axis = axis
        self.isReadOnly = isReadOnly
        self.format = format
    }

    enum CodingKeys: String, CodingKey {
        case id, frame, min, max, step, value, orientation, readOnly, format, font, color
        case trackColor, highlightColor, knobColor, curvaceousness
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        let frame = try fields.frame(.frame)
        let minimum = try fields.number(.min, .sliderValue, default: 0)
        let maximum = try fields.number(.max, .sliderValue, default: 100)
        let step = try fields.optionalNumber(.step, .sliderStep)
        let value = try fields.optionalNumber(.value, .sliderValue)
        _ = try fields.checkRange(minimum: minimum, maximum: maximum, maximumKey: .max, values: [(value, .value)])
        try fields.checkStep(step, minimum: minimum, maximum: maximum, key: .step)
        let orientation = try fields.optional(.orientation, as: SliderOrientation.self)
        self.init(id: id ?? "", frame: frame ?? .zero, minimum: minimum ?? 0, maximum: maximum ?? 100,
                  step: step ?? 0, value: value ?? minimum ?? 0, axis: orientation?.axis,
                  isReadOnly: try fields.bool(.readOnly, default: false) ?? false,
                  format: try fields.numberStyle(.format))
        font = try fields.font(.font)
        color = try fields.optionalColor(.color)
        trackColor = try fields.optionalColor(.trackColor)
        highlightColor = try fields.optionalColor(.highlightColor)
        knobColor = try fields.optionalColor(.knobColor)
        curvaceousness = try fields.optionalNumber(.curvaceousness, .fraction)
    }

    /// A `Slider` at `value` (snapped); what is left unset follows the theme.
    package func makeControl(in context: ControlContext) -> Control {
        let slider = Slider(id: id, frame: frame, theme: context.theme, minimum: minimum, maximum: maximum,
                            step: step, value: value, axis: axis)
        slider.curvaceousness = curvaceousness
        apply(to: slider)
        return slider
    }

    /// `readOnly`, `format`, `font`, `color`, `trackColor`, `highlightColor` and `knobColor`
    /// (`value` is the value field).
    package static let properties = [
        ControlProperty("readOnly", .boolean), ControlProperty("format", .text),
        ControlProperty("font", .font), ControlProperty("color", .color),
        ControlProperty("trackColor", .color), ControlProperty("highlightColor", .color),
        ControlProperty("knobColor", .color),
    ]

    /// Sets a `Slider`'s read-only flag, label and colours; its value is left as it is.
    package func apply(to control: Control) {
        guard let slider = control as? Slider else { return }
        slider.isReadOnly = isReadOnly
        slider.valueFormat = format
        slider.font = font
        slider.textColor = color
        slider.trackColor = trackColor
        slider.highlightColor = highlightColor
        slider.knobColor = knobColor
    }
}

/// `orientation`: `horizontal` or `vertical`.
enum SliderOrientation: String, Sendable, CaseIterable, Decodable, ConfigKeyword {
    case horizontal, vertical

    static var keywordKind: String { "orientation" }

    init(from decoder: any Decoder) throws { self = try Self(keywordFrom: decoder) }

    var axis: DragAxis { self == .horizontal ? .horizontal : .vertical }
}
