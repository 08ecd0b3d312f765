import CCairo
import KioskCore
import KioskUI

/// Soft shadows, glows and translucent layers.
///
/// cairo has no blur filter, and a real Gaussian blur (render offscreen, blur, composite)
/// would cost far more than the shape itself on every slider frame. These effects are built
/// from a few cheap gradient fills or strokes instead, accurate enough for a shadow or a glow
/// that is seen for what it is, not measured.
extension CairoCanvas {
    /// A soft shadow of `path` shifted by `offset`, fading out over about `blur` units on
    /// either side of the outline.
    ///
    /// - Rectangles, rounded rectangles and ellipses: gradients with a Gaussian edge profile
    ///   (`SoftShadowPainter`). Small ones (knobs, buttons) are rendered once into a sprite and
    ///   then only composited (`ShadowSpriteCache`): a 30 px knob's shadow costs about 1.5 µs
    ///   instead of about 25 µs.
    /// - Any other path: the path filled plus a few strokes of growing width at decreasing
    ///   alpha (`steppedShadow`).
    /// - `blur` ≤ 0.5: a plain fill.
    package func shadow(_ path: Path, offset: Point, blur: Double, color: Color) {
        guard color.alpha > 0, let first = path.first else { return }
        cairo_save(cr)
        cairo_translate(cr, offset.x, offset.y)
        if blur <= 0.5 {
            fill(path, .solid(color))
        } else {
            switch (path.count, first) {
            case let (1, .rect(r)) where !r.isEmpty:
                softShadow(r, .roundedRect(width: r.width, height: r.height, radius: 0), blur: blur, color: color)
            case let (1, .roundedRect(r, radius)) where !r.isEmpty:
                softShadow(r, .roundedRect(width: r.width, height: r.height, radius: radius), blur: blur, color: color)
            case let (1, .ellipse(r)) where !r.isEmpty:
                softShadow(r, .ellipse(width: r.width, height: r.height), blur: blur, color: color)
            default:
                steppedShadow(path, blur: blur, color: color)
            }
        }
        cairo_restore(cr)
    }

    /// A stroke with a glow: a few wider strokes of the same paint at low alpha under the
    /// sharp stroke, fading out over about `blur` units beyond the stroke's edges. The pass
    /// count follows the blur in buffer pixels (about one pass per 2.5 px, 2…4), and the
    /// per-pass alphas make the glow fall off like a Gaussian (55 % of the paint's alpha next
    /// to the stroke, a few percent at the outer edge). The glow passes are drawn without
    /// antialiasing, which makes each about three times cheaper; their soft, faint edges hide
    /// the stair-steps. A gradient paint is rasterised once into an image that every pass
    /// reuses (`GradientRasterCache`). `blur` ≤ 0.25 draws the plain stroke.
    package func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double) {
        guard blur > 0.25 else {
            stroke(path, width: width, paint, cap: cap)
            return
        }
        guard width > 0, !path.isEmpty else { return }
        let alphas = Self.bandAlphas(passes: passCount(blur: blur), peak: 0.55)
        let raster = gradientRaster(for: paint, path: path, reach: width / 2 + blur)
        // With a raster the source for each alpha is a ready image; without one (solid
        // paints, or no raster possible) the paint is set with scaled alpha.
        func setPassSource(_ alpha: Double) {
            if let raster, let pattern = raster.pattern(alpha: alpha) {
                cairo_set_source(cr, pattern.pointer)
            } else {
                setSource(alpha < 1 ? paint.scalingAlpha(by: alpha) : paint)
            }
        }
        append(path)
        cairo_set_line_cap(cr, cap.cairoCap)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)  // restored for the sharp stroke below
        // alphas[0] belongs to the widest pass, which is also the faintest.
        for (index, alpha) in alphas.enumerated() {
            let k = alphas.count - index
            setPassSource(alpha)
            cairo_set_line_width(cr, width + 2 * blur * Double(k) / Double(alphas.count))
            cairo_stroke_preserve(cr)
        }
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_DEFAULT)
        setPassSource(1)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// Starts a group composited at `opacity` by `endLayer` (`cairo_push_group`). The
    /// offscreen group is as large as the current clip, so clip first where possible.
    /// Opacity ≥ 1 needs no group and ≤ 0 draws nothing: both become a plain `cairo_save`,
    /// the latter with an empty clip so the layer's drawing costs nothing.
    package func beginLayer(opacity: Double) {
        if opacity >= 1 {
            cairo_save(cr)
            stack.append(.plainSave)
        } else if opacity <= 0 {
            cairo_save(cr)
            cairo_new_path(cr)
            cairo_rectangle(cr, 0, 0, 0, 0)
            cairo_clip(cr)
            stack.append(.plainSave)
        } else {
            cairo_push_group(cr)
            check("cairo_push_group")
            stack.append(.group(opacity: opacity))
        }
    }

    /// Composites the layer begun by the matching `beginLayer`
    /// (`cairo_pop_group_to_source` + `cairo_paint_with_alpha`). Saves left open inside the
    /// layer are restored first, because cairo refuses to pop a group over them.
    package func endLayer() {
        while case .save? = stack.last {
            assertionFailure("Canvas.endLayer() with an open save() inside the layer")
            stack.removeLast()
            cairo_restore(cr)
        }
        guard let entry = stack.popLast() else {
            assertionFailure("Canvas.endLayer() without a matching beginLayer()")
            return
        }
        switch entry {
        case .save, .plainSave:
            cairo_restore(cr)
        case let .group(opacity):
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, opacity)
            check("cairo_pop_group_to_source/cairo_paint_with_alpha")
            // Drop the reference to the group surface now rather than at the next set_source.
            cairo_set_source_rgba(cr, 0, 0, 0, 0)
        }
    }
}

