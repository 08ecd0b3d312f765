import CMath

/// The few libm functions the pure modules need. The Swift standard library has no
/// trigonometry; funnelling it through here (and libm through CMath, not Glibc) keeps libc
/// out of the pure modules.
package enum Trig {
    /// The sine of `x` radians.
    package static func sin(_ x: Double) -> Double { CMath.sin(x) }
    /// The cosine of `x` radians.
    package static func cos(_ x: Double) -> Double { CMath.cos(x) }
    /// The angle of (`x`, `y`) from the positive x axis, in radians, −π…π.
    package static func atan2(_ y: Double, _ x: Double) -> Double { CMath.atan2(y, x) }
    /// e raised to `x` (a scroll's exponential deceleration).
    package static func exp(_ x: Double) -> Double { CMath.exp(x) }

    /// `degrees` in radians.
    package static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    /// `radians` in degrees.
    package static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
