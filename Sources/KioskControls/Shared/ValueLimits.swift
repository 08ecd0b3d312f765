/// The one clamping rule of the value controls (sliders, the range slider, the progress bar):
/// limits that are not numbers give way, and a value that is not a number takes the low end.
enum ValueLimits {
    /// `v` within `lo...hi`; NaN is `lo`.
    static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        v.isNaN ? lo : min(max(v, lo), hi)
    }

    /// Usable limits from any two: an infinite or NaN minimum is 0, such a maximum the minimum,
    /// and the maximum never below the minimum.
    static func clampedRange(_ minimum: Double, _ maximum: Double) -> (min: Double, max: Double) {
        let lo = minimum.isFinite ? minimum : 0
        let hi = maximum.isFinite ? maximum : lo
        return (lo, max(lo, hi))
    }

    /// Two values within `lo...hi`, the upper not below the lower.
    static func clampedValues(lower: Double, upper: Double, min lo: Double, max hi: Double) -> (lower: Double, upper: Double) {
        let l = clamp(lower, lo, hi)
        return (l, clamp(upper, l, hi))
    }
}
