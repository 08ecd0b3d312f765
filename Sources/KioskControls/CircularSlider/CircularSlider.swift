import KioskCore
import KioskUI

/// A round slider selecting an angle, after TBCircularSlider, or a value on a gauge.
///
/// The angle is a whole number of degrees 0…359, 0° at 3 o'clock, growing counter-clockwise
/// (as `360 − angleFromNorth` gives in screen coordinates). A touch anywhere in the control,
/// not only on the handle, turns the handle to the touch's direction.
///
/// **With a range** (`DialRange`, `init(id:frame:theme:range:value:)`) it is a gauge: its value
/// field is `value` (not `angle`), from the range's minimum at its start angle to its maximum
/// at its end angle, on its steps, written in `valueFormat` (no degree sign); the ring is
/// drawn along the sweep only, and the arc from the start angle to the handle. It never
/// wraps: a finger that leaves the sweep past an end (into a gauge's gap, or round a full
/// turn) holds the value at that end until it comes back within a quarter of the sweep from
/// that end, so the value never jumps from the maximum to the minimum
/// (`CircularSlider+Range.swift`).
public final class CircularSlider: Control {
    /// The selected angle in whole degrees, 0…359, 0° at 3 o'clock, counter-clockwise.
    public internal(set) var angle: Int
    /// The value text's colour; nil takes the theme's.
    public var textColor: Color? { didSet { if oldValue != textColor { invalidate() } } }
    /// The arc's gradient at the top of the ring; nil: blue (#0059FF).
    public var arcStartColor: Color? { didSet { if oldValue != arcStartColor { invalidate() } } }
    /// The arc's gradient at the bottom of the ring; nil: violet.
    public var arcEndColor: Color? { didSet { if oldValue != arcEndColor { invalidate() } } }
    /// The value text's font; nil takes the theme's.
    public var font: String? { didSet { if oldValue != font { valueTextSize = nil; invalidate() } } }
    /// The size of the widest value ("888°") in the value font, measured at the first draw:
    /// the box a changing value is repainted in.
    var valueTextSize: Size?
    /// The value's font description made from the control's size (`valueFont`), and that size.
    var generatedValueFont: (unit: Double, font: String)?
    /// The wedge `wedge(to:radius:)` made last, with what it was made from.
    var lastWedge: (degrees: Int, center: Point, radius: Double, path: Path)?
    /// The range dial's wedge `wedge(from:to:radius:)` made last, with what it was made from.
    var lastRangeWedge: (start: Double, end: Double, center: Point, radius: Double, path: Path)?
    /// The arc's gradient stops and the colours they were made for (`arcStops(_:)`).
    var madeArcStops: (start: Color, end: Color, stops: [GradientStop])?
    /// The gauge's range; nil: an angle dial (0…359°).
    public let range: DialRange?
    /// The value of a dial with a range, within it and on its steps; with none, the angle.
    public internal(set) var value: Double
    /// How a range dial writes its value (`.1 °C`); nil: as events write numbers. An angle
    /// dial always writes whole degrees with "°".
    public var valueFormat: NumberStyle? { didSet { if oldValue != valueFormat { valueTextSize = nil; invalidate() } } }
    /// A range dial's finger: the end it holds the value at, and where along the sweep the finger was last.
    var rangeTouch = RangeTouch()
    var moved = false
    var tracking = false

    /// A slider at `angle` (normalised into 0…359).
    public init(id: String, frame: Rect, theme: Theme = .standard, angle: Int = 0) {
        self.angle = Self.normalised(angle)
        range = nil
        value = Double(self.angle)
        super.init(id: id, frame: frame, theme: theme)
    }

    /// A gauge over `range` at `value` (clamped and snapped).
    public init(id: String, frame: Rect, theme: Theme = .standard, range: DialRange, value: Double) {
        self.range = range
        let v = range.snapped(value)
        self.value = v
        angle = Self.normalised(Int(range.angle(of: v).rounded(.down)))
        super.init(id: id, frame: frame, theme: theme)
    }

