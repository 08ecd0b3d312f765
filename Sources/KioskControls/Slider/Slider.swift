import KioskCore
import KioskUI

/// A one-value slider, horizontal or vertical, after the range slider (one knob of it: the
/// same track, knob, colours and drag rules, `SliderTrack`).
///
/// - **Values.** `value` lies within `minimum…maximum`; with a `step` it is one of
///   `minimum + k × step` or `maximum` itself (a range that is not a whole number of steps has
///   a shorter last step). Whatever is set is clamped and snapped, never trusted.
/// - **Axis.** A horizontal slider grows to the right, a vertical one upwards (a fader). Right
///   to left (`Control.layoutDirection`) a horizontal one is mirrored: it grows to the left,
///   a drag to the left raises it, and its value label is at the left end.
/// - **Touch.** A touch that starts on the knob (grown to the minimum touch size) grabs it;
///   the track elsewhere does not make the value jump. Every move changes the dragged value by
///   `Δ × (max − min) / usable` along the axis, clamped, and the value shown is that dragged
///   value snapped to the step, so a slow finger still gets from one step to the next.
///   `valueChanged` while the shown value changes, `valueCommitted` at lift when it changed.
///   It keeps drags along its own axis only (`keepsDrag(along:)`): a page swiped sideways
///   still turns under a vertical slider.
/// - **Read-only** (`isReadOnly`): the owner's value. No finger moves it: a touch on it reaches
///   what lies under it (as on a progress bar), and a list scrolls through it. `setValue` (the
///   socket's `set`, MQTT, Swift) still does.
/// - **Value label** (`valueFormat`): with a format, the value is written at the end of the
///   frame: on the right of a horizontal slider (three times its height wide, at most half the
///   frame), at the bottom of a vertical one (48 high, at most a quarter of the frame); the
///   knob moves in the rest.
public final class Slider: Control {
    /// The smallest value.
    public private(set) var minimumValue: Double
    /// The largest value.
    public private(set) var maximumValue: Double
    /// The distance between values a finger can choose; 0: any value.
    public private(set) var step: Double
    /// The value, within `minimum…maximum`, on a step.
    public private(set) var value: Double
    /// Along which axis the knob moves.
    public let axis: DragAxis
    /// The owner's value: no finger moves it (see the type's notes).
    public var isReadOnly = false {
        didSet { if isReadOnly && knobTouch != nil { endKnobTouch() } }
    }
    /// How the value label writes the value; nil: no label, the track fills the frame.
    public var valueFormat: NumberStyle? { didSet { if oldValue != valueFormat { invalidate() } } }
    /// The track outside the value; nil takes the theme's.
    public var trackColor: Color? { didSet { if oldValue != trackColor { invalidate() } } }
    /// The track from the minimum to the knob; nil takes the theme's accent.
    public var highlightColor: Color? { didSet { if oldValue != highlightColor { invalidate() } } }
    /// The knob's fill; nil takes the theme's.
    public var knobColor: Color? { didSet { if oldValue != knobColor { invalidate() } } }
    /// The value label's colour; nil takes the theme's text colour.
    public var textColor: Color? { didSet { if oldValue != textColor { invalidate() } } }
    /// The value label's font; nil takes the theme's.
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    /// Corner roundness, 0…1; nil takes the theme's.
    public var curvaceousness: Double? { didSet { if oldValue != curvaceousness { invalidate() } } }

    /// The finger on the knob: where it was last, the value it has dragged to before
    /// snapping, and whether the shown value changed.
    struct KnobTouch: Equatable {
        var last: Point
        var draggedValue: Double
        var moved: Bool
    }
    var knobTouch: KnobTouch? { didSet { if (oldValue == nil) != (knobTouch == nil) { invalidate(knobRect.outsetBy(paintMargin)) } } }

    /// A slider over `minimum…maximum` (a maximum below the minimum is raised to it) at
    /// `value`, clamped and snapped to `step` (0 or less, or not finite: any value). `axis`
    /// nil: vertical when the frame is taller than wide, else horizontal.
    public init(id: String, frame: Rect, theme: Theme = .standard, minimum: Double = 0, maximum: Double = 100,
                step: Double = 0, value: Double = 0, axis: DragAxis? = nil) {
        let range = ValueLimits.clampedRange(minimum, maximum)
        minimumValue = range.min
        maximumValue = range.max
        self.step = step.isFinite && step > 0 ? step : 0
        self.axis = axis ?? (frame.height > frame.width ? .vertical : .horizontal)
        self.value = range.min
        super.init(id: id, frame: frame, theme: theme)
        self.value = snapped(value)
    }

    // MARK: Value (clamped and snapped, never trusted)

