import KioskCore

/// The panel over its dim (the `backdrop`, which the scene paints): rounded on its inner edge
/// only (the outer corners are pushed past the screen edge), a small grabber showing it can
/// be dragged, and its controls.
extension Panel {
    /// The dim at the current presentation: it fades in and out with the panel.
    var currentDim: Color? {
        let p = min(max(presentation, 0), 1)
        guard p > 0, style.dim.alpha > 0 else { return nil }
        return style.dim.withAlpha(style.dim.alpha * p)
    }

    func drawPanel(_ canvas: Canvas, in dirty: Rect) {
        let frame = currentFrame
        guard frame.intersects(dirty) || frame.outsetBy(style.cornerRadius).intersects(dirty) else { return }
        canvas.fill(.roundedRect(backgroundRect(frame), radius: style.cornerRadius), .solid(style.background))
        if let grabber = grabberRect(frame) {
            canvas.fill(.roundedRect(grabber, radius: grabber.height / 2), .solid(Color.white.withAlpha(0.28)))
        }
        canvas.save()
        canvas.clip(frame)
        canvas.translate(frame.minX, frame.minY)
        let local = dirty.offsetBy(frame.origin * -1)
        for control in controls where !control.isHidden && control.paintBounds.intersects(local) {
            control.draw(canvas, in: local)
        }
        canvas.restore()
    }

    /// The panel's shape, extended past its outer edge by the corner radius so that only the
    /// inner corners show rounded.
    func backgroundRect(_ frame: Rect) -> Rect {
        let r = style.cornerRadius
        switch style.edge {
        case .bottom: return Rect(frame.minX, frame.minY, frame.width, frame.height + r)
        case .top: return Rect(frame.minX, frame.minY - r, frame.width, frame.height + r)
        case .left: return Rect(frame.minX - r, frame.minY, frame.width + r, frame.height)
        case .right: return Rect(frame.minX, frame.minY, frame.width + r, frame.height)
        }
    }

    /// A short bar near the inner edge, the usual sign of a sheet that can be dragged away.
    func grabberRect(_ frame: Rect) -> Rect? {
        switch style.edge {
        case .bottom: return Rect(frame.midX - 22, frame.minY + 8, 44, 5)
        case .top: return Rect(frame.midX - 22, frame.maxY - 13, 44, 5)
        case .left: return Rect(frame.maxX - 13, frame.midY - 22, 5, 44)
        case .right: return Rect(frame.minX + 8, frame.midY - 22, 5, 44)
        }
    }
}
