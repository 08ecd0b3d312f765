import KioskCore

/// Text in a frame: one line (ellipsized when too wide), or with `lines` above 1 up to that many
/// lines broken at word boundaries, the last one ellipsized when the text needs more. Pango
/// shapes it, so complex scripts (Devanagari, Arabic) join correctly. It takes no touch.
public final class Label: Control {
    /// The text shown; changing it repaints the label.
    public var text: String { didSet { if oldValue != text { invalidate() } } }
    /// A Pango font description; nil takes the theme's.
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    /// The text colour; nil takes the theme's.
    public var color: Color? { didSet { if oldValue != color { invalidate() } } }
    /// Where each line sits across the frame.
    public var alignment: TextAlignment { didSet { if oldValue != alignment { invalidate() } } }
    /// At most this many lines (1, the default: one line that never wraps). Above 1 the text
    /// wraps at word boundaries, keeps its newlines, and the block is centred in the frame.
    public var lines: Int { didSet { if oldValue != lines { invalidate() } } }

    /// A label showing `text`; `font` and `color` nil take the theme's.
    public init(id: String, frame: Rect, theme: Theme = .standard, text: String,
                font: String? = nil, color: Color? = nil, alignment: TextAlignment = .leading, lines: Int = 1) {
        self.text = text
        self.font = font
        self.color = color
        self.alignment = alignment
        self.lines = max(1, lines)
        super.init(id: id, frame: frame, theme: theme)
    }

    /// Words take no touch: a finger on a label reaches what lies under it (a card that is a
    /// button with its name on top), as on a picture.
    public override func touchDistance(to point: Point) -> Double? { nil }

    public override func draw(_ canvas: Canvas, in dirty: Rect) {
        canvas.save()
        canvas.clip(frame)
        canvas.drawText(text, style: TextStyle(font: font ?? theme.font, color: color ?? theme.text,
                                               alignment: alignment, wraps: lines > 1,
                                               maxLines: lines > 1 ? lines : nil), in: frame)
        canvas.restore()
    }
}
