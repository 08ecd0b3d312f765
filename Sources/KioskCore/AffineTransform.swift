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
    public func apply(_ r: Rect) -> Rect {
        let corners = [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)]
            .map(apply)
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x0, y0, xs.max()! - x0, ys.max()! - y0)
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
