import Glibc

/// The few libm functions the pure modules need. The Swift standard library has no
/// trigonometry; funnelling it through here keeps libc out of every other pure file.
public enum Trig {
    /// The sine of `x` radians.
    public static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    /// The cosine of `x` radians.
    public static func cos(_ x: Double) -> Double { Glibc.cos(x) }
    /// The angle of (`x`, `y`) from the positive x axis, in radians, −π…π.
    public static func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }

    /// `degrees` in radians.
    public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    /// `radians` in degrees.
    public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
