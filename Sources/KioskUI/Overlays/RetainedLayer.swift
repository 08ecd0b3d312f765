import KioskCore

/// Content whose pixels the canvas keeps between frames, so that it can be composited again
/// (moved, faded, scaled, dimmed over) without being redrawn.
///
/// A screen under a dimming panel, or the two screens of a transition, are retained layers:
/// while the overlay or the transition animates, each frame only copies the layer's cached
/// pixels instead of repainting every control. Changes to the content still reach the cache:
/// `invalidate` marks the part that `draw` must paint again the next time the layer is
/// composited.
public final class RetainedLayer {
    /// A name for logs and tests.
    public let id: String
    /// The layer's content area, in scene coordinates.
    public private(set) var bounds: Rect
    /// A part of `bounds` whose pixels are all opaque, if the content says so: a canvas may
    /// copy those pixels instead of blending them (a panel's body; its rounded edge is blended).
    public var opaqueBounds: Rect?
    /// Parts of the cached pixels that no longer match the content.
    public private(set) var staleRegion = DamageRegion()
    /// The region `takeStaleRegion` handed out last, reused as the next stale region.
    private var spareRegion = DamageRegion()
    /// Paints the content inside `rect` (scene coordinates); the canvas is clipped to it.
    public let draw: (Canvas, Rect) -> Void

    /// A layer covering `bounds`, painted by `draw`; all of it is stale until first composited.
    public init(id: String, bounds: Rect, draw: @escaping (Canvas, Rect) -> Void) {
        self.id = id
        self.bounds = bounds
        self.draw = draw
        staleRegion.add(bounds)
    }

    /// Marks the part of `rect` inside the layer as stale, for `draw` to repaint.
    public func invalidate(_ rect: Rect) {
        let r = rect.intersection(bounds)
        if !r.isEmpty { staleRegion.add(r) }
    }

    /// Marks the whole layer as stale.
    public func invalidateAll() { staleRegion.add(bounds) }

    /// The content area changed (the scene was laid out for another size): all of it is stale.
    public func resize(to bounds: Rect) {
        self.bounds = bounds
        staleRegion.removeAll()
        staleRegion.add(bounds)
    }

    /// Hands the stale parts to the canvas implementation that is about to repaint them.
    public func takeStaleRegion() -> DamageRegion {
        // As `Scene.takeDamage`: two regions take turns, so no frame allocates one.
        swap(&staleRegion, &spareRegion)
        staleRegion.removeAll()
        return spareRegion
    }

    /// Paints the part of the content that shows through `viewport` when it is scrolled up by
    /// `offset` (see `Canvas.drawScrolled`), directly, clipped to the viewport: what a canvas
    /// that keeps no pixels does. What was stale is painted with it, so it is stale no more.
    public func drawScrolledDirectly(on canvas: Canvas, offset: Double, in viewport: Rect) {
        _ = takeStaleRegion()
        let shown = viewport.offsetBy(Point(0, offset)).intersection(bounds)
        guard !shown.isEmpty, offset.isFinite else { return }
        canvas.save()
        canvas.clip(viewport)
        canvas.translate(0, -offset)
        draw(canvas, shown)
        canvas.restore()
    }
}
