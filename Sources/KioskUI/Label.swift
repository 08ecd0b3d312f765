import KioskCore

/// A line of text. Pango shapes it, so complex scripts (Devanagari, Arabic) join correctly.
public final class Label: Control {
    public var text: String { didSet { if oldValue != text { invalidate() } } }
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    public var color: Color? { didSet { if oldValue != color { invalidate() } } }
    public var alignment: TextAlignment { didSet { if oldValue != alignment { invalidate() } } }

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