    /// Sets the angle; any integer is brought into 0…359 (−90 becomes 270, 360 becomes 0).
    /// A range dial turns its value instead (`setValue(_:)`): this sets the value the angle
    /// points at, as a finger would.
    public func setAngle(_ newValue: Int) {
        if let range {
            return setValue(range.minimum + Self.fraction(ofDirection: Double(newValue), in: range) * (range.maximum - range.minimum))
        }
        let a = Self.normalised(newValue)
        guard a != angle else { return }
        let old = handleAngle
        angle = a
        value = Double(a)
        invalidateChange(from: old)
    }

    /// `angle`, whole degrees 0…359; `value` with a range.
    public override var currentValue: [(name: String, value: EventScalar)]? {
        range == nil ? [("angle", .number(Double(angle)))] : [("value", .number(value))]
    }

    /// Sets `angle`: rounded down to whole degrees and brought into 0…359, as a finger would.
    /// With a range, `value`: clamped and snapped, never wrapped.
    public override func setValue(_ fields: [(name: String, value: EventScalar)],
                                  sendsEvents: Bool = true) throws(ControlValueError) {
        if range != nil { return try setRangeValue(fields, sendsEvents: sendsEvents) }
        if let error = ControlValueError.unknownFields(fields, known: ["angle"], control: id) { throw error }
        guard let field = fields.last else { return }
        let degrees = try ControlValueError.number(field, control: id)
        let old = angle
        setAngle(Int(degrees.truncatingRemainder(dividingBy: 360).rounded(.down)))
        if sendsEvents && angle != old { sendValueEvents() }
    }

    /// The glow around the arc, in design pixels. As in TBCircularSlider (`self.angle / 20`
    /// on an int) it grows in whole steps every 20°, which is also what lets most one-degree
    /// steps repaint only around the arc's end instead of the whole control.
    /// A range dial's glow grows the same way with the degrees the arc sweeps from its start.
    public var glowBlur: Double { Double(glowLevel) * unit }

    /// Every 20° of arc, one more design pixel of glow.
    var glowLevel: Int {
        guard let range else { return angle / 20 }
        return Int(min(abs(handleAngle - range.startAngle), 360)) / 20
    }

    /// The degrees of the arc from its start to the handle: the angle, or a range dial's
    /// sweep so far (never negative).
    var arcDegrees: Double {
        guard let range else { return Double(angle) }
        return abs(handleAngle - range.startAngle)
    }

    /// A change of angle repaints the whole control only when the glow changes; otherwise
    /// the end of the arc with the handle (old and new position, glow and shadow included)
    /// and the value text.
    func invalidateChange(from old: Double) {
        let start = range?.startAngle ?? 0
        let oldLevel = Int(min(abs(old - start), 360)) / 20
        guard oldLevel == glowLevel, old != start, handleAngle != start else { return invalidate() }
        let reach = lineWidth / 2 + Double(359 / 20) * unit + 4 * unit
        func end(_ degrees: Double) -> Rect {
            let a = Trig.radians(degrees)
            let p = Point(center.x + radius * Trig.cos(-a), center.y + radius * Trig.sin(-a))
            return Rect(p.x - reach, p.y - reach, 2 * reach, 2 * reach)
        }
        invalidate(end(old).union(end(handleAngle)))
        invalidate(valueTextRect)
    }

    /// Where the value is written: the widest value's box once measured (so a one-degree step
    /// repaints only that, and, while the glow is small, without touching the ring); before
    /// the first draw a box inscribed in the ring's hole.
    var valueTextRect: Rect {
        if let s = valueTextSize {
            return Rect(center.x - s.width / 2 - 2, center.y - s.height / 2 - 1, s.width + 4, s.height + 2)
        }
        let hole = radius - lineWidth / 2
        return Rect(center.x - 0.85 * hole, center.y - 0.5 * hole, 1.7 * hole, hole)
    }