// MARK: - Shadow and glow building blocks

extension CairoCanvas {
    /// How many glow or shadow passes a blur of `blur` units needs at the current scale:
    /// about one per 2.5 buffer pixels, at least 2 and at most 4.
    func passCount(blur: Double) -> Int {
        // Clamped as a double: Int(_:) would trap on an enormous (or NaN) blur.
        let passes = (blur * currentScale() / 2.5).rounded(.up)
        return passes >= 4 ? 4 : passes >= 2 ? Int(passes) : 2
    }

    /// How many buffer pixels one user unit spans (the square root of the CTM's determinant).
    func currentScale() -> Double {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
    }

    /// Per-pass alphas for `passes` nested passes (widest first) such that band k from the
    /// edge (covered by the k-th narrowest pass and all wider ones) ends up with
    /// `peak · (1 − smoothstep((k − ½) / passes))`: the band next to the edge is close to
    /// `peak`, the outermost one nearly transparent, so no hard outer ring shows.
    static func bandAlphas(passes: Int, peak: Double) -> [Double] {
        if peak == glowPeak, passes >= 0, passes < glowAlphaTable.count { return glowAlphaTable[passes] }
        return computeBandAlphas(passes: passes, peak: peak)
    }

    /// The glows' alphas (`blurredStroke`, peak 0.55) for every pass count `passCount(blur:)`
    /// gives, made once: computing them per stroke was an array allocation per glow per frame.
    private static let glowPeak = 0.55
    private static let glowAlphaTable = (0...4).map { computeBandAlphas(passes: $0, peak: glowPeak) }

    private static func computeBandAlphas(passes: Int, peak: Double) -> [Double] {
        func coverage(_ band: Int) -> Double {  // band 1 is next to the edge
            let s = (Double(band) - 0.5) / Double(passes)
            return peak * (1 - s * s * (3 - 2 * s))
        }
        var alphas: [Double] = []
        var outer = 0.0  // coverage of the band just outside the current pass's reach
        for band in stride(from: passes, through: 1, by: -1) {
            let c = coverage(band)
            alphas.append(1 - (1 - c) / (1 - outer))
            outer = c
        }
        return alphas
    }

