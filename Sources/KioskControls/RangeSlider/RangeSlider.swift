import KioskCore
import KioskUI

/// A two-thumb slider selecting a range, after CERangeSlider.
///
/// Geometry: the knobs are as wide as the control is high; the usable track length is
/// `width − knobWidth`; a value maps to `usable × (value − min) / (max − min) + knobWidth / 2`
/// from the left edge. A touch that starts on a knob grabs it; every move changes its value by
/// `Δx × (max − min) / usable`, clamped so that `min ≤ lower ≤ upper ≤ max`. Tracking goes on
/// when the finger leaves the control and comes back. Right to left (`Control.layoutDirection`)
/// it is mirrored: positions count from the right edge, the lower knob is the right one, and
/// a drag to the left raises a value.
public final class RangeSlider: Control {
    /// One of the two thumbs; the raw value is its name.
    public enum Knob: String, Sendable {
        /// The thumb at the lower end of the range.
        case lower
        /// The thumb at the upper end of the range.
        case upper
    }

    /// Fingers are fat: a knob accepts touches within this size around its centre even when
    /// it is drawn smaller (Apple and Google both recommend about 44–48 px).
    public static let minimumTouchSize = 44.0

    /// The smallest value the range can take.
    public private(set) var minimumValue: Double
    /// The largest value the range can take.
    public private(set) var maximumValue: Double
    /// The lower end of the selected range.
    public private(set) var lowerValue: Double
    /// The upper end of the selected range.
    public private(set) var upperValue: Double
    /// The knob being dragged (drawn darker), if any.
    public internal(set) var highlightedKnob: Knob? { didSet { if oldValue != highlightedKnob { invalidate() } } }

    /// The track outside the range; nil takes the theme's.
    public var trackColor: Color? { didSet { if oldValue != trackColor { invalidate() } } }
    /// The track between the knobs; nil takes the theme's accent.
    public var highlightColor: Color? { didSet { if oldValue != highlightColor { invalidate() } } }
    /// The knobs' fill; nil takes the theme's.
    public var knobColor: Color? { didSet { if oldValue != knobColor { invalidate() } } }
    /// Corner roundness, 0…1; nil takes the theme's.
    public var curvaceousness: Double? { didSet { if oldValue != curvaceousness { invalidate() } } }

    var knobTouch = KnobTouch.idle

    /// A slider over `minimum`…`maximum` selecting `lower`…`upper` (clamped into order).
    public init(id: String, frame: Rect, theme: Theme = .standard,
                minimum: Double = 0, maximum: Double = 10, lower: Double = 2, upper: Double = 8) {
        let range = ValueLimits.clampedRange(minimum, maximum)
        minimumValue = range.min
        maximumValue = range.max
        let values = ValueLimits.clampedValues(lower: lower, upper: upper, min: range.min, max: range.max)
        lowerValue = values.lower
        upperValue = values.upper
        super.init(id: id, frame: frame, theme: theme)
    }

    // MARK: Values (always clamped, never trusted)

    /// Sets the range. A maximum below the minimum is raised to it; the values are clamped into the new range.
    public func setRange(minimum: Double, maximum: Double) {
        let range = ValueLimits.clampedRange(minimum, maximum)
        guard range.min != minimumValue || range.max != maximumValue else { return }
        minimumValue = range.min
        maximumValue = range.max
        let values = ValueLimits.clampedValues(lower: lowerValue, upper: upperValue, min: range.min, max: range.max)
        lowerValue = values.lower
        upperValue = values.upper
        invalidate()
    }

    /// Sets the lower value, clamped to `minimum...upper`.
    public func setLowerValue(_ value: Double) {
        let v = ValueLimits.clamp(value, minimumValue, upperValue)
        guard v != lowerValue else { return }
        invalidateTravel(from: lowerValue, to: v)
        lowerValue = v
    }

    /// Sets the upper value, clamped to `lower...maximum`.
    public func setUpperValue(_ value: Double) {
        let v = ValueLimits.clamp(value, lowerValue, maximumValue)
        guard v != upperValue else { return }
        invalidateTravel(from: upperValue, to: v)
        upperValue = v
    }