    /// `degrees` brought into 0…359 (−90 becomes 270, 360 becomes 0).
    public static func normalised(_ degrees: Int) -> Int { ((degrees % 360) + 360) % 360 }

    /// The angle of `point` seen from `center`: 0° at 3 o'clock, counter-clockwise, floored
    /// to whole degrees. Nil at the centre itself, where there is no direction.
    public static func angle(from center: Point, to point: Point) -> Int? {
        // atan2 lies within ±π, so the degrees are within 0…360 and `Int(_:)` cannot trap.
        guard let degrees = direction(from: center, to: point) else { return nil }
        return normalised(Int(degrees.rounded(.down)))
    }

    /// The direction of `point` seen from `center` in degrees, 0 ≤ d < 360 (0° at 3 o'clock,
    /// counter-clockwise), not rounded. Nil within a pixel of the centre and for NaN.
    public static func direction(from center: Point, to point: Point) -> Double? {
        let dx = point.x - center.x, dy = center.y - point.y   // screen y grows downwards
        // False for NaN too.
        guard dx * dx + dy * dy >= 1 else { return nil }
        var degrees = Trig.degrees(Trig.atan2(dy, dx))
        guard degrees.isFinite else { return nil }
        if degrees < 0 { degrees += 360 }
        return degrees < 360 ? degrees : 0
    }

    // MARK: Geometry (TBCircularSlider's 320 px design scaled to the frame)

    /// The side of the square the ring fits in: the frame's shorter side.
    public var side: Double { min(frame.width, frame.height) }
    var unit: Double { side / 320 }
    /// The ring's centre: the frame's centre.
    public var center: Point { frame.center }
    /// The ring's thickness, scaled from the 320-point design.
    public var lineWidth: Double { 40 * unit }
    /// The radius of the ring's centre line.
    public var radius: Double { side / 2 - 60 * unit }

    /// The handle's angle in the dial's degrees: the angle, or where a range dial's value lies
    /// along its sweep.
    public var handleAngle: Double {
        guard let range else { return Double(angle) }
        return range.angle(of: value)
    }

    /// Where the handle's centre is for the current angle: `centre + r·(cos(−a), sin(−a))`.
    public var handleCenter: Point {
        let a = handleAngle * .pi / 180
        return Point(center.x + radius * Trig.cos(-a), center.y + radius * Trig.sin(-a))
    }

    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawSlider(canvas, in: dirty) }

    /// The value's widest text is measured again: another decimal mark may be wider.
    public override func languageDidChange() {
        valueTextSize = nil
        super.languageDidChange()
    }

    // MARK: Touch

    public override func touchBegan(at point: Point, time: Instant) -> Bool {
        tracking = true
        moved = false
        rangeTouch = RangeTouch()
        if range != nil { followOnRange(point) } else { follow(point) }
        return true
    }

    public override func touchMoved(to point: Point, time: Instant) {
        if range != nil { followOnRange(point) } else { follow(point) }
    }
    public override func touchEnded(at point: Point, time: Instant) { endTouch() }
    public override func touchCancelled(time: Instant) { endTouch() }
    /// A knob turned around a circle moves along both axes: it keeps every drag.
    public override func keepsDrag(along axis: DragAxis) -> Bool { true }
    public override func takeTouch(from previous: Control) -> Bool {
        guard let previous = previous as? CircularSlider, previous.tracking else { return false }
        tracking = true
        moved = previous.moved
        rangeTouch = previous.rangeTouch
        return true
    }

    private func follow(_ point: Point) {
        guard tracking, let a = Self.angle(from: center, to: point), a != angle else { return }
        setAngle(a)
        moved = true
        send(.valueChanged, fields: currentValue ?? [])
    }

    func endTouch() {
        if moved { send(.valueCommitted, fields: currentValue ?? []) }
        tracking = false
        moved = false
    }
}
