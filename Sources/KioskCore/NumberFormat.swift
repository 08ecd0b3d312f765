/// The one way the kiosk writes numbers for people and for event lines: milliseconds, seconds,
/// ratios, percentages and calibration matrices. Plain Swift (no printf, no locale), so the
/// text is the same on every machine.
package enum NumberFormat {
    /// Milliseconds as they appear in event output: whole numbers without a fraction,
    /// others with at most three decimals ("16", "8.333"). Beyond 2⁵³ µs (285 years) a Double
    /// has no three exact decimals left: whole numbers still print as such, others (and
    /// infinity, NaN) as Swift prints a `Double`.
    package static func milliseconds(_ ms: Double) -> String {
        let micro = (ms * 1000).rounded()
        guard abs(micro) < 0x1p53 else {   // false for NaN too
            if let whole = Int64(exactly: ms) { return String(whole) }
            return String(ms)
        }
        // Below 2⁵³ the whole part fits an Int64 exactly: the conversion cannot trap.
        if micro.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int64(micro / 1000)) }
        var s = String(micro / 1000)
        // Double's description can print e.g. 8.333000000000001 after rounding; cut to 3 decimals.
        if let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) > 4 {
            s = String(s[..<s.index(dot, offsetBy: 4)])
        }
        return s
    }

    /// A duration in milliseconds with exactly three decimals, for statistics lines ("16.667").
    package static func milliseconds(_ duration: Duration) -> String {
        let c = duration.components
        let micro = (Double(c.seconds) * 1e6 + Double(c.attoseconds) / 1e12).rounded()
        return fixed(units: Int64(saturating: micro), decimals: 3)
    }

    /// `value` with exactly `decimals` decimals, rounded to the nearest ("0.50", "12.345");
    /// no fraction when `decimals` is 0. NaN is 0; beyond ±2⁶³ units it saturates.
    package static func fixed(_ value: Double, decimals: Int) -> String {
        fixed(units: Int64(saturating: value * scale(decimals)), decimals: decimals)
    }

    /// `value` rounded to `decimals` decimals, in the shortest form that reads back as that
    /// Double, without a fraction when it is whole ("60", "59.94", "0.5"): JSON's form
    /// (``JSONWriter/format(_:)``), so it may stand in a config or an event line.
    package static func rounded(_ value: Double, decimals: Int) -> String {
        let s = scale(decimals)
        return JSONWriter.format((value * s).rounded() / s)
    }

    /// `value` as a ratio to `base` with two decimals and an `x` ("1.25x"); `-` when either is
    /// missing or `base` is not positive.
    package static func ratio(_ value: Double?, to base: Double?) -> String {
        guard let value, let base, base > 0 else { return "-" }
        return fixed(value / base, decimals: 2) + "x"
    }

    /// A fraction (0…1) as a whole percentage, rounded ("38").
    package static func percent(_ fraction: Double) -> String { fixed(fraction * 100, decimals: 0) }

    /// A calibration matrix as its numbers with at most six decimals, comma separated
    /// ("1.02, 0, -0.01, 0, 0.98, 0.005"); the caller adds brackets where they belong.
    package static func matrix(_ values: [Double]) -> String {
        values.map { rounded($0, decimals: 6) }.joined(separator: ", ")
    }

    /// 10^`decimals`, exactly (a product of tens is exact in a Double up to 10^22).
    private static func scale(_ decimals: Int) -> Double {
        var s = 1.0
        for _ in 0..<max(0, decimals) { s *= 10 }
        return s
    }

    /// `units` 10^-`decimals`ths written out: the sign, the whole part, the fraction padded
    /// with zeros.
    private static func fixed(units: Int64, decimals: Int) -> String {
        guard decimals > 0 else { return String(units) }
        let magnitude = units.magnitude
        var divisor: UInt64 = 1
        for _ in 0..<decimals { divisor *= 10 }
        let fraction = String(magnitude % divisor)
        return (units < 0 ? "-" : "") + String(magnitude / divisor) + "."
            + String(repeating: "0", count: max(0, decimals - fraction.count)) + fraction
    }
}
