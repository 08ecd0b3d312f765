import KioskCore
import KioskUI

/// Text in a frame: one line (ellipsized when too wide), or with `lines` above 1 up to that many
/// lines broken at word boundaries, the last one ellipsized when the text needs more. Pango
/// shapes it, so complex scripts (Devanagari, Arabic) join correctly. It takes no touch.
public final class Label: Control {
    /// The text shown; changing it repaints the label (one line: where the old and the new
    /// words lie, when the scene has a `textMeasurer`).
    public var text: String { didSet { if oldValue != text { invalidateText(replacing: oldValue) } } }
    /// A Pango font description; nil takes the theme's.
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    /// The text colour; nil takes the theme's.
    public var color: Color? { didSet { if oldValue != color { invalidate() } } }
    /// Where each line sits across the frame: leading is the right edge in a right-to-left
    /// language (`Control.layoutDirection`).
    public var alignment: TextAlignment { didSet { if oldValue != alignment { invalidate() } } }
    /// At most this many lines (1, the default: one line that never wraps). Above 1 the text
    /// wraps at word boundaries, keeps its newlines, and the block is centred in the frame.
    public var lines: Int { didSet { if oldValue != lines { invalidate() } } }
    /// An icon by name (`"icon": "thermostat"`) before the text, in its colour and font. Nil: none.
    public var icon: IconGlyph? { didSet { if oldValue != icon { invalidate() } } }

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

    /// How far a line's ink may reach past its advance width (an italic's last letter, an
    /// accent): the band repainted is this much wider on each side.
    static let overhang = 8.0

    /// Repaints the band of the frame that the old words covered and the new ones cover: a
    /// total ticking up in a wide label repaints the total, not the label. A wrapped label, or
    /// one on a scene nothing draws yet, repaints whole.
    private func invalidateText(replacing old: String) {
        // The measurer measures words alone: with an icon before them, the whole label.
        guard lines == 1, icon == nil, let measurer = host?.textMeasurer else { return invalidate() }
        let font = self.font ?? theme.font
        let band = textBand(width: measurer.measureText(old, font: font).width)
            .union(textBand(width: measurer.measureText(text, font: font).width))
        // Not cut at the frame: cairo 1.18 lets a glyph's antialiasing reach one device pixel
        // past a clip on a whole pixel, and a band that stops at the frame would leave that.
        invalidate(band)
    }

    /// Where a line `width` wide sits across the frame (as `Canvas.drawText` places it, by
    /// `TextAlignment.lineStart`: start is the right edge in a right-to-left language), the
    /// frame's whole height, widened by `overhang`.
    func textBand(width: Double) -> Rect {
        let w = min(max(width, 0), frame.width)
        let x = alignment.lineStart(width: w, in: frame, direction: layoutDirection)
        return Rect(x, frame.minY, w, frame.height).insetBy(dx: -Self.overhang, dy: 0)
    }

    /// Words take no touch: a finger on a label reaches what lies under it (a card that is a
    /// button with its name on top), as on a picture.
    public override func touchDistance(to point: Point) -> Double? { nil }

    public override func draw(_ canvas: Canvas, in dirty: Rect) {
        canvas.save()
        canvas.clip(frame)
        canvas.drawText(text, style: TextStyle(font: font ?? theme.font, color: color ?? theme.text,
                                               alignment: alignment, wraps: lines > 1,
                                               maxLines: lines > 1 ? lines : nil, icon: icon,
                                               direction: layoutDirection),
                        in: frame)
        canvas.restore()
    }
}
