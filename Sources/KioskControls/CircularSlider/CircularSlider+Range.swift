import KioskCore
import KioskUI

/// A range dial's value and its finger: a gauge that never wraps.
extension CircularSlider {
    /// Which end a finger holds a range dial's value at, after it left the sweep past it.
    enum HeldEnd: Equatable { case minimum, maximum }

    /// A range dial's finger: the end it holds the value at (nil: the handle follows the
    /// finger), and where along the sweep the finger was last (degrees from the start, 0…360).
    struct RangeTouch: Equatable {
        var held: HeldEnd?
        var lastOffset: Double?
    }

    /// Sets a range dial's value, clamped and snapped, repainting what changed (an angle
    /// dial: the angle, as `setAngle` with the value floored). Sends nothing.
    public func setValue(_ newValue: Double) {
        guard let range else { return setAngle(Int(newValue.isFinite ? newValue.truncatingRemainder(dividingBy: 360).rounded(.down) : 0)) }
        let v = range.snapped(newValue)
        guard v != value else { return }
        let old = handleAngle
        value = v
        angle = Self.normalised(Int(handleAngle.rounded(.down)))
        invalidateChange(from: old)
        invalidate(valueTextRect)
    }

    /// `value`, clamped and snapped.
    func setRangeValue(_ fields: [(name: String, value: EventScalar)], sendsEvents: Bool) throws(ControlValueError) {
        guard let n = try ControlValueError.onlyNumber(named: "value", in: fields, control: id) else { return }
        let before = value
        setValue(n)
        if sendsEvents && value != before { sendValueEvents() }
    }

    /// How far along `range`'s sweep the direction `degrees` lies (0 at the start, 1 at the
    /// end); in a gap, the nearer end.
    static func fraction(ofDirection degrees: Double, in range: DialRange) -> Double {
        let span = abs(range.sweep)
        let offset = offsetAlongSweep(degrees, in: range)
        if offset <= span { return span > 0 ? offset / span : 0 }
        return offset - span < 360 - offset ? 1 : 0
    }

    /// The degrees from the start angle to `degrees`, the way the sweep runs, in 0…360.
    static func offsetAlongSweep(_ degrees: Double, in range: DialRange) -> Double {
        var t = ((degrees - range.startAngle) * (range.sweep < 0 ? -1 : 1)).truncatingRemainder(dividingBy: 360)
        if t < 0 { t += 360 }
        return t
    }

    /// Follows a finger on a range dial. The handle goes to the finger's direction while the
    /// finger stays on the sweep; a finger that moves past an end (the shortest way from
    /// where it was, so also through a gauge's gap or round a full turn) holds the value at
    /// that end until it comes back within a quarter of the sweep from it. A finger that
    /// lands in a gap takes the nearer end.
    func followOnRange(_ point: Point) {
        guard tracking, let range, let direction = Self.direction(from: center, to: point) else { return }
        let span = abs(range.sweep)
        let offset = Self.offsetAlongSweep(direction, in: range)
        let onSweep = offset <= span
        var touch = rangeTouch
        var fraction: Double?
        if let held = touch.held {
            let back = held == .maximum ? offset >= span * 0.75 : offset <= span * 0.25
            if onSweep && back {
                touch.held = nil
                fraction = span > 0 ? offset / span : 0
            }
        } else if let last = touch.lastOffset {
            var turn = (offset - last).truncatingRemainder(dividingBy: 360)
            if turn > 180 { turn -= 360 } else if turn <= -180 { turn += 360 }
            let predicted = last + turn
            if predicted > span { touch.held = .maximum; fraction = 1 }
            else if predicted < 0 { touch.held = .minimum; fraction = 0 }
            else { fraction = span > 0 ? predicted / span : 0 }
        } else {
            fraction = Self.fraction(ofDirection: direction, in: range)
            if !onSweep { touch.held = fraction == 1 ? .maximum : .minimum }
        }
        touch.lastOffset = offset
        rangeTouch = touch
        guard let fraction else { return }
        let before = value
        setValue(range.minimum + fraction * (range.maximum - range.minimum))
        guard value != before else { return }
        moved = true
        send(.valueChanged, fields: currentValue ?? [])
    }

    /// The text of a range dial's value: in `valueFormat`, or as events write numbers, with
    /// the scene's language's decimal mark either way (`NumberStyle.write(_:conventions:)`:
    /// a format that names a grouping or a `,` is kept as written).
    func rangeValueText(_ v: Double) -> String {
        let numbers = language.numbers
        if let valueFormat { return valueFormat.write(v, conventions: numbers) }
        let plain = NumberFormat.rounded(v, decimals: 3)
        guard numbers.decimalMark != "." else { return plain }
        return String(plain.map { $0 == "." ? numbers.decimalMark : $0 })
    }
}
