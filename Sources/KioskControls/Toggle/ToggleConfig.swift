import KioskConfig
import KioskCore
import KioskUI

/// A switch: `{"type": "toggle", "id": "nightLight", "frame": [728, 84, 48, 28], "on": true}`.
///
/// `on` (default false) is the control's value field, `{"on": …}` in events, `get`, `set`, the
/// state file and templates (`{nightLight.on}`), not a property. The track's colours and the
/// thumb's are properties. The frame is the track; the thumb moves along its width, so a
/// frame taller than it is wide (a thumb with nowhere to go) is reported.
package struct ToggleConfig: ControlDescription {
    /// `"toggle"`.
    package static let typeName = "toggle"

    package var id: String
    package var frame: Rect
    /// `on` (default false): on at the start.
    package var isOn: Bool
    /// `onColor` (optional): the track when on; nil means the theme's accent.
    package var onColor: Color?
    /// `offColor` (optional): the track when off; nil means the theme's track colour.
    package var offColor: Color?
    /// `thumbColor` (optional): the thumb; nil means the theme's knob colour.
    package var thumbColor: Color?

    /// A toggle as the config describes it; the colours nil take the theme's.
    package init(id: String, frame: Rect, isOn: Bool = false, onColor: Color? = nil, offColor: Color? = nil,
                thumbColor: Color? = nil) {
        self.id = id
        self.frame = frame
        self.isOn = isOn
        self.onColor = onColor
        self.offColor = offColor
        self.thumbColor = thumbColor
    }

    enum CodingKeys: String, CodingKey { case id, frame, on, onColor, offColor, thumbColor }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        let frame = try fields.frame(.frame)
        if let frame, frame.width < frame.height {
            try fields.report("must be at least as wide as it is tall, for the thumb to move sideways "
                              + "(found \(ConfigValidator.format(frame.size)))", at: .frame)
        }
        self.init(id: id ?? "", frame: frame ?? .zero, isOn: try fields.bool(.on, default: false) ?? false,
                  onColor: try fields.optionalColor(.onColor), offColor: try fields.optionalColor(.offColor),
                  thumbColor: try fields.optionalColor(.thumbColor))
    }

    /// A `Toggle` showing `on` at once (no spring at start).
    package func makeControl(in context: ControlContext) -> Control {
        let toggle = Toggle(id: id, frame: frame, theme: context.theme, isOn: isOn)
        apply(to: toggle)
        return toggle
    }

    /// `onColor`, `offColor` and `thumbColor` (`on` is the value field).
    package static let properties = [
        ControlProperty("onColor", .color), ControlProperty("offColor", .color), ControlProperty("thumbColor", .color),
    ]

    /// Sets a `Toggle`'s colours; its value is left as it is.
    package func apply(to control: Control) {
        guard let toggle = control as? Toggle else { return }
        toggle.onColor = onColor
        toggle.offColor = offColor
        toggle.thumbColor = thumbColor
    }
}
