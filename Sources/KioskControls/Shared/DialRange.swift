import KioskCore
import KioskUI

/// What turns a dial (`CircularSlider`) from an angle chooser into a gauge of a quantity:
/// a value from `minimum` to `maximum` (on `step`s) laid along an arc from `startAngle` to
/// `endAngle`.
///
/// Angles are the dial's: degrees with 0° at 3 o'clock, growing counter-clockwise (90° is
/// 12 o'clock). The value grows from `startAngle` towards `endAngle` the way the numbers run: an
/// `endAngle` below the `startAngle` goes clockwise. A 270° gauge with its gap at the bottom,
/// growing clockwise from 7:30 over the top to 4:30, is `startAngle` 225, `endAngle` −45. The
/// sweep is at most a full turn; a range dial never wraps: at either end it stops, also when
/// the sweep is a full turn.
public struct DialRange: Sendable, Equatable {
    /// The value at `startAngle`.
    public var minimum: Double
    /// The value at `endAngle`; above `minimum`.
    public var maximum: Double
    /// The distance between values a finger can choose; 0: any value.
    public var step: Double
    /// Where the minimum is, in the dial's degrees.
    public var startAngle: Double
    /// Where the maximum is, in the dial's degrees; within a turn of `startAngle`, not on it.
    public var endAngle: Double

    /// A range; the defaults are 0…100, any value, on a full turn counter-clockwise from
    /// 3 o'clock (where the angle dial has its 0° and its 359°). Numbers that cannot make a
    /// range are mended: not finite is the default, a maximum not above the minimum makes a range of one
    /// value, a step below 0 is 0, a sweep of nothing or more than a turn is a full turn.
    public init(minimum: Double = 0, maximum: Double = 100, step: Double = 0, startAngle: Double = 0,
                endAngle: Double = 360) {
        self.minimum = minimum.isFinite ? minimum : 0
        self.maximum = maximum.isFinite ? Swift.max(self.minimum, maximum) : self.minimum
        self.step = step.isFinite && step > 0 ? step : 0
        self.startAngle = startAngle.isFinite ? startAngle : 0
        let sweep = endAngle.isFinite ? endAngle - self.startAngle : 0
        self.endAngle = sweep == 0 || abs(sweep) > 360 ? self.startAngle + 360 : endAngle
    }

    /// `endAngle − startAngle`: positive counter-clockwise, negative clockwise.
    public var sweep: Double { endAngle - startAngle }

    /// `v` clamped into the range (NaN is the minimum) and on a step: the nearest of
    /// `minimum + k × step` and `maximum`, rounded to nine decimals.
    public func snapped(_ v: Double) -> Double {
        SliderValues.snapped(v, minimum: minimum, maximum: maximum, step: step)
    }

    /// Where along the sweep `value` lies: 0 at the start, 1 at the end.
    public func fraction(of value: Double) -> Double {
        maximum > minimum ? (value - minimum) / (maximum - minimum) : 0
    }

    /// The angle, in the dial's degrees, the handle shows `value` at.
    public func angle(of value: Double) -> Double { startAngle + fraction(of: value) * sweep }
}

/// The one rule of a slider's and a dial's values: clamped, then snapped to a step.
enum SliderValues {
    /// `v` clamped into `minimum…maximum` (NaN is the minimum) and, with a step above 0, on
    /// the nearest of `minimum + k × step` and `maximum` (a range that is not a whole number of
    /// steps has a shorter last one). Rounded to nine decimals, so that steps of 0.1 give 0.3
    /// rather than 0.30000000000000004.
    static func snapped(_ v: Double, minimum: Double, maximum: Double, step: Double) -> Double {
        let c = v.isNaN ? minimum : Swift.min(Swift.max(v, minimum), maximum)
        guard step > 0 else { return c }
        let k = ((c - minimum) / step).rounded()
        var s = Swift.min(minimum + k * step, maximum)
        if maximum - c < abs(c - s) { s = maximum }
        let clean = (s * 1e9).rounded() / 1e9
        return clean.isFinite && abs(clean - s) < step / 2 ? clean : s
    }
}
