import CCairo
import Glibc
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
    /// - Rectangles and rounded rectangles (cards, buttons, knobs, popups): nine tiles, each
    ///   filled once — four corners with a radial gradient, four edges with a linear one, a
    ///   solid centre. The gradients follow a Gaussian edge (100 %, 84 %, 50 %, 16 %, 0 % of the
    ///   alpha from `blur` inside to `blur` outside the outline) and are cached, so a moving
    ///   knob creates no patterns. Tiles are filled without antialiasing so no seams appear
    ///   where they meet (their shared edges carry the same alpha on both sides).
    /// - Ellipses and circles: one fill with a radial gradient of the same profile.
    /// - Any other path: the path filled plus a few strokes of growing width at decreasing
    ///   alpha (see `steppedShadow`).
    /// - `blur` ≤ 0.5: a plain fill.
    public func shadow(_ path: Path, offset: Point, blur: Double, color: Color) {
        guard color.alpha > 0, let first = path.elements.first else { return }
        cairo_save(cr)
        cairo_translate(cr, offset.x, offset.y)
        if blur <= 0.5 {
            fill(path, .solid(color))
        } else {
            switch (path.elements.count, first) {
            case let (1, .rect(r)) where !r.isEmpty:
                roundedRectShadow(r, radius: 0, blur: blur, color: color)
            case let (1, .roundedRect(r, radius)) where !r.isEmpty:
                roundedRectShadow(r, radius: radius, blur: blur, color: color)
            case let (1, .ellipse(r)) where !r.isEmpty:
                ellipseShadow(r, blur: blur, color: color)
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
    /// to the stroke, a few percent at the outer edge). `blur` ≤ 0.25 draws the plain stroke.
    public func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double) {
        guard blur > 0.25 else {
            stroke(path, width: width, paint, cap: cap)
            return
        }
        guard width > 0 else { return }
        let alphas = Self.bandAlphas(passes: passCount(blur: blur), peak: 0.55)
        append(path)
        cairo_set_line_cap(cr, cap.cairoCap)
        // alphas[0] belongs to the widest pass, which is also the faintest.
        for (index, alpha) in alphas.enumerated() {
            let k = alphas.count - index
            setSource(paint.scalingAlpha(by: alpha))
            cairo_set_line_width(cr, width + 2 * blur * Double(k) / Double(alphas.count))
            cairo_stroke_preserve(cr)
        }
        setSource(paint)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    /// Starts a group composited at `opacity` by `endLayer` (`cairo_push_group`). The
    /// offscreen group is as large as the current clip, so clip first where possible.
    /// Opacity ≥ 1 needs no group and ≤ 0 draws nothing: both become a plain `cairo_save`,
    /// the latter with an empty clip so the layer's drawing costs nothing.
    public func beginLayer(opacity: Double) {
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
    public func endLayer() {
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
    /// The fraction of the shadow's alpha at signed distance `s · extent` from the outline
    /// (negative inside): a Gaussian edge sampled at five points.
    static let edgeProfile: [(distance: Double, alpha: Double)] = [
        (-1, 1), (-0.5, 0.84), (0, 0.5), (0.5, 0.16), (1, 0),
    ]

    /// How many glow or shadow passes a blur of `blur` units needs at the current scale:
    /// about one per 2.5 buffer pixels, at least 2 and at most 4.
    func passCount(blur: Double) -> Int {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        let scale = abs(m.xx * m.yy - m.xy * m.yx).squareRoot()
        return min(4, max(2, Int((blur * scale / 2.5).rounded(.up))))
    }

    /// Per-pass alphas for `passes` nested passes (widest first) such that band k from the
    /// edge (covered by the k-th narrowest pass and all wider ones) ends up with
    /// `peak · (1 − smoothstep((k − ½) / passes))`: the band next to the edge is close to
    /// `peak`, the outermost one nearly transparent, so no hard outer ring shows.
    static func bandAlphas(passes: Int, peak: Double) -> [Double] {
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

    /// Nine-tile rounded-rectangle shadow. The corner radius is raised to the inner blur
    /// extent where possible (a blurred sharp corner is round anyway), and the inner half of
    /// the profile is squeezed to the radius when the rectangle is too thin for the full
    /// blur, so the gradients always meet the solid centre at full alpha.
    private func roundedRectShadow(_ r: Rect, radius: Double, blur: Double, color: Color) {
        let halfShort = min(r.width, r.height) / 2
        let corner = min(max(radius, blur), halfShort)
        let inner = min(blur, corner)
        let tile = corner + blur
        let stopsAlongEdge = Self.edgeProfile.map { p in
            let d = p.distance < 0 ? p.distance * inner : p.distance * blur
            return GradientStop((blur - d) / (blur + inner), color.withAlpha(color.alpha * p.alpha))
        }
        let edge = Paint.linear(from: Point(0, -blur), to: Point(0, inner), stops: stopsAlongEdge)
        let round = Self.radialProfile(radius: corner, inner: inner, outer: blur, color: color)

        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        let corners = [Point(r.minX + corner, r.minY + corner), Point(r.maxX - corner, r.minY + corner),
                       Point(r.maxX - corner, r.maxY - corner), Point(r.minX + corner, r.maxY - corner)]
        let edgeOrigins = [Point(r.minX + corner, r.minY), Point(r.maxX, r.minY + corner),
                           Point(r.maxX - corner, r.maxY), Point(r.minX, r.maxY - corner)]
        let edgeLengths = [r.width, r.height, r.width, r.height].map { $0 - 2 * corner }
        for k in 0..<4 {
            // Each tile is drawn in a frame turned by k quarter turns, so one corner pattern
            // and one edge pattern serve all four sides.
            fillTile(at: corners[k], quarterTurns: k, Rect(-tile, -tile, tile, tile), round)
            if edgeLengths[k] > 0 {
                fillTile(at: edgeOrigins[k], quarterTurns: k, Rect(0, -blur, edgeLengths[k], blur + corner), edge)
            }
        }
        let centre = r.insetBy(corner)
        if !centre.isEmpty {
            cairo_rectangle(cr, centre.x, centre.y, centre.width, centre.height)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_fill(cr)
        }
    }

    /// Fills `rect`, given in a frame moved to `origin` and turned clockwise by
    /// `quarterTurns` × 90°, with `paint` set in that frame. The turn is an exact matrix
    /// (cairo_rotate's cos(π/2) is not exactly 0).
    private func fillTile(at origin: Point, quarterTurns: Int, _ rect: Rect, _ paint: Paint) {
        let turns: [(Double, Double, Double, Double)] = [(1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0)]
        let t = turns[quarterTurns & 3]
        var m = cairo_matrix_t(xx: t.0, yx: t.1, xy: t.2, yy: t.3, x0: origin.x, y0: origin.y)
        cairo_save(cr)
        cairo_transform(cr, &m)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        setSource(paint)
        cairo_fill(cr)
        cairo_restore(cr)
    }

    /// A radial gradient around the origin whose alpha follows `edgeProfile` across a circle
    /// of `radius`: full up to `radius − inner`, zero from `radius + outer`.
    static func radialProfile(radius: Double, inner: Double, outer: Double, color: Color) -> Paint {
        let extent = radius + outer
        let stops = edgeProfile.map { p in
            let d = p.distance < 0 ? p.distance * inner : p.distance * outer
            return GradientStop(max(0, (radius + d) / extent), color.withAlpha(color.alpha * p.alpha))
        }
        return .radial(center: .zero, radius: extent, stops: stops)
    }

    /// One radial-gradient fill; an ellipse is a circle squashed along y (the blur is
    /// squashed with it).
    private func ellipseShadow(_ oval: Rect, blur: Double, color: Color) {
        let rx = oval.width / 2, ry = oval.height / 2
        cairo_translate(cr, oval.midX, oval.midY)
        if ry != rx { cairo_scale(cr, 1, ry / rx) }
        setSource(Self.radialProfile(radius: rx, inner: min(blur, rx), outer: blur, color: color))
        cairo_new_path(cr)
        cairo_arc(cr, 0, 0, rx + blur, 0, 2 * .pi)
        cairo_fill(cr)
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
}