    /// `lower` and `upper`.
    public override var currentValue: [(name: String, value: EventScalar)]? {
        [("lower", .number(lowerValue)), ("upper", .number(upperValue))]
    }

    /// Sets `lower` and/or `upper`, clamped into `minimum…maximum`. Both given: they are set
    /// together (an upper below the lower is raised to it), so `lower=90 upper=95` works from
    /// any starting values.
    public override func setValue(_ fields: [(name: String, value: EventScalar)],
                                  sendsEvents: Bool = true) throws(ControlValueError) {
        if let error = ControlValueError.unknownFields(fields, known: ["lower", "upper"], control: id) { throw error }
        var lower = lowerValue, upper = upperValue
        for field in fields {
            let n = try ControlValueError.number(field, control: id)
            if field.name == "lower" { lower = n } else { upper = n }
        }
        let values = ValueLimits.clampedValues(lower: lower, upper: upper, min: minimumValue, max: maximumValue)
        guard values.lower != lowerValue || values.upper != upperValue else { return }
        // Widen first, so that neither setter clamps against the other's old value.
        setLowerValue(min(values.lower, lowerValue))
        setUpperValue(values.upper)
        setLowerValue(values.lower)
        if sendsEvents { sendValueEvents() }
    }

    // MARK: Drawing and touch (RangeSlider+Drawing.swift, RangeSlider+Touch.swift)

    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawSlider(canvas) }
    public override func touchDistance(to point: Point) -> Double? { knobTouchDistance(to: point) }
    public override func touchBegan(at point: Point, time: Instant) -> Bool { beginKnobTouch(at: point) }
    public override func touchMoved(to point: Point, time: Instant) { moveKnobTouch(to: point) }
    public override func touchEnded(at point: Point, time: Instant) { endKnobTouch() }
    public override func touchCancelled(time: Instant) { endKnobTouch() }
    /// Its knobs move sideways: a sideways drag stays on the slider inside a swiped page.
    public override func keepsDrag(along axis: DragAxis) -> Bool { axis == .horizontal }
    public override func takeTouch(from previous: Control) -> Bool {
        guard let previous = previous as? RangeSlider, previous.knobTouch != .idle else { return false }
        knobTouch = previous.knobTouch
        highlightedKnob = previous.highlightedKnob
        return true
    }

    // MARK: Geometry

    /// The track's geometry (`SliderTrack`): the frame, along the x axis.
    var track: SliderTrack {
        SliderTrack(bounds: frame, axis: .horizontal, minimum: minimumValue, maximum: maximumValue,
                    direction: layoutDirection)
    }
    /// A knob's width: the control's height, so knobs are round at full curvaceousness.
    public var knobWidth: Double { frame.height }
    /// The length a knob centre travels from minimum to maximum.
    public var usableTrackLength: Double { track.usableLength }

    /// The x coordinate (scene space) of a knob centre showing `value`.
    public func position(of value: Double) -> Double { track.position(of: value) }

    /// The value `knob` shows.
    public func value(of knob: Knob) -> Double { knob == .lower ? lowerValue : upperValue }

    /// The rectangle `knob` is drawn in, in scene coordinates.
    public func knobRect(_ knob: Knob) -> Rect { track.knobRect(at: value(of: knob)) }

    /// The area that accepts touches for a knob: the knob, grown to the minimum touch size.
    public func touchTarget(_ knob: Knob) -> Rect {
        let k = knobRect(knob)
        let w = max(k.width, Self.minimumTouchSize), h = max(k.height, Self.minimumTouchSize)
        return Rect(k.midX - w / 2, k.midY - h / 2, w, h)
    }

    /// Knob shadow (1 px down, 1 px blur) and the outline reach just past the frame.
    public override var paintMargin: Double { 3 }

    /// Moving a knob changes the pixels between its old and new position only.
    private func invalidateTravel(from old: Double, to new: Double) {
        let a = position(of: old), b = position(of: new)
        let x0 = min(a, b) - knobWidth / 2 - paintMargin, x1 = max(a, b) + knobWidth / 2 + paintMargin
        let bounds = paintBounds
        invalidate(Rect(x0, bounds.minY, x1 - x0, bounds.height))
    }
}
