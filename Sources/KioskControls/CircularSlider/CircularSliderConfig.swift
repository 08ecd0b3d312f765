import KioskConfig
import KioskCore
import KioskUI

/// A round slider choosing an angle, its value shown in the middle:
/// `{"type": "circularSlider", "id": "angle", "frame": [520, 40, 240, 240], "angle": 90}`;
/// or, with a range, a gauge of a quantity:
/// `{"type": "circularSlider", "id": "heat", "frame": […], "min": 5, "max": 30, "step": 0.5,
/// "value": 21, "startAngle": 225, "endAngle": -45, "format": ".1 °C"}`.
///
/// A dial with any of `min`, `max`, `step`, `value`, `startAngle`, `endAngle` or `format` has a
/// range (`DialRange`): its value field is `value` (`angle` is then refused), it never wraps,
/// and it shows its value in `format` (the templates' number format) without a degree sign.
/// Angles are the dial's: 0° at 3 o'clock, counter-clockwise; the value grows from
/// `startAngle` to `endAngle` (an end below the start runs clockwise), at most a turn apart.
/// A dial without them is the angle dial it always was.
package struct CircularSliderConfig: ControlDescription {
    /// `"circularSlider"`.
    package static let typeName = "circularSlider"

    package var id: String
    package var frame: Rect
    /// `angle` in degrees (default 0), 0° at 3 o'clock, counter-clockwise: at least 0 and less
    /// than 360; the control shows it floored to whole degrees. Not with a range.
    package var angle: Double
    /// The gauge's range (`min` default 0, `max` default 100, `step` default 0: any value,
    /// `startAngle` default 0, `endAngle` default 360); nil: an angle dial.
    package var range: DialRange?
    /// `value` of a range dial (default `min`): within `min…max`, snapped to the step.
    package var value: Double
    /// `format` of a range dial's value (optional): nil writes it as events do.
    package var format: NumberStyle?
    /// `font` of the value text (optional): nil means the theme's font.
    package var font: String?
    /// `color` of the value text (optional): nil means the theme's text colour.
    package var color: Color?
    /// `arcStartColor` (optional): the arc's gradient at the top; nil means blue (#0059FF).
    package var arcStartColor: Color?
    /// `arcEndColor` (optional): the arc's gradient at the bottom; nil means violet.
    package var arcEndColor: Color?

    /// A circular slider as the config describes it; `font` and `color` nil take the theme's.
    package init(id: String, frame: Rect, angle: Double = 0, font: String? = nil, color: Color? = nil) {
        self.id = id
        self.frame = frame
        self.angle = angle
        self.value = angle
        self.font = font
        self.color = color
    }

    /// A gauge over `range` at `value`, written in `format`.
    package init(id: String, frame: Rect, range: DialRange, value: Double? = nil, format: NumberStyle? = nil) {
        self.init(id: id, frame: frame)
        self.range = range
        self.value = value ?? range.minimum
        self.format = format
    }

    enum CodingKeys: String, CodingKey {
        case id, frame, angle, font, color, arcStartColor, arcEndColor
        case min, max, step, value, startAngle, endAngle, format
    }

    /// The keys that give a dial a range.
    private static let rangeKeys: [CodingKeys] = [.min, .max, .step, .value, .startAngle, .endAngle, .format]

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id) ?? "", frame = try fields.frame(.frame) ?? .zero
        if Self.rangeKeys.contains(where: fields.container.contains) {
            try self.init(id: id, frame: frame, rangeFrom: fields)
        } else {
            self.init(id: id, frame: frame, angle: try fields.number(.angle, .angle, default: 0) ?? 0)
        }
        font = try fields.font(.font)
        color = try fields.optionalColor(.color)
        arcStartColor = try fields.optionalColor(.arcStartColor)
        arcEndColor = try fields.optionalColor(.arcEndColor)
    }

    /// A range dial's keys: `min < max`, `value` within them, `step` within the range, the
    /// angles within ±720 and at most a turn apart, not equal; one message a mistake.
    private init(id: String, frame: Rect, rangeFrom fields: ConfigFields<CodingKeys>) throws {
        let d = DialRange()
        if fields.container.contains(.angle) {
            try fields.report("a dial with a range (min, max, step, value, startAngle, endAngle or format) "
                              + "has a value, not an angle: write \"value\"", at: .angle)
        }
        let minimum = try fields.number(.min, .sliderValue, default: d.minimum)
        let maximum = try fields.number(.max, .sliderValue, default: d.maximum)
        let step = try fields.optionalNumber(.step, .sliderStep)
        let value = try fields.optionalNumber(.value, .sliderValue)
        _ = try fields.checkRange(minimum: minimum, maximum: maximum, maximumKey: .max, values: [(value, .value)])
        try fields.checkStep(step, minimum: minimum, maximum: maximum, key: .step)
        let start = try fields.number(.startAngle, .dialAngle, default: d.startAngle)
        let end = try fields.number(.endAngle, .dialAngle, default: (start ?? 0) + 360)
        if let start, let end {
            if start == end {
                try fields.report("must differ from startAngle (\(JSONWriter.format(start))): the sweep would be empty",
                                  at: .endAngle)
            } else if abs(end - start) > 360 {
                try fields.report("must be within 360 of startAngle (\(JSONWriter.format(start))): a dial sweeps at most a turn",
                                  at: .endAngle)
            }
        }
        let range = DialRange(minimum: minimum ?? d.minimum, maximum: maximum ?? d.maximum, step: step ?? 0,
                              startAngle: start ?? d.startAngle, endAngle: end ?? d.endAngle)
        self.init(id: id, frame: frame, range: range, value: value ?? minimum ?? 0, format: try fields.numberStyle(.format))
    }

    /// A `CircularSlider` at the angle floored to whole degrees (`Self.wholeDegrees`),
    /// or a gauge at its value.
    package func makeControl(in context: ControlContext) -> Control {
        let slider = range.map { CircularSlider(id: id, frame: frame, theme: context.theme, range: $0, value: value) }
            ?? CircularSlider(id: id, frame: frame, theme: context.theme, angle: Self.wholeDegrees(angle))
        apply(to: slider)
        return slider
    }

    /// `color`, `font`, `arcStartColor` and `arcEndColor`. (`format` is not one: set on an
    /// angle dial it would make a range dial of its config.)
    package static let properties = [
        ControlProperty("color", .color), ControlProperty("font", .font),
        ControlProperty("arcStartColor", .color), ControlProperty("arcEndColor", .color),
    ]

    /// Sets a `CircularSlider`'s value font, colours and format.
    package func apply(to control: Control) {
        guard let slider = control as? CircularSlider else { return }
        slider.font = font
        slider.textColor = color
        slider.arcStartColor = arcStartColor
        slider.arcEndColor = arcEndColor
        slider.valueFormat = format
    }

    /// Whole degrees 0…359 of any angle, floored. A config from `ConfigLoader` has
    /// 0 ≤ angle < 360, but one made in code may hold anything, and `Int(_:)` traps on a
    /// Double beyond Int's range: the remainder of a turn is taken first.
    static func wholeDegrees(_ angle: Double) -> Int {
        guard angle.isFinite else { return 0 }
        return CircularSlider.normalised(Int(angle.truncatingRemainder(dividingBy: 360).rounded(.down)))
    }
}
