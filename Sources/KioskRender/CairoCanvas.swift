import CCairo
import KioskCore
import KioskUI

/// The `Canvas` controls draw through, implemented with cairo (shapes) and Pango (text),
/// painting into a `PixelBuffer`.
///
/// Everything is drawn through a base transform from scene to buffer coordinates (e.g. the
/// design scale followed by the panel rotation), so controls never see the panel's geometry.
/// One `cairo_t` lives as long as the canvas and is reused for every frame: `beginFrame`
/// brings it back to a clean state instead of creating a new context. What is expensive to
/// redo every frame is cached across frames: Pango layouts, small shadows as sprites, and
/// gradients that glow passes paint several times.
///
/// Typical frame, repainting only the damaged rectangles (converted to whole buffer pixels,
/// so that the clip is a cheap pixel-aligned box and agrees with the copy to scanout):
/// ```
/// canvas.beginFrame(transform: sceneToPanel)
/// for damage in region.rects {
///     canvas.save()
///     canvas.clipToBuffer(sceneToPanel.apply(damage).integral)
///     scene.draw(on: canvas)
///     canvas.restore()
/// }
/// try canvas.endFrame()
/// ```
///
/// Not thread-safe; use a canvas on the thread that created it (Pango's default font map is
/// per thread).
package final class CairoCanvas: Canvas {
    /// What a `save` or `beginLayer` pushed, so that `restore`/`endLayer` undo the right thing
    /// and `reset` can unwind a frame that was left unbalanced.
    enum StateEntry {
        case save
        /// `cairo_push_group`: composited at `opacity` by `endLayer`.
        case group(opacity: Double)
        /// An opaque (opacity ≥ 1) or invisible layer needs no offscreen group; a
        /// `cairo_save` keeps `endLayer`'s clip/transform semantics the same.
        case plainSave
    }

    /// The buffer drawn into.
    package let buffer: PixelBuffer
    let context: CairoContext
    /// `context.pointer`, the `cairo_t *` every drawing call goes to.
    let cr: OpaquePointer
    /// Scene → buffer transformation every frame starts with.
    package private(set) var transform: AffineTransform
    var stack: [StateEntry] = []
    let shadowSprites: ShadowSpriteCache
    let gradientRasters: GradientRasterCache
    let text: TextLayoutCache
    /// Pixels of retained layers (screens under overlays, screens in a transition).
    let retained: RetainedLayerCache
    /// Images of content that moves without changing (`drawCached`): slider knobs, the dial.
    let sprites: SpriteCache
    /// Viewports of scrolled content (`drawScrolled`: a list's rows), shared with the canvases
    /// of retained layers, so that a list has one ring whichever canvas composites it.
    let scrollRings: ScrollRingCache
    /// Image files decoded and kept at their device size (`drawImage`).
    package let images: ImageCache
    /// The first cairo failure of this frame, reported by `endFrame`.
    private var firstError: CairoError?

    /// A canvas drawing into `buffer` through `transform` (scene → buffer pixels).
    /// `textCacheCapacity` bounds how many laid-out strings are kept between frames, `images`
    /// holds the decoded image files (a renderer's, which outlives its canvas on a re-layout).
    package init(buffer: PixelBuffer, transform: AffineTransform = .identity,
                textCacheCapacity: Int = 256, images: ImageCache = ImageCache()) throws(CairoError) {
        self.buffer = buffer
        self.context = try CairoContext(surface: CairoSurface(buffer: buffer))
        self.cr = context.pointer
        self.transform = transform
        self.text = TextLayoutCache(capacity: textCacheCapacity)
        self.shadowSprites = ShadowSpriteCache()
        self.gradientRasters = GradientRasterCache()
        self.sprites = SpriteCache()
        self.scrollRings = ScrollRingCache()
        self.images = images
        self.retained = RetainedLayerCache()
        reset()
    }

    /// A canvas drawing into `buffer` with the text, shadow, gradient and image caches of
    /// `parent`: a retained layer's canvas draws the same controls as the display's, and
    /// separate caches would hold every laid-out string, shadow sprite, gradient raster and
    /// knob image twice.
    init(buffer: PixelBuffer, transform: AffineTransform, sharingCachesWith parent: CairoCanvas) throws(CairoError) {
        self.buffer = buffer
        self.context = try CairoContext(surface: CairoSurface(buffer: buffer))
        self.cr = context.pointer
        self.transform = transform
        self.text = parent.text
        self.shadowSprites = parent.shadowSprites
        self.gradientRasters = parent.gradientRasters
        self.sprites = parent.sprites
        self.scrollRings = parent.scrollRings
        self.images = parent.images
        self.retained = RetainedLayerCache()
        reset()
    }

    // MARK: Frames

    /// Starts a frame: a clean state (no clip, no pending saves or layers) drawing through
    /// `transform`.
    package func beginFrame(transform: AffineTransform) {
        self.transform = transform
        beginFrame()
    }

    /// Starts a frame with the current base transform.
    package func beginFrame() {
        // Someone may have written into the buffer directly (fill, copy, a PNG load):
        // cairo must not keep anything derived from the old pixels.
        context.surface.markDirty()
        firstError = nil
        reset()
    }

    /// Ends a frame: unwinds anything left open, flushes pending drawing to the buffer
    /// (`cairo_surface_flush`) and reports the first cairo failure of the frame.
    package func endFrame() throws(CairoError) {
        unwind()
        context.surface.flush()
        if let error = firstError {
            firstError = nil
            throw error
        }
        try context.check("cairo drawing")
    }

    /// Restores a clean state: unwinds every open `save` and layer, removes the clip and
    /// sets the base transform, operator OVER, round joins and default antialiasing.
    package func reset() {
        unwind()
        cairo_reset_clip(cr)
        cairo_new_path(cr)
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_tolerance(cr, 0.1)
        applyBaseTransform()
    }

    /// Intersects the clip with `rect` given in buffer pixels (a damaged rectangle), whatever
    /// the current transformation.
    package func clipToBuffer(_ rect: Rect) {
        // cairo_save/cairo_restore would undo the clip as well, so swap the matrix by hand.
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        cairo_identity_matrix(cr)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
        cairo_set_matrix(cr, &m)
    }

    private func applyBaseTransform() {
        var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                               x0: transform.tx, y0: transform.ty)
        // A singular matrix would put the context into a permanent error state
        // (CAIRO_STATUS_INVALID_MATRIX); refuse it here and report it at endFrame.
        var probe = m
        guard cairo_matrix_invert(&probe) == CAIRO_STATUS_SUCCESS else {
            record(CairoError(call: "cairo_set_matrix", status: CAIRO_STATUS_INVALID_MATRIX))
            cairo_identity_matrix(cr)
            return
        }
        cairo_set_matrix(cr, &m)
    }

    /// Pops every open layer and save, so the context is balanced again.
    private func unwind() {
        while let entry = stack.popLast() {
            switch entry {
            case .save, .plainSave: cairo_restore(cr)
            case .group:
                // Discard the unfinished layer: painting half a frame's layer would be wrong.
                cairo_pattern_destroy(cairo_pop_group(cr))
            }
        }
    }

    /// Remembers the first failure of the frame with the call that caused it.
    func record(_ error: CairoError) {
        if firstError == nil { firstError = error }
    }

    /// Records a failure if the context went into an error state after `call`.
    func check(_ call: StaticString) {
        let status = cairo_status(cr)
        if status != CAIRO_STATUS_SUCCESS { record(CairoError(call: "\(call)", status: status)) }
    }

    // MARK: State

    package func save() {
        cairo_save(cr)
        stack.append(.save)
    }

    /// Undoes the matching `save`. An unmatched `restore` is ignored (cairo would otherwise
    /// enter a permanent CAIRO_STATUS_INVALID_RESTORE state) and trips an assertion in debug
    /// builds.
    package func restore() {
        guard case .save? = stack.last else {
            assertionFailure("Canvas.restore() without a matching save()")
            return
        }
        stack.removeLast()
        cairo_restore(cr)
    }

    package func translate(_ dx: Double, _ dy: Double) {
        cairo_translate(cr, dx, dy)
    }

    package func clip(_ rect: Rect) {
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        cairo_clip(cr)
    }

    package func clip(_ path: Path) {
        append(path)
        cairo_clip(cr)
    }

    // MARK: Shapes

    package func fill(_ path: Path, _ paint: Paint) {
        append(path)
        setSource(paint)
        cairo_fill(cr)
    }

    package func stroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap) {
        guard width > 0 else { return }
        append(path)
        setSource(paint)
        cairo_set_line_width(cr, width)
        cairo_set_line_cap(cr, cap.cairoCap)
        cairo_stroke(cr)
    }

    /// Sets `paint` as the cairo source.
    func setSource(_ paint: Paint) { Self.setSource(paint, on: cr) }

    /// Sets `paint` as the source of `target` (the canvas's context or an offscreen one).
    /// cairo_set_source takes its own reference, so the pattern object can go right away.
    static func setSource(_ paint: Paint, on target: OpaquePointer) {
        if case let .solid(c) = paint {
            cairo_set_source_rgba(target, c.red, c.green, c.blue, c.alpha)
        } else if let pattern = CairoPattern.makeGradient(paint) {
            cairo_set_source(target, pattern)
            cairo_pattern_destroy(pattern)
        }
    }

    /// Replaces the current path with `path` (`cairo_new_path`, then one call per element).
    func append(_ path: Path) {
        cairo_new_path(cr)
        for element in path {
            switch element {
            case let .move(p):
                cairo_move_to(cr, p.x, p.y)
            case let .line(p):
                cairo_line_to(cr, p.x, p.y)
            case let .arc(center, radius, start, end, clockwise):
                // Screen coordinates (y down): increasing angles turn clockwise, which is
                // cairo_arc; the other direction is cairo_arc_negative.
                if clockwise {
                    cairo_arc(cr, center.x, center.y, max(0, radius), start, end)
                } else {
                    cairo_arc_negative(cr, center.x, center.y, max(0, radius), start, end)
                }
            case .close:
                cairo_close_path(cr)
            case let .rect(r):
                cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            case let .roundedRect(r, radius):
                appendRoundedRect(r, radius: radius)
            case let .ellipse(r):
                appendEllipse(r)
            }
        }
    }

    /// cairo has no rounded-rectangle primitive: four quarter arcs joined by the sides.
    private func appendRoundedRect(_ r: Rect, radius: Double) {
        let rad = max(0, min(radius, min(r.width, r.height) / 2))
        guard rad > 0 else {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        cairo_new_sub_path(cr)
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, .pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, .pi / 2, .pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, .pi, 3 * .pi / 2)
        cairo_close_path(cr)
    }

    /// A unit circle drawn under a scale; the path keeps the device-space shape after the
    /// matrix is restored (cairo stores paths in device space). An empty rectangle is
    /// skipped: scaling by 0 would make the matrix singular and the context unusable.
    private func appendEllipse(_ r: Rect) {
        guard r.width > 0, r.height > 0 else { return }
        cairo_save(cr)
        cairo_translate(cr, r.midX, r.midY)
        cairo_scale(cr, r.width / 2, r.height / 2)
        cairo_new_sub_path(cr)
        cairo_arc(cr, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(cr)
        cairo_restore(cr)
    }
}

extension LineCap {
    var cairoCap: cairo_line_cap_t {
        switch self {
        case .butt: return CAIRO_LINE_CAP_BUTT
        case .round: return CAIRO_LINE_CAP_ROUND
        }
    }
}
