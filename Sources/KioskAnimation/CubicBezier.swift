/// A CSS `cubic-bezier(x1, y1, x2, y2)` timing curve, read as a function y = f(x).
///
/// The curve runs from (0, 0) to (1, 1) with control points P1 = (x1, y1) and P2 = (x2, y2).
/// It is parametric in t, so evaluating f(x) means solving x(t) = x for t first and then
/// returning y(t). The solver follows WebKit's `UnitBezier`
/// (Source/WebCore/platform/graphics/UnitBezier.h): a few Newton–Raphson steps, which converge
/// quadratically wherever the curve moves in x, and a bisection fallback for where dx/dt is close
/// to zero (x1 = 0 flattens the start, x2 = 1 the end), where Newton would leap far away.
///
/// Accuracy: the solved t satisfies |x(t) − x| < 1e-9, so the returned y is within
/// slope × 1e-9 of the exact value — below 1e-6 for any curve whose slope stays under 1000.
public struct CubicBezier: Sendable, Equatable {
    /// The first control point's x, clamped to 0…1 so that the curve stays a function of x.
    public let x1: Double
    /// The first control point's y; may leave 0…1 for an overshoot.
    public let y1: Double
    /// The second control point's x, clamped to 0…1.
    public let x2: Double
    /// The second control point's y; may leave 0…1 for an overshoot.
    public let y2: Double

    // Power-basis coefficients of the Bernstein form with P0 = (0, 0), P3 = (1, 1):
    //   B(t) = 3(1−t)²t·P1 + 3(1−t)t²·P2 + t³ = a·t³ + b·t² + c·t
    // with c = 3·P1, b = 3·(P2 − P1) − c, a = 1 − c − b. Evaluated in Horner form.
    private let ax, bx, cx: Double
    private let ay, by, cy: Double

    /// Tolerance of the solve in x; see the accuracy note above.
    static let epsilon = 1e-9

    /// Creates the curve `cubic-bezier(x1, y1, x2, y2)`.
    ///
    /// CSS Easing Functions Level 1 (§ 3.2) requires x1 and x2 in 0…1: that keeps x(t) monotonic,
    /// so every x has exactly one y. They are clamped into that range rather than rejected, so a
    /// bad value from a config file bends the curve instead of stopping the kiosk. y1 and y2 may
    /// lie outside 0…1; such curves overshoot ("back" easings).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = min(max(x1, 0), 1)
        self.y1 = y1
        self.x2 = min(max(x2, 0), 1)
        self.y2 = y2
        cx = 3 * self.x1
        bx = 3 * (self.x2 - self.x1) - cx
        ax = 1 - cx - bx
        cy = 3 * y1
        by = 3 * (y2 - y1) - cy
        ay = 1 - cy - by
    }

    /// The curve's y at horizontal position `x`; x is clamped to 0…1 and the end points are exact
    /// (f(0) = 0, f(1) = 1), so an animation always starts and lands precisely.
    public func callAsFunction(_ x: Double) -> Double {
        // Written as guards so that NaN also lands on the start.
        guard x > 0 else { return 0 }
        guard x < 1 else { return 1 }
        return sampleY(solveT(forX: x))
    }

    /// x(t) on the parametric curve.
    func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

    /// y(t) on the parametric curve.
    func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

    /// dx/dt, for Newton's method.
    func derivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// dy/dt.
    func derivativeY(_ t: Double) -> Double { (3 * ay * t + 2 * by) * t + cy }

    /// The parameter t in 0…1 with x(t) = x, for x in 0…1.
    func solveT(forX x: Double) -> Double {
        // Newton from t = x: the identity is the exact answer for a linear curve and a good
        // guess for the gentle curves UIs use, so two or three steps usually suffice.
        var t = x
        for _ in 0..<8 {
            let error = sampleX(t) - x
            // Unlike WebKit, only accept a root inside 0…1: outside it a cubic may have other roots.
            if abs(error) < Self.epsilon, t >= 0, t <= 1 { return t }
            let slope = derivativeX(t)
            if abs(slope) < 1e-6 { break }
            t -= error / slope
        }

        // Bisection: x(t) is monotonic on 0…1 (x1, x2 are clamped), so this always converges.
        // dx/dt ≤ 3, so the tolerance is met once the bracket is below 3e-10 (about 32 halvings);
        // the cap of 64 only guards against an endless loop.
        var low = 0.0
        var high = 1.0
        t = x
        for _ in 0..<64 {
            let value = sampleX(t)
            if abs(value - x) < Self.epsilon { return t }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    /// dy/dx at horizontal position `x` (the curve's speed relative to linear); used to bound how
    /// far a value may move in one step.
    public func slope(atX x: Double) -> Double {
        let t = solveT(forX: min(max(x, 0), 1))
        let dx = derivativeX(t)
        let dy = derivativeY(t)
        // Where dx/dt vanishes (x1 = 0 at the start, x2 = 1 at the end) the tangent is vertical
        // unless dy/dt vanishes too; then the slope is the limit of the ratio of the second
        // derivatives (l'Hôpital): (6·ay·t + 2·by) / (6·ax·t + 2·bx).
        if abs(dx) < 1e-12 {
            if abs(dy) >= 1e-12 { return dy > 0 ? .infinity : -.infinity }
            let ddx = 6 * ax * t + 2 * bx
            let ddy = 6 * ay * t + 2 * by
            return abs(ddx) < 1e-12 ? 1 : ddy / ddx
        }
        return dy / dx
    }
}
