import KioskConfig
import KioskCore
import KioskUI

/// A line a person types into with a keypad:
/// `{"type": "textField", "id": "pin", "frame": […], "mask": true, "maxLength": 4,
/// "placeholder": "PIN"}`. Its text is its value (`{"text": …}`), typed on a `keypad` bound
/// to it (`"field": "pin"`) or set by the owner (`kiosk ctl set pin text=`).
///
/// `mask` is a boolean, not a character: every masked field draws ● (`TextField.maskCharacter`),
/// so a PIN looks the same on every kiosk, and the choice a config makes is only whether to
/// hide. A masked field's text is secret: never in the state file or MQTT's retained state.
package struct TextFieldConfig: ControlDescription {
    /// `"textField"`.
    package static let typeName = "textField"

    package var id: String
    package var frame: Rect
    /// `text` (default ""): the text at the start, at most `maxLength` characters. The value
    /// field, not a property: typed, or set with `set`.
    package var text: String
    /// `maxLength` (optional, 1…1000 characters): a full field ignores further keys.
    package var maxLength: Int?
    /// `placeholder` (default ""): shown dimmed while the field is empty.
    package var placeholder: String
    /// `mask` (default false): each character drawn as ●, and the text kept secret.
    package var mask: Bool
    /// `font` (optional): nil means the theme's font.
    package var font: String?
    /// `color` (optional): the text's colour (the placeholder's, dimmed); nil: the theme's text.
    package var color: Color?
    /// `background` (optional): the box's fill; nil: the theme's button background.
    package var background: Color?
    /// `align` (`start`, `center`, `end`; default start): where the text sits in the box.
    package var alignment: LabelAlignment

    /// A text field as the config describes it; the colours and font nil take the theme's.
    package init(id: String, frame: Rect, text: String = "", maxLength: Int? = nil, placeholder: String = "",
                mask: Bool = false, font: String? = nil, color: Color? = nil, background: Color? = nil,
                alignment: LabelAlignment = .leading) {
        self.id = id
        self.frame = frame
        self.text = text
        self.maxLength = maxLength
        self.placeholder = placeholder
        self.mask = mask
        self.font = font
        self.color = color
        self.background = background
        self.alignment = alignment
    }

    enum CodingKeys: String, CodingKey { case id, frame, text, maxLength, placeholder, mask, font, color, background, align }

    /// How long a field may be, in characters.
    static let maxLengthRule = NumberRule(1...1000)

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id), frame = try fields.frame(.frame)
        let text = try fields.text(.text, default: "")
        var maxLength: Int?
        if fields.container.contains(.maxLength) {
            maxLength = try fields.wholeNumber(.maxLength, Self.maxLengthRule, default: 1, of: "characters")
        }
        if let text, let maxLength, text.count > maxLength {
            try fields.report("has \(text.count) characters, more than maxLength (\(maxLength))", at: .text)
        }
        self.init(id: id ?? "", frame: frame ?? .zero, text: text ?? "", maxLength: maxLength,
                  placeholder: try fields.text(.placeholder, default: "") ?? "",
                  mask: try fields.bool(.mask, default: false) ?? false, font: try fields.font(.font),
                  color: try fields.optionalColor(.color), background: try fields.optionalColor(.background),
                  alignment: try fields.optional(.align, as: TextAlign.self)?.alignment ?? .leading)
    }

    /// `placeholder`, `mask`, `font`, `color`, `background` and `align` (`text` is the value
    /// field; `maxLength` stays as the config says).
    package static let properties = [
        ControlProperty("placeholder", .text), ControlProperty("mask", .boolean), ControlProperty("font", .font),
        ControlProperty("color", .color), ControlProperty("background", .color), ControlProperty("align", .keyword),
    ]

    /// A `TextField` showing `text`.
    package func makeControl(in context: ControlContext) -> Control {
        let field = TextField(id: id, frame: frame, theme: context.theme, text: text, maxLength: maxLength)
        apply(to: field)
        return field
    }

    /// Sets a `TextField`'s placeholder, mask, font, colours and alignment; its text is left
    /// as it is (typed, or the owner's).
    package func apply(to control: Control) {
        guard let field = control as? TextField else { return }
        field.placeholder = placeholder
        field.isMasked = mask
        field.font = font
        field.textColor = color
        field.backgroundColor = background
        field.alignment = TextAlignment(rawValue: alignment.rawValue) ?? .leading
    }
}
