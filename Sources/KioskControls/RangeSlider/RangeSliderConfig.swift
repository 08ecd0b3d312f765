import KioskConfig
import KioskCore
import KioskUI

/// A two-thumb slider selecting `lower…upper` within `min…max`:
/// `{"type": "rangeSlider", "id": "price", "frame": […], "min": 0, "max": 100, "lower": 20, "upper": 80}`.
///
/// All four numbers lie within ±1e9. At run time the control clamps whatever it is given; in a
/// config, a value out of range is reported instead, because it is almost certainly a typo and
/// clamping would hide it.
package struct RangeSliderConfig: ControlDescription {
    /// `"rangeSlider"`.
    package static let typeName = "rangeSlider"

    package var id: String
    package var frame: Rect
    /// `min` (default 0).
    package var minimum: Double
    /// `max` (default 10); greater than `min`.
    package var maximum: Double
    /// `lower` (default 2); within `min…max` and not above `upper`.
    package var lower: Double
    /// `upper` (default 8); within `min…max`.
    package var upper: Double
    /// `trackColor` (optional): nil means the theme's track colour.
    package var trackColor: Color?
    /// `highlightColor` (optional): the selected range; nil means the theme's accent.
    package var highlightColor: Color?
    /// `knobColor` (optional): nil means the theme's knob colour.
    package var knobColor: Color?
    /// `curvaceousness` (optional, 0…1): nil means the theme's.
    package var curvaceousness: Double?

    /// A range slider as the config describes it; the colours nil take the theme's.
    package init(id: String, frame: Rect, minimum: Double = 0, maximum: Double = 10, lower: Double = 2,
                upper: Double = 8, trackColor: Color? = nil, highlightColor: Color? = nil,
                knobColor: Color? = nil, curvaceousness: Double? = nil) {
        self.id = id
        self.frame = frame
        self.minimum = minimum
        self.maximum = maximum
        self.lower = lower
        self.upper = upper
        self.trackColor = trackColor
        self.highlightColor = highlightColor
        self.knobColor = knobColor
        self.curvaceousness = curvaceousness
    }

    enum CodingKeys: String, CodingKey {
        case id, frame, min, max, lower, upper, trackColor, highlightColor, knobColor, curvaceousness
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let d = RangeSliderConfig(id: "", frame: .zero)
        let id = try fields.id(.id)
        let frame = try fields.frame(.frame)
        let minimum = try fields.number(.min, .sliderValue, default: d.minimum)
        let maximum = try fields.number(.max, .sliderValue, default: d.maximum)
        let lower = try fields.number(.lower, .sliderValue, default: d.lower)
        let upper = try fields.number(.upper, .sliderValue, default: d.upper)
        // `min < max`, `lower` and `upper` within them, then `lower ≤ upper`: one message a mistake.
        if try fields.checkRange(minimum: minimum, maximum: maximum, maximumKey: .max,
                                 values: [(lower, .lower), (upper, .upper)]),
           let lower, let upper, lower > upper {
            try fields.report("must not be greater than upper (\(JSONWriter.format(upper)))", at: .lower)
        }
        self.init(id: id ?? "", frame: frame ?? .zero, minimum: minimum ?? d.minimum, maximum: maximum ?? d.maximum,
                  lower: lower ?? d.lower, upper: upper ?? d.upper,
                  trackColor: try fields.optionalColor(.trackColor),
                  highlightColor: try fields.optionalColor(.highlightColor),
                  knobColor: try fields.optionalColor(.knobColor),
                  curvaceousness: try fields.optionalNumber(.curvaceousness, .fraction))
    }

    /// A `RangeSlider`; the colours and curvaceousness left unset follow the theme.
    package func makeControl(in context: ControlContext) -> Control {
        let slider = RangeSlider(id: id, frame: frame, theme: context.theme, minimum: minimum, maximum: maximum,
                                 lower: lower, upper: upper)
        slider.curvaceousness = curvaceousness
        apply(to: slider)
        return slider
    }

    /// `trackColor`, `highlightColor` and `knobColor`.
    package static let properties = [
        ControlProperty("trackColor", .color), ControlProperty("highlightColor", .color),
        ControlProperty("knobColor", .color),
    ]

    /// Sets a `RangeSlider`'s colours.
    package func apply(to control: Control) {
        guard let slider = control as? RangeSlider else { return }
        slider.trackColor = trackColor
        slider.highlightColor = highlightColor
        slider.knobColor = knobColor
    }
}
