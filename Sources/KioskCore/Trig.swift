import Glibc

/// The few libm functions the pure modules need. The Swift standard library has no
/// trigonometry; funnelling it through here keeps libc out of every other pure file.
public enum Trig {
    public static func sin(_ x: Double) -> Double { Glibc.sin(x) }
    public static func cos(_ x: Double) -> Double { Glibc.cos(x) }
    public static func atan2(_ y: Double, _ x: Double) -> Double { Glibc.atan2(y, x) }
    public static func exp(_ x: Double) -> Double { Glibc.exp(x) }
    public static func pow(_ x: Double, _ y: Double) -> Double { Glibc.pow(x, y) }

    public static func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
    public static func degrees(_ radians: Double) -> Double { radians * 180 / .pi }
}
