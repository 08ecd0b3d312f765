import KioskConfig
import KioskCore
import KioskUI

/// A numeric keypad typing into a text field:
/// `{"type": "keypad", "id": "pinPad", "frame": […], "field": "pin"}`. The frame holds the 3×4
/// keys (1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 ✓). `field` must name a `textField` of the config, on any
/// screen or panel: an unknown id, or one of another control type, is a config problem at
/// `field` (`no textField with id "pim"; did you mean "pin"?`, `"title" is a label, not a
/// textField`).
package struct KeypadConfig: ControlDescription {
    /// `"keypad"`.
    package static let typeName = "keypad"

    package var id: String
    package var frame: Rect
    /// `field` (required): the id of the text field the keys type into.
    package var field: String
    /// `font` (optional): the keys' labels; nil: a bold sans-serif sized to the keys.
    package var font: String?
    /// `color` (optional): the labels' colour; nil: the theme's button text.
    package var color: Color?
    /// `background` (optional): the digit and ⌫ keys' fill; nil: the theme's button background.
    package var background: Color?
    /// `submitBackground` (optional): the ✓ key's fill; nil: the theme's accent.
    package var submitBackground: Color?

    /// A keypad as the config describes it; the colours and font nil take the theme's.
    package init(id: String, frame: Rect, field: String, font: String? = nil, color: Color? = nil,
                background: Color? = nil, submitBackground: Color? = nil) {
        self.id = id
        self.frame = frame
        self.field = field
        self.font = font
        self.color = color
        self.background = background
        self.submitBackground = submitBackground
    }

    enum CodingKeys: String, CodingKey { case id, frame, field, font, color, background, submitBackground }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id), frame = try fields.frame(.frame)
        let field = try fields.idString(.field)
        if let field {
            fields.validator?.refer(toControl: field, ofType: TextFieldConfig.typeName, at: fields.path(of: .field))
        }
        self.init(id: id ?? "", frame: frame ?? .zero, field: field ?? "", font: try fields.font(.font),
                  color: try fields.optionalColor(.color), background: try fields.optionalColor(.background),
                  submitBackground: try fields.optionalColor(.submitBackground))
    }

    /// `font`, `color`, `background` and `submitBackground` (`field` stays as the config says).
    package static let properties = [
        ControlProperty("font", .font), ControlProperty("color", .color), ControlProperty("background", .color),
        ControlProperty("submitBackground", .color),
    ]

    /// A `Keypad` bound to `field`.
    package func makeControl(in context: ControlContext) -> Control {
        let keypad = Keypad(id: id, frame: frame, theme: context.theme, fieldID: field)
        apply(to: keypad)
        return keypad
    }

    /// Sets a `Keypad`'s font and colours.
    package func apply(to control: Control) {
        guard let keypad = control as? Keypad else { return }
        keypad.font = font
        keypad.textColor = color
        keypad.keyBackground = background
        keypad.submitBackground = submitBackground
    }
}
