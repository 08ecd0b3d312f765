import KioskCore
import KioskUI

/// The geometry CERangeSlider gives a slider, along either axis: the one copy of the track
/// math the range slider and the one-value slider share.
///
/// Knobs are as thick as the track's bounds are across (round at full curvaceousness); the
/// usable length is the bounds' length minus a knob; a value maps to
/// `usable × (value − min) / (max − min) + knob / 2` from the start: from the left edge of a
/// horizontal track, from the bottom edge of a vertical one (values grow upwards, as on a
/// fader). A finger's move of `Δ` pixels towards the maximum changes a value by
/// `Δ × (max − min) / usable`.
///
/// A `mirrored` horizontal track (a right-to-left language) runs from the right edge: the
/// minimum is at the right and a finger moving left raises the value. A vertical track is
/// never mirrored (up is more in every language).
struct SliderTrack: Equatable {
    /// Where the knobs move: the control's frame, less a value label's place.
    var bounds: Rect
    var axis: DragAxis
    var minimum: Double
    var maximum: Double
    /// Right to left: values grow towards the left (horizontal tracks only).
    var mirrored = false

    /// A track along `axis` in `bounds`, mirrored when `direction` is right to left and the
    /// track is horizontal.
    init(bounds: Rect, axis: DragAxis, minimum: Double, maximum: Double, direction: LayoutDirection = .leftToRight) {
        self.bounds = bounds
        self.axis = axis
        self.minimum = minimum
        self.maximum = maximum
        mirrored = axis == .horizontal && direction == .rightToLeft
    }

    /// A knob's size along the axis and across it: the bounds' thickness.
    var knobSize: Double { axis == .horizontal ? bounds.height : bounds.width }
    /// The bounds' length along the axis.
    var length: Double { axis == .horizontal ? bounds.width : bounds.height }
    /// The length a knob centre travels from minimum to maximum.
    var usableLength: Double { max(0, length - knobSize) }

    /// Where along the axis (x, or y in a vertical track) a knob centre showing `value` is.
    func position(of value: Double) -> Double {
        let span = maximum - minimum
        let fraction = span > 0 ? (value - minimum) / span : 0
        switch axis {
        case .horizontal where mirrored: return bounds.maxX - usableLength * fraction - knobSize / 2
        case .horizontal: return bounds.minX + usableLength * fraction + knobSize / 2
        case .vertical: return bounds.maxY - usableLength * fraction - knobSize / 2
        }
    }

    /// How much a value changes when a finger moves from `from` to `to` (scene points).
    func valueChange(from: Point, to: Point) -> Double {
        let usable = usableLength
        guard usable > 0 else { return 0 }
        let pixels: Double
        switch axis {
        case .horizontal: pixels = mirrored ? from.x - to.x : to.x - from.x
        case .vertical: pixels = from.y - to.y
        }
        return pixels * (maximum - minimum) / usable
    }

    /// The square a knob showing `value` is drawn in.
    func knobRect(at value: Double) -> Rect {
        let p = position(of: value), k = knobSize
        switch axis {
        case .horizontal: return Rect(p - k / 2, bounds.minY, k, bounds.height)
        case .vertical: return Rect(bounds.minX, p - k / 2, bounds.width, k)
        }
    }

    /// Where along the axis the minimum's end of the bar is: the fill of a one-value slider
    /// runs from here to the knob.
    var minimumEnd: Double {
        switch axis {
        case .horizontal: return mirrored ? barRect.maxX : barRect.minX
        case .vertical: return barRect.maxY
        }
    }

    /// The bar drawn under the knobs: the bounds inset across by a 3.5th of their
    /// thickness on each side (CERangeSlider).
    var barRect: Rect {
        axis == .horizontal ? bounds.insetBy(dx: 0, dy: bounds.height / 3.5)
            : bounds.insetBy(dx: bounds.width / 3.5, dy: 0)
    }

    /// A strip of the bounds across the whole thickness between two positions along the axis
    /// (grown by `margin` on every side): what a knob's travel repaints.
    func strip(from a: Double, to b: Double, margin: Double) -> Rect {
        let lo = min(a, b) - knobSize / 2 - margin, hi = max(a, b) + knobSize / 2 + margin
        switch axis {
        case .horizontal: return Rect(lo, bounds.minY - margin, hi - lo, bounds.height + 2 * margin)
        case .vertical: return Rect(bounds.minX - margin, lo, bounds.width + 2 * margin, hi - lo)
        }
    }
}
