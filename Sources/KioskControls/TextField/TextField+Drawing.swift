import KioskCore
import KioskUI

/// Appearance: a rounded box in the background colour with a 2 px accent border (the look of
/// the place typing goes to), the text (or ● per character) or the dimmed placeholder inside,
/// and a static caret: after the last character, or just before the placeholder.
///
/// A change of the text repaints the band its old and new words (and carets) cover inside the
/// border, measured as the display sets them, as a label does: a PIN growing by one ● repaints
/// a few dots, not the field.
extension TextField {
    /// How opaque the placeholder is drawn, in the text's colour.
    static let placeholderOpacity = 0.45
    /// How far a line's ink may reach past its advance width (as a label's `overhang`).
    static let overhang = 8.0

    var resolvedFont: String { font ?? theme.font }
    var resolvedTextColor: Color { textColor ?? theme.text }
    var cornerRadius: Double { min(frame.height / 2, 12) * theme.curvaceousness }

    /// `text` as it is drawn: itself, or one `maskCharacter` per character when masked.
    func displayed(_ text: String) -> String {
        isMasked ? String(repeating: Self.maskCharacter, count: text.count) : text
    }

    /// What the field shows now: the text as drawn, or the placeholder while it is empty.
    var shownText: String { text.isEmpty ? placeholder : displayed(text) }

    /// Where the text may be drawn: the box less `textInset` at the sides.
    var textArea: Rect { frame.insetBy(dx: Self.textInset, dy: 0) }

    /// The left edge of a line `width` wide, placed by `alignment` in `textArea` as
    /// `Canvas.drawText` places it (`TextAlignment.lineStart`, in the reading direction).
    func textStart(width: Double) -> Double {
        alignment.lineStart(width: width, in: textArea, direction: layoutDirection)
    }

    /// The caret's left edge for a shown line `width` wide: 2 px after it in the reading
    /// direction (at its right left to right, at its left right to left), or, on an empty
    /// field, 3 px before the placeholder; always inside the box.
    func caretX(width: Double, empty: Bool) -> Double {
        let start = textStart(width: width), end = start + min(width, textArea.width)
        let x: Double
        switch (layoutDirection, empty) {
        case (.leftToRight, false): x = end + 2
        case (.leftToRight, true): x = start - Self.caretWidth - 3
        case (.rightToLeft, false): x = start - Self.caretWidth - 2
        case (.rightToLeft, true): x = end + 3
        }
        return min(max(x, frame.minX + 4), frame.maxX - 4 - Self.caretWidth)
    }

    /// The part of the box a shown line `width` wide and its caret cover, widened by the
    /// overhang, the box's whole height inside the border.
    func textBand(width: Double, empty: Bool) -> Rect {
        let start = textStart(width: width), caret = caretX(width: width, empty: empty)
        let x0 = min(start, caret) - Self.overhang
        let x1 = max(start + min(width, textArea.width), caret + Self.caretWidth) + Self.overhang
        return Rect(x0, frame.minY, x1 - x0, frame.height).intersection(frame.insetBy(2))
    }

    /// Repaints the band the old shown line (`oldShown`; `wasEmpty`: the placeholder, with
    /// the caret before it) and the new one cover; the whole inside of the border when nothing
    /// measures text yet.
    func invalidateText(oldShown: String, wasEmpty: Bool) {
        guard let measurer = host?.textMeasurer else { return invalidate(frame.insetBy(2)) }
        let font = resolvedFont
        let old = textBand(width: measurer.measureText(oldShown, font: font).width, empty: wasEmpty)
        let new = textBand(width: measurer.measureText(shownText, font: font).width, empty: text.isEmpty)
        invalidate(old.union(new))
    }

    func drawField(_ canvas: Canvas, in dirty: Rect) {
        let r = cornerRadius
        canvas.fill(.roundedRect(frame, radius: r), .solid(backgroundColor ?? theme.buttonBackground))
        canvas.stroke(.roundedRect(frame.insetBy(1), radius: max(r - 1, 0)), width: 2, .solid(theme.accent), cap: .butt)
        let shown = shownText, font = resolvedFont
        let color = text.isEmpty ? resolvedTextColor.withAlpha(resolvedTextColor.alpha * Self.placeholderOpacity)
            : resolvedTextColor
        canvas.save()
        canvas.clip(frame.insetBy(dx: 4, dy: 2))
        if !shown.isEmpty {
            canvas.drawText(shown, style: TextStyle(font: font, color: color, alignment: alignment,
                                                    direction: layoutDirection), in: textArea)
        }
        let size = canvas.measureText(shown.isEmpty ? "0" : shown, font: font)
        let height = min(size.height, frame.height - 8)
        let x = caretX(width: shown.isEmpty ? 0 : size.width, empty: text.isEmpty)
        canvas.fill(.rect(Rect(x, frame.midY - height / 2, Self.caretWidth, height)), .solid(theme.accent))
        canvas.restore()
    }
}
