/// A straight (not premultiplied) RGBA colour with components in 0...1.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…1 (not premultiplied).
    public var red: Double
    /// Green, 0…1 (not premultiplied).
    public var green: Double
    /// Blue, 0…1 (not premultiplied).
    public var blue: Double
    /// Opacity, 0 (transparent) … 1 (opaque).
    public var alpha: Double

    /// A colour from components in 0…1; opaque unless `alpha` says otherwise.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red; self.green = green; self.blue = blue; self.alpha = alpha
    }

    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// Opaque white.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Fully transparent (black with alpha 0): paints nothing.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// Parses `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.first == UInt8(ascii: "#"), digits.count == 7 || digits.count == 9 else { return nil }
        var bytes: [Double] = []
        var i = 1
        while i < digits.count {
            guard let hi = Self.nibble(digits[i]), let lo = Self.nibble(digits[i + 1]) else { return nil }
            bytes.append(Double(hi * 16 + lo) / 255)
            i += 2
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    private static func nibble(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return Int(c - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }

    /// The same colour with opacity `a`.
    public func withAlpha(_ a: Double) -> Color { Color(red: red, green: green, blue: blue, alpha: a) }

    /// Linear mix: `t = 0` gives self, `t = 1` gives `other`.
    public func mixed(with other: Color, _ t: Double) -> Color {
        Color(red: red + (other.red - red) * t, green: green + (other.green - green) * t,
              blue: blue + (other.blue - blue) * t, alpha: alpha + (other.alpha - alpha) * t)
    }

    /// Darker by `amount` (0...1) towards black, alpha unchanged.
    public func darkened(_ amount: Double) -> Color {
        Color(red: red * (1 - amount), green: green * (1 - amount), blue: blue * (1 - amount), alpha: alpha)
    }

    /// Lighter by `amount` (0...1) towards white, alpha unchanged.
    public func lightened(_ amount: Double) -> Color {
        Color(red: red + (1 - red) * amount, green: green + (1 - green) * amount,
              blue: blue + (1 - blue) * amount, alpha: alpha)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: the form configs and event lines use.
    public var hexString: String {
        func h(_ v: Double) -> String {
            // Clamped to 0…255 first (NaN, which `min`/`max` pass through, as 0): `Int(_:)`
            // traps on NaN, and a colour mixed with a NaN amount is one.
            let n = v.isNaN ? 0 : Int((min(max(v, 0), 1) * 255).rounded())
            let s = String(n, radix: 16, uppercase: true)
            return n < 16 ? "0" + s : s
        }
        return "#" + h(red) + h(green) + h(blue) + (alpha < 1 ? h(alpha) : "")
    }

    public var description: String { hexString }
}
