import CCairo
import KioskCore
import KioskUI

/// Draws the soft shadow of a rectangle, rounded rectangle or ellipse into any cairo context:
/// the canvas itself, or a small offscreen sprite that is then reused (`ShadowSpriteCache`).
///
/// The alpha falls off across the outline like a Gaussian edge, sampled at five points
/// (`edgeProfile`). Rounded rectangles are nine tiles — four corners filled with one radial
/// gradient, four edges with one linear gradient (each tile in a frame turned by a quarter
/// turn, so the same two patterns serve all sides), and a solid centre. The tiles are filled
/// without antialiasing: abutting antialiased edges would leave faint seams, and the alpha is
/// equal on both sides of every shared edge anyway.
struct SoftShadowPainter {
    let cr: OpaquePointer
    /// Sets a paint as `cr`'s source (through the canvas's pattern cache).
    let setSource: (Paint) -> Void

    /// The fraction of the shadow's alpha at signed distance `s · extent` from the outline
    /// (negative inside): 100 %, 84 %, 50 %, 16 %, 0 % — a Gaussian edge's ±2σ, ±σ and 0.
    static let edgeProfile: [(distance: Double, alpha: Double)] = [
        (-1, 1), (-0.5, 0.84), (0, 0.5), (0.5, 0.16), (1, 0),
    ]

    /// The shadow of `r` with corner `radius`, fading over `blur` on both sides of the outline.
    /// The corner radius is raised to the blur where the rectangle allows (a blurred sharp
    /// corner is round anyway), and the inner half of the fade is squeezed to the radius when
    /// the rectangle is too thin for the full blur, so the gradients always meet the solid
    /// centre at full alpha.
    func roundedRect(_ r: Rect, radius: Double, blur: Double, color: Color) {
        let corner = min(max(radius, blur), min(r.width, r.height) / 2)
        let inner = min(blur, corner)
        let tile = corner + blur
        let stopsAcrossEdge = Self.edgeProfile.map { p in
            let d = p.distance < 0 ? p.distance * inner : p.distance * blur
            return GradientStop((blur - d) / (blur + inner), color.withAlpha(color.alpha * p.alpha))
        }
        // In an edge tile's frame the outline runs along y = 0 and the outside is y < 0.
        let edge = Paint.linear(from: Point(0, -blur), to: Point(0, inner), stops: stopsAcrossEdge)
        let round = Self.radialProfile(radius: corner, inner: inner, outer: blur, color: color)

        cairo_save(cr)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE)
        let corners = [Point(r.minX + corner, r.minY + corner), Point(r.maxX - corner, r.minY + corner),
                       Point(r.maxX - corner, r.maxY - corner), Point(r.minX + corner, r.maxY - corner)]
        let edgeOrigins = [Point(r.minX + corner, r.minY), Point(r.maxX, r.minY + corner),
                           Point(r.maxX - corner, r.maxY), Point(r.minX, r.maxY - corner)]
        let edgeLengths = [r.width, r.height, r.width, r.height].map { $0 - 2 * corner }
        for k in 0..<4 {
            fillTile(at: corners[k], quarterTurns: k, Rect(-tile, -tile, tile, tile), round)
            if edgeLengths[k] > 0 {
                fillTile(at: edgeOrigins[k], quarterTurns: k, Rect(0, -blur, edgeLengths[k], blur + corner), edge)
            }
        }
        let centre = r.insetBy(corner)
        if !centre.isEmpty {
            cairo_new_path(cr)
            cairo_rectangle(cr, centre.x, centre.y, centre.width, centre.height)
            cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
            cairo_fill(cr)
        }
        cairo_restore(cr)
    }

    /// One radial-gradient fill; an ellipse is a circle squashed along y (the blur with it).
    func ellipse(_ oval: Rect, blur: Double, color: Color) {
        let rx = oval.width / 2, ry = oval.height / 2
        cairo_save(cr)
        cairo_translate(cr, oval.midX, oval.midY)
        if ry != rx { cairo_scale(cr, 1, ry / rx) }
        setSource(Self.radialProfile(radius: rx, inner: min(blur, rx), outer: blur, color: color))
        cairo_new_path(cr)
        cairo_arc(cr, 0, 0, rx + blur, 0, 2 * .pi)
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

    /// Fills `rect`, given in a frame moved to `origin` and turned clockwise by
    /// `quarterTurns` × 90°, with `paint` set in that frame. The turn is an exact matrix
    /// (cairo_rotate's cos(π/2) is not exactly 0).
    private func fillTile(at origin: Point, quarterTurns: Int, _ rect: Rect, _ paint: Paint) {
        let turns: [(Double, Double, Double, Double)] = [(1, 0, 0, 1), (0, 1, -1, 0), (-1, 0, 0, -1), (0, -1, 1, 0)]
        let t = turns[quarterTurns & 3]
        var m = cairo_matrix_t(xx: t.0, yx: t.1, xy: t.2, yy: t.3, x0: origin.x, y0: origin.y)
        cairo_save(cr)
        cairo_transform(cr, &m)
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.x, rect.y, rect.width, rect.height)
        setSource(paint)
        cairo_fill(cr)
        cairo_restore(cr)
    }
}
