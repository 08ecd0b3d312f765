import KioskCore
import KioskUI

extension PopupTemplate {
    /// `box`: where the dialog sits and how its frame looks.
    package struct Box: Sendable, Equatable, Decodable {
        /// `frame` (required), in design pixels, wholly on the screen.
        package var frame: Rect
        /// `cornerRadius`, 0…16384 (default 14).
        package var cornerRadius: Double
        /// `background` (default `#222A34`).
        package var background: Color
        /// `border` colour (default `#4A5A6E`).
        package var border: Color
        /// `borderWidth`, 0…16384 (default 1; 0 draws no border).
        package var borderWidth: Double

        /// The box's corner radius when the template gives none.
        package static let defaultCornerRadius = 14.0
        /// The box's fill when the template gives none.
        package static let defaultBackground = Color(hex: "#222A34")!
        /// The box's border colour when the template gives none.
        package static let defaultBorder = Color(hex: "#4A5A6E")!
        /// The box's border width when the template gives none.
        package static let defaultBorderWidth = 1.0

        /// A box at `frame` in the design coordinates; unset parts take the defaults above.
        package init(frame: Rect, cornerRadius: Double = Box.defaultCornerRadius,
                    background: Color = Box.defaultBackground, border: Color = Box.defaultBorder,
                    borderWidth: Double = Box.defaultBorderWidth) {
            self.frame = frame
            self.cornerRadius = cornerRadius
            self.background = background
            self.border = border
            self.borderWidth = borderWidth
        }

        enum CodingKeys: String, CodingKey { case frame, cornerRadius, background, border, borderWidth }

        package init(from decoder: any Decoder) throws {
            let fields = try decoder.configFields(keyedBy: CodingKeys.self)
            let frame = try fields.required(.frame, as: FrameValue.self)?.rect
            if let frame, let validator = fields.templateValidator {
                validator.boxSize = frame.size
                if let screen = validator.designSize,
                   let misfit = TemplateValidator.misfit(frame, in: screen, name: "screen") {
                    try fields.report(misfit, at: .frame)
                }
            }
            self.init(frame: frame ?? .zero,
                      cornerRadius: try fields.optionalNumber(.cornerRadius, .distance) ?? Self.defaultCornerRadius,
                      background: try fields.color(.background, default: Self.defaultBackground) ?? Self.defaultBackground,
                      border: try fields.color(.border, default: Self.defaultBorder) ?? Self.defaultBorder,
                      borderWidth: try fields.optionalNumber(.borderWidth, .distance) ?? Self.defaultBorderWidth)
        }
    }

    /// `title` or `text`: a block of text inside the box.
    package struct TextPart: Sendable, Equatable {
        /// `frame` (required), relative to the box.
        package var frame: Rect
        /// `font`: a Pango font description (default `sans-serif bold 22` for the title,
        /// `sans-serif 17` for the text).
        package var font: String
        /// `color` (default `#FFFFFF` for the title, `#C8D2DC` for the text).
        package var color: Color
        /// `alignment` (default `center`).
        package var alignment: LabelAlignment

        /// A text part at `frame`, in `font` and `color`.
        package init(frame: Rect, font: String, color: Color, alignment: LabelAlignment = .center) {
            self.frame = frame
            self.font = font
            self.color = color
            self.alignment = alignment
        }

        /// What a title has unless the template says otherwise (the frame is always given).
        package static let titleDefaults = TextPart(frame: .zero, font: "sans-serif bold 22", color: .white)
        /// What a text has unless the template says otherwise.
        package static let textDefaults = TextPart(frame: .zero, font: "sans-serif 17", color: Color(hex: "#C8D2DC")!)

        func style() -> TextBlockStyle {
            TextBlockStyle(frame: frame, font: font, color: color,
                           alignment: TextAlignment(rawValue: alignment.rawValue) ?? .center)
        }
    }

    /// `buttons`: the row the popup's buttons share, side by side, `spacing` apart.
    package struct ButtonRow: Sendable, Equatable, Decodable {
        /// `frame` (required), relative to the box.
        package var frame: Rect
        /// `font` of the titles (default `sans-serif bold 17`).
        package var font: String
        /// `color` of the titles (default `#FFFFFF`).
        package var color: Color
        /// `background` of each button (default `#0073F0`).
        package var background: Color
        /// `cornerRadius`, 0…16384 (default 10).
        package var cornerRadius: Double
        /// `spacing` between buttons, 0…16384 (default 12).
        package var spacing: Double

        /// The buttons' font when the template gives none.
        package static let defaultFont = "sans-serif bold 17"
        /// The buttons' text colour when the template gives none.
        package static let defaultColor = Color.white
        /// The buttons' fill when the template gives none.
        package static let defaultBackground = Color(hex: "#0073F0")!
        /// The buttons' corner radius when the template gives none.
        package static let defaultCornerRadius = 10.0
        /// The gap between two buttons when the template gives none.
        package static let defaultSpacing = 12.0

        /// A button row at `frame`: the buttons share its width, `spacing` apart.
        package init(frame: Rect, font: String = ButtonRow.defaultFont, color: Color = ButtonRow.defaultColor,
                    background: Color = ButtonRow.defaultBackground,
                    cornerRadius: Double = ButtonRow.defaultCornerRadius, spacing: Double = ButtonRow.defaultSpacing) {
            self.frame = frame
            self.font = font
            self.color = color
            self.background = background
            self.cornerRadius = cornerRadius
            self.spacing = spacing
        }

        /// Whether `count` buttons side by side each keep a positive width.
        package func fits(_ count: Int) -> Bool { frame.width - Double(count - 1) * spacing > 0 }

        enum CodingKeys: String, CodingKey { case frame, font, color, background, cornerRadius, spacing }

        package init(from decoder: any Decoder) throws {
            let fields = try decoder.configFields(keyedBy: CodingKeys.self)
            self.init(frame: try fields.partFrame(.frame) ?? .zero,
                      font: try fields.font(.font) ?? Self.defaultFont,
                      color: try fields.color(.color, default: Self.defaultColor) ?? Self.defaultColor,
                      background: try fields.color(.background, default: Self.defaultBackground) ?? Self.defaultBackground,
                      cornerRadius: try fields.optionalNumber(.cornerRadius, .distance) ?? Self.defaultCornerRadius,
                      spacing: try fields.optionalNumber(.spacing, .distance) ?? Self.defaultSpacing)
        }
    }
}

/// A `TextPart` as written, before its role's defaults fill the gaps.
struct TextPartFields: Decodable {
    var frame: Rect?
    var font: String?
    var color: Color?
    var alignment: LabelAlignment?

    func resolved(defaults: PopupTemplate.TextPart) -> PopupTemplate.TextPart {
        PopupTemplate.TextPart(frame: frame ?? defaults.frame, font: font ?? defaults.font,
                               color: color ?? defaults.color, alignment: alignment ?? defaults.alignment)
    }

    enum CodingKeys: String, CodingKey { case frame, font, color, alignment }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        frame = try fields.partFrame(.frame)
        font = try fields.font(.font)
        color = try fields.optionalColor(.color)
        alignment = try fields.optional(.alignment, as: LabelAlignment.self)
    }
}
