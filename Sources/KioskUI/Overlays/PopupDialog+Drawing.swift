import KioskCore

/// Painting: the backdrop (painted by the scene, see `backdrop`), then the box (background, border, title,
/// text, buttons) scaled about its centre and faded as one layer, so that overlapping parts
/// do not show through each other while it is translucent.
extension PopupDialog {
    /// The template's backdrop at the current appearance: it fades in and out with the box.
    var currentBackdrop: Color? {
        let opacity = appearance
        guard opacity > 0, style.backdrop.alpha > 0 else { return nil }
        return style.backdrop.withAlpha(style.backdrop.alpha * opacity)
    }

    /// `draw(_:in:)`: the box if it reaches into `dirty`.
    func paint(_ canvas: Canvas, in dirty: Rect) {
        let opacity = appearance
        guard opacity > 0 else { return }
        let transform = boxTransform
        let drawn = transform.apply(style.boxFrame)
        guard drawn.intersects(dirty) else { return }
        canvas.save()
        // The layer is as large as the clip: keep it to the box. A little margin, because a
        // clip on fractional device pixels would also fade the box's own antialiased edge.
        canvas.clip(drawn.outsetBy(2))
        if transform != .identity { canvas.concatenate(transform) }
        canvas.beginLayer(opacity: opacity)
        drawBox(canvas, in: transform.inverted?.apply(dirty) ?? dirty)
        canvas.endLayer()
        canvas.restore()
    }

    /// The box at full size, in scene coordinates; `dirty` is in the same coordinates.
    private func drawBox(_ canvas: Canvas, in dirty: Rect) {
        let box = style.boxFrame
        canvas.fill(.roundedRect(box, radius: style.cornerRadius), .solid(style.boxBackground))
        let w = style.borderWidth
        if w > 0, style.borderColor.alpha > 0 {
            // Stroked inside the box, on its centre line: half a unit in for a 1-unit border,
            // which lands on half pixels (crisp) when the box is on whole units.
            canvas.stroke(.roundedRect(box.insetBy(w / 2), radius: max(0, style.cornerRadius - w / 2)), width: w,
                          .solid(style.borderColor), cap: .butt)
        }
        draw(content.title, style: style.title, wraps: false, on: canvas, in: dirty)
        draw(content.text, style: style.text, wraps: true, on: canvas, in: dirty)
        for button in buttons where button.paintBounds.intersects(dirty) {
            button.render(canvas, in: dirty)
        }
    }

    private func draw(_ text: String, style block: TextBlockStyle, wraps: Bool, on canvas: Canvas, in dirty: Rect) {
        let frame = block.frame.offsetBy(style.boxFrame.origin)
        guard !text.isEmpty, frame.intersects(dirty) else { return }
        canvas.save()
        canvas.clip(frame)
        canvas.drawText(text, style: TextStyle(font: block.font, color: block.color, alignment: block.alignment,
                                               wraps: wraps, direction: language.direction),
                        in: frame)
        canvas.restore()
    }
}
