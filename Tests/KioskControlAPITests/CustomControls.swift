import KioskCore
import KioskGestures
import KioskAnimation
import KioskUI

// Two controls written the way an app outside the package writes them: public API only.

extension ControlEvent.Kind {
    /// A toggle switch changed state.
    static let toggled: Self = "toggled"
    /// A stepper's value is being scrubbed by a horizontal drag (once per frame at most).
    static let scrubbed = Self("scrubbed", coalesces: true)
}

/// A switch whose knob springs to its side. Tap or swipe flips it; it reports `toggled`.
final class Toggle: Control {
    private(set) var isOn = false
    /// 0 (off, knob left) … 1 (on, knob right), driven by a spring.
    let knob = SpringValue(value: 0, spring: Spring(response: .milliseconds(300), dampingRatio: 0.8))
    /// Every touch call, in order, so that tests can check what the scene delivered.
    private(set) var calls: [String] = []

    init(id: String, frame: Rect) { super.init(id: id, frame: frame, theme: .standard) }

    /// The knob's shadow reaches 3 px beyond the frame.
    override var paintMargin: Double { 3 }

    override func draw(_ canvas: Canvas, in dirty: Rect) {
        let radius = frame.height / 2
        canvas.fill(.roundedRect(frame, radius: radius), .solid(theme.track.mixed(with: theme.accent, knob.value)))
        let center = Point(frame.minX + radius + knob.value * (frame.width - 2 * radius), frame.midY)
        canvas.shadow(.circle(center: center, radius: radius - 2), offset: Point(0, 1), blur: 2, color: .black)
        canvas.fill(.circle(center: center, radius: radius - 2), .solid(theme.knob))
    }

    func setOn(_ on: Bool) {
        guard on != isOn else { return }
        isOn = on
        knob.target = on ? 1 : 0
        startAnimating()
        send(.toggled, value: ["on": .bool(on)])
    }

    override func touchBegan(at point: Point, time: Instant) -> Bool { calls.append("began"); return true }
    override func touchMoved(to point: Point, time: Instant) { if calls.last != "moved" { calls.append("moved") } }
    override func touchTapped(at point: Point, time: Instant) { calls.append("tapped"); setOn(!isOn) }
    override func touchDoubleTapped(at point: Point, time: Instant) { calls.append("doubleTapped") }
    override func touchLongPressed(at point: Point, time: Instant) { calls.append("longPressed") }
    override func touchSwiped(_ direction: SwipeDirection, velocity: Point, time: Instant) {
        calls.append("swiped \(direction)")
        if direction == .right { setOn(true) } else if direction == .left { setOn(false) }
    }
    override func touchEnded(at point: Point, time: Instant) { calls.append("ended") }
    override func touchCancelled(time: Instant) { calls.append("cancelled") }

    override func advance(by dt: Duration) -> Bool {
        knob.step(dt)
        invalidate()
        return !knob.isSettled
    }

    // The value, as WritingAControl.md's "Expose the value" writes it: `ctl get/set` and the state file.
    override var currentValue: [(name: String, value: EventScalar)]? { [("on", .bool(isOn))] }

    override func setValue(_ fields: [(name: String, value: EventScalar)], sendsEvents: Bool = true)
        throws(ControlValueError) {
        if let unknown = ControlValueError.unknownFields(fields, known: ["on"], control: id) { throw unknown }
        guard let field = fields.last else { return }
        guard let on = field.value.bool else {
            throw ControlValueError("'\(id)'.on must be a boolean (found \(field.value.kindDescription))")
        }
        guard on != isOn else { return }
        isOn = on
        knob.target = on ? 1 : 0
        startAnimating()
        if sendsEvents { send(.toggled, value: ["on": .bool(on)]) }
    }
}

/// A number with a tap to add one, a long press that keeps adding one every 100 ms until
/// the finger lifts, and a horizontal drag that scrubs (one step per 10 px).
final class Stepper: Control {
    private(set) var value = 0
    private var repeating = false
    private var sinceRepeat = Duration.zero
    private var scrubStart: (x: Double, value: Int)?
    static let repeatInterval = Duration.milliseconds(100)

    init(id: String, frame: Rect) { super.init(id: id, frame: frame, theme: .standard) }

    override func draw(_ canvas: Canvas, in dirty: Rect) {
        canvas.fill(.rect(frame), .solid(theme.buttonBackground))
        canvas.drawText("\(value)", style: TextStyle(font: theme.font, color: theme.text, alignment: .center), in: frame)
    }

    /// Adds `step` and reports it, as a finger would.
    func increment(by step: Int = 1) {
        value += step
        invalidate()
        send(.valueChanged, value: ["value": .number(Double(value))])
    }

    override func touchBegan(at point: Point, time: Instant) -> Bool {
        scrubStart = (point.x, value)
        return true
    }
    override func touchTapped(at point: Point, time: Instant) { increment() }
    override func touchLongPressed(at point: Point, time: Instant) {
        increment()
        repeating = true
        sinceRepeat = .zero
        startAnimating()
    }
    override func touchMoved(to point: Point, time: Instant) {
        guard let start = scrubStart else { return }
        let next = start.value + Int(((point.x - start.x) / 10).rounded(.towardZero))
        guard next != value else { return }
        value = next
        invalidate()
        send(.scrubbed, value: ["value": .number(Double(value))])
    }
    override func touchEnded(at point: Point, time: Instant) { finish() }
    override func touchCancelled(time: Instant) { finish() }

    private func finish() {
        if repeating { send(.valueCommitted, value: ["value": .number(Double(value))]) }
        repeating = false
        scrubStart = nil
    }

    override func advance(by dt: Duration) -> Bool {
        guard repeating else { return false }
        sinceRepeat = sinceRepeat + dt
        while sinceRepeat >= Self.repeatInterval {
            sinceRepeat = sinceRepeat - Self.repeatInterval
            increment()
        }
        return true
    }
}