    /// A shadow of a simple shape at `r`: composited from a cached sprite when small, drawn
    /// from gradients otherwise.
    private func softShadow(_ r: Rect, _ shape: ShadowSpriteCache.Shape, blur: Double, color: Color) {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let key = ShadowSpriteCache.Key(shape: shape, blur: blur, color: color,
                                        linear: AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: 0, ty: 0))
        let sprite = shadowSprites.sprite(for: key) { spriteContext, local in
            paintSoftShadow(on: spriteContext, local, shape, blur: blur, color: color)
        }
        guard let sprite else {
            paintSoftShadow(on: cr, r, shape, blur: blur, color: color)
            return
        }
        // Place the sprite at the exact device position of the shape's corner.
        var x = r.minX, y = r.minY
        cairo_user_to_device(cr, &x, &y)
        x += sprite.origin.x
        y += sprite.origin.y
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, sprite.surface, x, y)
        cairo_new_path(cr)
        cairo_rectangle(cr, x, y, Double(sprite.width), Double(sprite.height))
        cairo_fill(cr)
        cairo_restore(cr)
    }

    private func paintSoftShadow(on target: OpaquePointer, _ r: Rect, _ shape: ShadowSpriteCache.Shape,
                                 blur: Double, color: Color) {
        let painter = SoftShadowPainter(cr: target) { paint in Self.setSource(paint, on: target) }
        switch shape {
        case let .roundedRect(_, _, radius): painter.roundedRect(r, radius: radius, blur: blur, color: color)
        case .ellipse: painter.ellipse(r, blur: blur, color: color)
        }
    }

    /// Shadow of an arbitrary path: the path filled, plus rings (strokes of growing width,
    /// round joins) whose alphas fall off outwards like `blurredStroke`'s. The rings also
    /// cover the inside of the outline, which makes the shadow a little darker just inside
    /// the edge; that part normally lies under the shape casting the shadow.
    private func steppedShadow(_ path: Path, blur: Double, color: Color) {
        let alpha = min(color.alpha, 0.999)
        let rings = Self.bandAlphas(passes: passCount(blur: blur), peak: alpha)
        // The fill tops the inside up to the shadow's alpha: 1 − (1 − f)·(1 − c₁) = alpha.
        let nearest = 1 - rings.reduce(1) { $0 * (1 - $1) }
        let fillAlpha = 1 - (1 - alpha) / (1 - nearest)
        append(path)
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, fillAlpha)
        cairo_fill_preserve(cr)
        for (index, ringAlpha) in rings.enumerated() {
            let k = rings.count - index
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, ringAlpha)
            cairo_set_line_width(cr, 2 * blur * Double(k) / Double(rings.count))
            cairo_stroke_preserve(cr)
        }
        cairo_new_path(cr)
    }

    /// The circle every arc of `path` lies on, if they share one and the path is only arcs
    /// (with the moves between their runs): the pieces of a circular slider's arc.
    static func commonCircle(of path: Path) -> (center: Point, radius: Double)? {
        var circle: (center: Point, radius: Double)?
        for element in path {
            switch element {
            case let .arc(center, radius, _, _, _):
                if let c = circle, c.center != center || c.radius != radius { return nil }
                circle = (center, radius)
            case .move, .close: continue
            default: return nil
            }
        }
        return circle
    }

    /// The cached raster of a gradient `paint` over the device area a stroke of `path` can
    /// touch (`reach` beyond the path), or nil for solid paints. For a lone arc the area is
    /// the arc's whole circle, so it does not change while the arc grows or shrinks or is drawn
    /// in pieces.
    private func gradientRaster(for paint: Paint, path: Path, reach: Double) -> GradientRasterCache.Raster? {
        if case .solid = paint { return nil }
        let userBounds: Rect
        if let (center, radius) = Self.commonCircle(of: path) {
            userBounds = Rect(center.x - radius, center.y - radius, 2 * radius, 2 * radius)
        } else {
            append(path)
            var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
            cairo_path_extents(cr, &x0, &y0, &x1, &y1)
            userBounds = Rect(x0, y0, x1 - x0, y1 - y0)
        }
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let toDevice = AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
        let region = toDevice.apply(userBounds.outsetBy(reach + 1)).integral.intersection(buffer.bounds)
        // A NaN coordinate survives `intersection`; `contains` does not let it reach Int(_:).
        guard !region.isEmpty, buffer.bounds.contains(region),
              region.width * region.height <= Double(GradientRasterCache.largestArea) else { return nil }
        let area = (x: Int(region.x), y: Int(region.y), width: Int(region.width), height: Int(region.height))
        // Keyed relative to the region: the same gradient moved by whole device pixels is the
        // same image, so a screen's retained layer (its own origin) reuses the display's raster.
        // The offsets are rounded to 1/4096 px, where two canvases' float sums may differ.
        let offsetX = ((m.x0 - Double(area.x)) * 4096).rounded(), offsetY = ((m.y0 - Double(area.y)) * 4096).rounded()
        let key = GradientRasterCache.Key(paint: paint, matrix: AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy,
                                                                                tx: offsetX, ty: offsetY),
                                          size: Size(Double(area.width), Double(area.height)))
        let placement = GradientRasterCache.Placement(paint: paint, xx: m.xx, yx: m.yx, xy: m.xy, yy: m.yy, x0: m.x0, y0: m.y0)
        return gradientRasters.raster(for: key, placement: placement) {
            GradientRasterCache.Raster(paint: paint, matrix: m, region: area) { target, paint in
                CairoCanvas.setSource(paint, on: target)
            }
        }
    }
}
