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

    /// The panel from its retained layer, moved to where it is now: a frame of the slide
    /// copies the panel's pixels instead of painting its shape and controls again.
    func drawPanel(_ canvas: Canvas, in dirty: Rect) {
        let frame = currentFrame
        guard frame.intersects(dirty) || frame.outsetBy(style.cornerRadius).intersects(dirty) else { return }
        let bounds = localBackgroundRect
        if layer.bounds != bounds {
            layer.resize(to: bounds)
            layer.opaqueBounds = localOpaqueRect
        }
        canvas.drawRetained(layer, transform: .translation(frame.minX, frame.minY), opacity: 1)
    }

    /// The panel's own pixels in its coordinates (origin at its frame's corner): the shape,
    /// the grabber, the controls. The canvas is clipped to `dirty`.
    func drawContent(_ canvas: Canvas, in dirty: Rect) {
        let frame = Rect(origin: .zero, size: openFrame.size)
        canvas.fill(.roundedRect(backgroundRect(frame), radius: style.cornerRadius), .solid(style.background))
        if let grabber = grabberRect(frame) {
            canvas.fill(.roundedRect(grabber, radius: grabber.height / 2), .solid(Color.white.withAlpha(0.28)))
        }
        canvas.save()
        canvas.clip(frame)
        for control in controls where !control.isHidden && control.paintBounds.intersects(dirty) {
            control.render(canvas, in: dirty)
        }
        canvas.restore()
    }

    /// `backgroundRect` in the panel's own coordinates: the layer's bounds.
    var localBackgroundRect: Rect { backgroundRect(Rect(origin: .zero, size: openFrame.size)) }

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
