/// A timing curve that maps linear progress (time fraction) 0…1 to eased progress.
///
/// Every curve satisfies f(0) = 0 and f(1) = 1 exactly, and input outside 0…1 is clamped, so an
/// animation always starts and lands precisely where it should. The named curves are the ones CSS
/// (CSS Easing Functions Level 1, § 3.2) and UIKit (`UIView.AnimationCurve`) define, so designers'
/// numbers carry over unchanged:
///
/// | case        | cubic-bezier         |
/// |-------------|----------------------|
/// | `easeIn`    | (0.42, 0, 1, 1)      |
/// | `easeOut`   | (0, 0, 0.58, 1)      |
/// | `easeInOut` | (0.42, 0, 0.58, 1)   |
///
/// `cubicBezier(x1, y1, x2, y2)` takes any CSS `cubic-bezier()`; y1 and y2 may leave 0…1 to
/// overshoot. The curve is solved numerically by ``CubicBezier``.
public enum Easing: Sendable, Equatable {
    /// Constant speed.
    case linear
    /// Starts slowly, ends at full speed (CSS `ease-in`).
    case easeIn
    /// Starts at full speed, slows into the end (CSS `ease-out`): the usual curve for something arriving.
    case easeOut
    /// Slow at both ends (CSS `ease-in-out`).
    case easeInOut
    /// A CSS `cubic-bezier(x1, y1, x2, y2)` curve (see ``CubicBezier``).
    case cubicBezier(Double, Double, Double, Double)

    /// The eased progress for linear progress `t` (clamped to 0…1; NaN counts as 0).
    public func callAsFunction(_ t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        guard let curve = bezier else { return t }
        return curve(t)
    }

    /// The curve's slope d(eased)/dt at `t` (clamped to 0…1): how many times faster than linear
    /// the eased value moves there. Used to hand an animator's speed over to a spring, and to
    /// bound how far a value may move in one step.
    public func slope(at t: Double) -> Double {
        guard let curve = bezier else { return 1 }
        return curve.slope(atX: t)
    }

    /// The Bézier behind the curve, or nil for `linear` (which needs no solve).
    public var bezier: CubicBezier? {
        switch self {
        case .linear: return nil
        case .easeIn: return CubicBezier(0.42, 0, 1, 1)
        case .easeOut: return CubicBezier(0, 0, 0.58, 1)
        case .easeInOut: return CubicBezier(0.42, 0, 0.58, 1)
        case let .cubicBezier(x1, y1, x2, y2): return CubicBezier(x1, y1, x2, y2)
        }
    }
}
