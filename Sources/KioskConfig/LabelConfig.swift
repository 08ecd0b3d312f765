import KioskCore
import KioskUI

/// Static text: `{"type": "label", "id": "title", "frame": [20, 20, 400, 40], "text": "नमस्ते"}`.
public struct LabelConfig: ControlDescription {
    /// `"label"`.
    public static let typeName = "label"

    public var id: String
    public var frame: Rect
    /// `text` (required), any Unicode, shaped by Pango: at most 4096 Unicode scalars, none of
    /// its characters longer than 32 scalars.
    public var text: String
    /// `font` (optional): nil means the theme's font.
    public var font: String?
    /// `color` (optional): nil means the theme's text colour.
    public var color: Color?
    /// `alignment` (default `leading`).
    public var alignment: LabelAlignment

    /// A label as the config describes it; `font` and `color` nil take the theme's.
    public init(id: String, frame: Rect, text: String, font: String? = nil, color: Color? = nil,
                alignment: LabelAlignment = .leading) {
        self.id = id
        self.frame = frame
        self.text = text
        self.font = font
        self.color = color
        self.alignment = alignment
    }

    enum CodingKeys: String, CodingKey { case id, frame, text, font, color, alignment }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        self.init(id: try fields.id(.id) ?? "", frame: try fields.frame(.frame) ?? .zero,
                  text: try fields.text(.text) ?? "", font: try fields.font(.font),
                  color: try fields.optionalColor(.color),
                  alignment: try fields.decode(.alignment, default: LabelAlignment.leading) ?? .leading)
    }

    /// A `Label`.
    public func makeControl(in context: ControlContext) -> Control {
        Label(id: id, frame: frame, theme: context.theme, text: text, font: font, color: color,
              alignment: TextAlignment(rawValue: alignment.rawValue) ?? .leading)
    }
}

/// Where a label's text sits horizontally in its frame. "Leading" and "trailing" rather than
/// left and right, so that the words still fit if right-to-left text is added later.
public enum LabelAlignment: String, Sendable, Equatable, CaseIterable, Decodable, ConfigKeyword {
    /// Where the text sits across its frame: `leading` (left), `center`, `trailing` (right).
    case leading, center, trailing
    static let keywordKind = "alignment"

    public init(from decoder: any Decoder) throws { self = try Self(keywordFrom: decoder) }
}
