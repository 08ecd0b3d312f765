import KioskConfig
import KioskCore
import KioskUI

/// A bar showing how far a job has got, never touched:
/// `{"type": "progressBar", "id": "load", "frame": […], "value": 0.3, "min": 0, "max": 1}`, or
/// with `"indeterminate": true` a band sweeping across it while the job's length is unknown.
///
/// `min`, `max` and `value` lie within ±1e9, as a range slider's. At run time the bar clamps
/// whatever value it is given (`kiosk ctl set load value=1.2` fills it); in a config a value out
/// of range is reported instead, because it is almost certainly a typo and clamping would hide
/// it.
package struct ProgressBarConfig: ControlDescription {
    /// `"progressBar"`.
    package static let typeName = "progressBar"

    package var id: String
    package var frame: Rect
    /// `min` (default 0): the value of an empty bar.
    package var minimum: Double
    /// `max` (default 1): the value of a full bar; greater than `min`.
    package var maximum: Double
    /// `value` (default `min`): within `min…max`. The control's value field, not a property:
    /// the owner sets it with `set` (`kiosk ctl set load value=0.4`), clamped.
    package var value: Double
    /// `indeterminate` (default false): a moving band instead of the fill.
    package var isIndeterminate: Bool
    /// `trackColor` (optional): nil means the theme's track colour.
    package var trackColor: Color?
    /// `fillColor` (optional): the fill and the band; nil means the theme's accent.
    package var fillColor: Color?

    /// A progress bar as the config describes it; `value` nil is `minimum`, the colours nil take
    /// the theme's.
    package init(id: String, frame: Rect, minimum: Double = 0, maximum: Double = 1, value: Double? = nil,
                isIndeterminate: Bool = false, trackColor: Color? = nil, fillColor: Color? = nil) {
        self.id = id
        self.frame = frame
        self.minimum = minimum
        self.maximum = maximum
        self.value = value ?? minimum
        self.isIndeterminate = isIndeterminate
        self.trackColor = trackColor
        self.fillColor = fillColor
    }

    enum CodingKeys: String, CodingKey { case id, frame, value, min, max, indeterminate, trackColor, fillColor }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        let frame = try fields.frame(.frame)
        let minimum = try fields.number(.min, .sliderValue, default: 0)
        let maximum = try fields.number(.max, .sliderValue, default: 1)
        let value = try fields.optionalNumber(.value, .sliderValue)
        _ = try fields.checkRange(minimum: minimum, maximum: maximum, maximumKey: .max, values: [(value, .value)])
        self.init(id: id ?? "", frame: frame ?? .zero, minimum: minimum ?? 0, maximum: maximum ?? 1,
                  value: value ?? minimum ?? 0,
                  isIndeterminate: try fields.bool(.indeterminate, default: false) ?? false,
                  trackColor: try fields.optionalColor(.trackColor), fillColor: try fields.optionalColor(.fillColor))
    }

    /// A `ProgressBar` showing `value` at once (no glide at start).
    package func makeControl(in context: ControlContext) -> Control {
        let bar = ProgressBar(id: id, frame: frame, theme: context.theme, minimum: minimum, maximum: maximum,
                              value: value)
        apply(to: bar)
        return bar
    }

    /// `indeterminate`, `trackColor` and `fillColor` (`value` is the value field).
    package static let properties = [
        ControlProperty("indeterminate", .boolean), ControlProperty("trackColor", .color),
        ControlProperty("fillColor", .color),
    ]

    /// Sets a `ProgressBar`'s mode and colours; its value is left as it is (the owner's).
    package func apply(to control: Control) {
        guard let bar = control as? ProgressBar else { return }
        bar.isIndeterminate = isIndeterminate
        bar.trackColor = trackColor
        bar.fillColor = fillColor
    }
}
