/// A 2-D affine transform in cairo's convention:
/// `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
public struct AffineTransform: Hashable, Sendable {
    /// The matrix [a c tx; b d ty; 0 0 1], as cairo's `cairo_matrix_t` orders it: x' = a·x + c·y + tx, y' = b·x + d·y + ty.
    public var a, b, c, d, tx, ty: Double

    /// A transform from its six matrix entries.
    public init(a: Double, b: Double, c: Double, d: Double, tx: Double, ty: Double) {
        self.a = a; self.b = b; self.c = c; self.d = d; self.tx = tx; self.ty = ty
    }

    /// The transform that changes nothing.
    public static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Moves every point by (`x`, `y`).
    public static func translation(_ x: Double, _ y: Double) -> AffineTransform {
        AffineTransform(a: 1, b: 0, c: 0, d: 1, tx: x, ty: y)
    }
    /// Scales x by `sx` and y by `sy` about the origin.
    public static func scale(_ sx: Double, _ sy: Double) -> AffineTransform {
        AffineTransform(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// Where `p` lands under this transform.
    public func apply(_ p: Point) -> Point {
        Point(a * p.x + c * p.y + tx, b * p.x + d * p.y + ty)
    }

    /// The bounding box of the transformed rectangle (exact for the quarter-turn rotations
    /// and scales the kiosk uses).
    /// Called for every damaged rectangle of every frame, so the four corners stay in locals
    /// (an array of them would be a heap allocation each time).
    public func apply(_ r: Rect) -> Rect {
        let p0 = apply(Point(r.minX, r.minY)), p1 = apply(Point(r.maxX, r.minY))
        let p2 = apply(Point(r.minX, r.maxY)), p3 = apply(Point(r.maxX, r.maxY))
        // Folded in corner order, as `min()` and `max()` of the four would.
        let x0 = min(min(min(p0.x, p1.x), p2.x), p3.x), y0 = min(min(min(p0.y, p1.y), p2.y), p3.y)
        let x1 = max(max(max(p0.x, p1.x), p2.x), p3.x), y1 = max(max(max(p0.y, p1.y), p2.y), p3.y)
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// `self` applied first, then `next`.
    public func then(_ next: AffineTransform) -> AffineTransform {
        AffineTransform(
            a: next.a * a + next.c * b, b: next.b * a + next.d * b,
            c: next.a * c + next.c * d, d: next.b * c + next.d * d,
            tx: next.a * tx + next.c * ty + next.tx, ty: next.b * tx + next.d * ty + next.ty)
    }

    /// The inverse, or nil when the transform collapses the plane.
    public var inverted: AffineTransform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        return AffineTransform(a: d / det, b: -b / det, c: -c / det, d: a / det,
                               tx: (c * ty - d * tx) / det, ty: (b * tx - a * ty) / det)
    }
}
