import KioskConfig
import KioskCore
import KioskUI

/// Static text: `{"type": "label", "id": "title", "frame": [20, 20, 400, 40], "text": "नमस्ते"}`.
package struct LabelConfig: ControlDescription {
    /// `"label"`.
    package static let typeName = "label"

    package var id: String
    package var frame: Rect
    /// `text` (required), any Unicode, shaped by Pango: at most 4096 Unicode scalars, none of
    /// its characters longer than 32 scalars.
    package var text: String
    /// `font` (optional): nil means the theme's font.
    package var font: String?
    /// `color` (optional): nil means the theme's text colour.
    package var color: Color?
    /// `align` (`start`, `center`, `end`) or its older spelling `alignment` (`leading`,
    /// `center`, `trailing`); default start. Both at once is a mistake.
    package var alignment: LabelAlignment
    /// `lines` (default 1): at most this many lines, 1…100. Above 1 the text wraps at word
    /// boundaries and the last line kept is ellipsized when it needs more.
    package var lines: Int
    /// `icon` (optional): an icon's name (`thermostat`) from the Material Icons font, before
    /// the text in its colour and size (see `ButtonConfig.icon`; a label takes no image file).
    package var icon: String?

    /// A label as the config describes it; `font` and `color` nil take the theme's.
    package init(id: String, frame: Rect, text: String, font: String? = nil, color: Color? = nil,
                alignment: LabelAlignment = .leading, lines: Int = 1) {
        self.id = id
        self.frame = frame
        self.text = text
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lines = lines
    }

    enum CodingKeys: String, CodingKey { case id, frame, text, font, color, alignment, align, lines, icon }

    /// How many lines a label may have.
    static let lineRule = NumberRule(1...100)

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        var alignment = try fields.decode(.alignment, default: LabelAlignment.leading) ?? .leading
        if let align = try fields.optional(.align, as: TextAlign.self) {
            if fields.container.contains(.alignment) {
                try fields.report("give either align or alignment, not both", at: .align)
            }
            alignment = align.alignment
        }
        let lines = try fields.wholeNumber(.lines, Self.lineRule, default: 1, of: "lines") ?? 1
        self.init(id: try fields.id(.id) ?? "", frame: try fields.frame(.frame) ?? .zero,
                  text: try fields.text(.text) ?? "", font: try fields.font(.font),
                  color: try fields.optionalColor(.color), alignment: alignment, lines: lines)
        icon = try fields.optionalIcon(.icon, allowsImage: false)
    }

    /// `text`, `color`, `font`, `align` (replacing `alignment`), `lines` and `icon` (not kept
    /// in the state file, as a button's).
    package static let properties = [
        ControlProperty("text", .text), ControlProperty("color", .color), ControlProperty("font", .font),
        ControlProperty("align", .keyword, aliases: ["alignment"]), ControlProperty("lines", .number),
        ControlProperty("icon", .icon, persists: false),
    ]

    /// A `Label`.
    package func makeControl(in context: ControlContext) -> Control {
        let label = Label(id: id, frame: frame, theme: context.theme, text: text)
        apply(to: label, in: context)
        return label
    }

    /// Sets the icon `icon` names when `context` has it (a context without it leaves the
    /// label's; no `icon`: none), then the rest as `apply(to:)`.
    package func apply(to control: Control, in context: ControlContext) {
        guard let label = control as? Label else { return }
        if let icon {
            if let glyph = context.icons[icon] { label.icon = glyph }
        } else {
            label.icon = nil
        }
        apply(to: label)
    }

    /// Sets a `Label`'s text, colour, font, alignment and lines.
    package func apply(to control: Control) {
        guard let label = control as? Label else { return }
        label.text = text
        label.color = color
        label.font = font
        label.alignment = TextAlignment(rawValue: alignment.rawValue) ?? .leading
        label.lines = max(1, lines)
    }
}
