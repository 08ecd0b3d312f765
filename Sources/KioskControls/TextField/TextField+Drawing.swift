import KioskCore
import KioskUI

/// Appearance: a rounded box in the background colour with a 2 px accent border (the look of
/// the place typing goes to; 3 px while focused), the text (or ● per character) or the dimmed
/// placeholder inside, and a static caret at `caretIndex`: after the last character, between
/// two, or just before the placeholder.
///
/// A text that fits is placed by `alignment` in the box; a longer one is scrolled so that the
/// caret stays in view (`scrollOffset`), the line running past the box's inside edges.
///
/// A change of the text with the caret at its end repaints the band its old and new words (and
/// carets) cover inside the border, measured as the display sets them, as a label does: a PIN
/// growing by one ● repaints a few dots, not the field. A caret moved or a scrolled text
/// repaints the inside of the border.
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
    /// the caret before it) and the new one cover when both carets stand at their line's end
    /// and both lines fit; else, or when nothing measures text yet, the inside of the border.
    func invalidateText(oldShown: String, wasEmpty: Bool, caretsAtEnd: Bool = true) {
        guard let measurer = host?.textMeasurer, caretsAtEnd else { return invalidate(frame.insetBy(2)) }
        let font = resolvedFont
        let oldWidth = measurer.measureText(oldShown, font: font).width
        let newWidth = measurer.measureText(shownText, font: font).width
        guard max(oldWidth, newWidth) <= textArea.width else { return invalidate(frame.insetBy(2)) }
        invalidate(textBand(width: oldWidth, empty: wasEmpty).union(textBand(width: newWidth, empty: text.isEmpty)))
    }

    /// Where a shown line `width` wide goes when it is wider than the box: its left edge, with
    /// `scrollOffset` brought up to date so that a caret `caret` in from the line's start (in
    /// the reading direction) is in view.
    func scrolledLineStart(width: Double, caret: Double) -> Double {
        let room = textArea.width - Self.caretWidth - Self.caretMargin
        if caret - scrollOffset > room { scrollOffset = caret - room }
        if caret - scrollOffset < Self.caretMargin { scrollOffset = caret - Self.caretMargin }
        scrollOffset = min(max(scrollOffset, 0), max(0, width + Self.caretWidth + 2 - textArea.width))
        return layoutDirection.isRightToLeft ? textArea.maxX + scrollOffset - width : textArea.minX - scrollOffset
    }

    /// The width of the shown text before the caret, in a shown line `width` wide.
    func caretOffset(width: Double, measurer: TextMeasuring, font: String) -> Double {
        guard caretIndex < text.count else { return width }
        return measurer.measureText(displayed(String(text.prefix(caretIndex))), font: font).width
    }

    /// The line's left edge and the caret's left edge, for a text that is not empty.
    func lineAndCaret(width: Double, measurer: TextMeasuring, font: String) -> (lineStart: Double?, caretX: Double) {
        let atEnd = caretIndex == text.count
        if width <= textArea.width {
            if atEnd { return (nil, caretX(width: width, empty: false)) }
            let start = textStart(width: width), offset = caretOffset(width: width, measurer: measurer, font: font)
            let x = layoutDirection.isRightToLeft ? start + width - offset : start + offset
            return (nil, min(max(x - Self.caretWidth / 2, frame.minX + 4), frame.maxX - 4 - Self.caretWidth))
        }
        let offset = caretOffset(width: width, measurer: measurer, font: font)
        let start = scrolledLineStart(width: width, caret: offset)
        let gap = atEnd ? 2 : -Self.caretWidth / 2
        let x = layoutDirection.isRightToLeft ? start + width - offset - Self.caretWidth - gap : start + offset + gap
        return (start, x)
    }

    /// The caret position (0…`text.count`) nearest `x`, in the frame's coordinates.
    func caretIndex(at x: Double, measurer: TextMeasuring) -> Int {
        guard !text.isEmpty else { return 0 }
        let font = resolvedFont, width = measurer.measureText(displayed(text), font: font).width
        let start = lineAndCaret(width: width, measurer: measurer, font: font).lineStart ?? textStart(width: width)
        let along = layoutDirection.isRightToLeft ? start + width - x : x - start
        func offset(_ i: Int) -> Double { measurer.measureText(displayed(String(text.prefix(i))), font: font).width }
        // The widths grow with the prefix: the first prefix at least as wide as `along`, or the
        // one before it, whichever is nearer.
        var low = 0, high = text.count
        while low < high {
            let mid = (low + high) / 2
            if offset(mid) < along { low = mid + 1 } else { high = mid }
        }
        guard low > 0 else { return 0 }
        return abs(offset(low) - along) < abs(along - offset(low - 1)) ? low : low - 1
    }

    func drawField(_ canvas: Canvas, in dirty: Rect) {
        let r = cornerRadius
        canvas.fill(.roundedRect(frame, radius: r), .solid(backgroundColor ?? theme.buttonBackground))
        let border = isFocused ? 3.0 : 2.0
        canvas.stroke(.roundedRect(frame.insetBy(border / 2), radius: max(r - border / 2, 0)), width: border,
                      .solid(theme.accent), cap: .butt)
        let shown = shownText, font = resolvedFont
        let color = text.isEmpty ? resolvedTextColor.withAlpha(resolvedTextColor.alpha * Self.placeholderOpacity)
            : resolvedTextColor
        canvas.save()
        canvas.clip(frame.insetBy(dx: 4, dy: 2))
        let size = canvas.measureText(shown.isEmpty ? "0" : shown, font: font)
        var caret = caretX(width: 0, empty: true)
        if text.isEmpty {
            if !shown.isEmpty {
                canvas.drawText(shown, style: TextStyle(font: font, color: color, alignment: alignment,
                                                        direction: layoutDirection), in: textArea)
            }
            caret = caretX(width: shown.isEmpty ? 0 : size.width, empty: true)
        } else {
            let placed = lineAndCaret(width: size.width, measurer: canvas, font: font)
            caret = placed.caretX
            if let start = placed.lineStart {
                // Wider than the box: centred in a box just wide enough, so nothing is cut or
                // ellipsized; the clip keeps it inside the border.
                let line = Rect(start - Self.overhang, textArea.minY, size.width + 2 * Self.overhang, textArea.height)
                canvas.drawText(shown, style: TextStyle(font: font, color: color, alignment: .center,
                                                        direction: layoutDirection), in: line)
            } else {
                canvas.drawText(shown, style: TextStyle(font: font, color: color, alignment: alignment,
                                                        direction: layoutDirection), in: textArea)
            }
        }
        let height = min(size.height, frame.height - 8)
        canvas.fill(.rect(Rect(caret, frame.midY - height / 2, Self.caretWidth, height)), .solid(theme.accent))
        canvas.restore()
    }
}