    /// Sets the value, clamped into `minimum…maximum` and snapped to the step; repaints the
    /// knob's travel and the label. Sends nothing (`setValue(_:sendsEvents:)` does).
    public func setValue(_ newValue: Double) {
        let v = snapped(newValue)
        guard v != value else { return }
        let old = value
        value = v
        invalidate(track.strip(from: track.position(of: old), to: track.position(of: v), margin: paintMargin))
        if valueFormat != nil { invalidate(valueLabelRect) }
    }

    /// `v` clamped into the range (NaN is the minimum) and on a step: the nearest of
    /// `minimum + k × step` and `maximum`, rounded to nine decimals (`SliderValues`).
    public func snapped(_ v: Double) -> Double {
        SliderValues.snapped(v, minimum: minimumValue, maximum: maximumValue, step: step)
    }

    /// `value`.
    public override var currentValue: [(name: String, value: EventScalar)]? { [("value", .number(value))] }

    /// Sets `value`, clamped and snapped as a finger's; read-only or not (the owner's `set`
    /// is how a read-only slider moves). Sends `valueChanged` and `valueCommitted` when it changed.
    public override func setValue(_ fields: [(name: String, value: EventScalar)],
                                  sendsEvents: Bool = true) throws(ControlValueError) {
        guard let n = try ControlValueError.onlyNumber(named: "value", in: fields, control: id) else { return }
        let before = value
        setValue(n)
        if sendsEvents && value != before { sendValueEvents() }
    }

    // MARK: Geometry

    /// Fingers are fat: the knob accepts touches within this size around its centre.
    public static let minimumTouchSize = RangeSlider.minimumTouchSize

    /// Where the value label is written, at the end of the frame along the axis: on the right
    /// of a horizontal slider, three times its height wide (at most half the frame); at the
    /// bottom of a vertical one, 48 high (at most a quarter of the frame). Empty without a
    /// format.
    public var valueLabelRect: Rect {
        guard valueFormat != nil else { return Rect(frame.maxX, frame.maxY, 0, 0) }
        switch axis {
        case .horizontal:
            let w = labelLength
            return mirroredForReading(Rect(frame.maxX - w, frame.minY, w, frame.height))
        case .vertical:
            let h = labelLength
            return Rect(frame.minX, frame.maxY - h, frame.width, h)
        }
    }

    /// The value label's length along the axis.
    private var labelLength: Double {
        axis == .horizontal ? min(3 * frame.height, frame.width / 2) : min(48, frame.height / 4)
    }

    /// Where the knob moves: the frame, less the value label's place.
    public var trackBounds: Rect {
        guard valueFormat != nil else { return frame }
        switch axis {
        case .horizontal:
            return mirroredForReading(Rect(frame.minX, frame.minY, frame.width - labelLength, frame.height))
        case .vertical: return Rect(frame.minX, frame.minY, frame.width, frame.height - labelLength)
        }
    }

    var track: SliderTrack {
        SliderTrack(bounds: trackBounds, axis: axis, minimum: minimumValue, maximum: maximumValue,
                    direction: layoutDirection)
    }

    /// The length the knob's centre travels from minimum to maximum.
    public var usableTrackLength: Double { track.usableLength }
    /// Where along the axis (x, or y of a vertical slider) the knob's centre is for `value`.
    public func position(of value: Double) -> Double { track.position(of: value) }
    /// The square the knob is drawn in.
    public var knobRect: Rect { track.knobRect(at: value) }
    /// The area that accepts a finger: the knob grown to the minimum touch size.
    public var touchTarget: Rect {
        let k = knobRect
        let w = max(k.width, Self.minimumTouchSize), h = max(k.height, Self.minimumTouchSize)
        return Rect(k.midX - w / 2, k.midY - h / 2, w, h)
    }

    /// The knob's shadow and the outline reach just past the frame.
    public override var paintMargin: Double { 3 }

    // MARK: Drawing and touch (Slider+Drawing.swift, Slider+Touch.swift)

    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawSlider(canvas, in: dirty) }
    /// Within the knob's touch target (0 inside the frame); nil elsewhere, and always when
    /// read-only: a finger then reaches what lies under the slider.
    public override func touchDistance(to point: Point) -> Double? { knobTouchDistance(to: point) }
    public override func touchBegan(at point: Point, time: Instant) -> Bool { beginKnobTouch(at: point) }
    public override func touchMoved(to point: Point, time: Instant) { moveKnobTouch(to: point) }
    public override func touchEnded(at point: Point, time: Instant) { endKnobTouch() }
    public override func touchCancelled(time: Instant) { endKnobTouch() }

    /// Its knob moves along its axis only: a drag along it stays on the slider inside a list or
    /// a swiped page; a drag across it goes to the container. A read-only one keeps none.
    public override func keepsDrag(along axis: DragAxis) -> Bool { axis == self.axis && !isReadOnly }

    public override func takeTouch(from previous: Control) -> Bool {
        guard let previous = previous as? Slider, let touch = previous.knobTouch, !isReadOnly else { return false }
        knobTouch = touch
        return true
    }
}
