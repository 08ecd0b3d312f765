import KioskCore
import KioskUI

/// The list on the display: its rows from the kept layer, scrolled (`Canvas.drawScrolled`).
extension List {
    /// The rows from the kept layer, scrolled, clipped to the frame.
    func drawList(_ canvas: Canvas) {
        let bounds = layerBounds
        if rowsLayer.bounds != bounds {
            rowsLayer.resize(to: bounds)
            rowsLayer.opaqueBounds = resolvedBackground.alpha >= 1 ? bounds : nil
        }
        canvas.drawScrolled(rowsLayer, offset: scroll.offset, in: frame)
    }

    /// Paints the content inside `rect` (the content's coordinates at offset 0, those of
    /// `rowsLayer`; the canvas is clipped to it): the background over all of `rect` (the
    /// viewport cuts it), then only the rows `rect` touches, each with its separator and
    /// controls in the row's coordinates. Rows elsewhere cost nothing.
    func drawRows(_ canvas: Canvas, in rect: Rect) {
        // A design pixel past `rect` on each side (the clip cuts it): `rect` comes back from
        // whole device pixels through a scale like 1/2.25, and an edge a hair inside a pixel
        // would blend that pixel with what the strip before it left there.
        canvas.fill(.rect(rect.outsetBy(1)), .solid(resolvedBackground))
        guard !rows.isEmpty else { return }
        let top = (rect.minY - frame.minY) / rowHeight, bottom = (rect.maxY - frame.minY) / rowHeight
        guard bottom > 0, top < Double(rows.count) else { return }
        let first = max(0, Int(top.rounded(.down))), last = min(rows.count - 1, Int(bottom.rounded(.up)) - 1)
        guard first <= last else { return }
        let separator = resolvedSeparator
        for i in first...last {
            let origin = rowOrigin(i)
            let local = rect.offsetBy(Point(-origin.x, -origin.y))
            canvas.save()
            canvas.translate(origin.x, origin.y)
            if i < rows.count - 1, separator.alpha > 0 {
                canvas.fill(.rect(Rect(Self.separatorInset, rowHeight - 1, frame.width - Self.separatorInset, 1)),
                            .solid(separator))
            }
            for control in rows[i].controls where !control.isHidden && control.paintBounds.intersects(local) {
                control.render(canvas, in: local)
            }
            canvas.restore()
        }
    }

    /// How far from the list's left edge the line between rows starts.
    public static let separatorInset = 16.0
}
