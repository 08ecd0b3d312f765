import KioskCore

/// A line of text. Pango shapes it, so complex scripts (Devanagari, Arabic) join correctly.
public final class Label: Control {
    /// The text shown; changing it repaints the label.
    public var text: String { didSet { if oldValue != text { invalidate() } } }
    /// A Pango font description; nil takes the theme's.
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    /// The text colour; nil takes the theme's.
    public var color: Color? { didSet { if oldValue != color { invalidate() } } }
    /// Where the line sits across the frame.
    public var alignment: TextAlignment { didSet { if oldValue != alignment { invalidate() } } }

    /// A label showing `text`; `font` and `color` nil take the theme's.
    public init(id: String, frame: Rect, theme: Theme = .standard, text: String,
                font: String? = nil, color: Color? = nil, alignment: TextAlignment = .leading) {
        self.text = text
        self.font = font
        self.color = color
        self.alignment = alignment
        super.init(id: id, frame: frame, theme: theme)
    }

    public override func draw(_ canvas: Canvas, in dirty: Rect) {
        canvas.save()
        canvas.clip(frame)
        canvas.drawText(text, style: TextStyle(font: font ?? theme.font, color: color ?? theme.text,
                                               alignment: alignment), in: frame)
        canvas.restore()
    }
}
