import SwiftKiosk

/// A number between two limits with a − and a + button: a tap steps once, a long press keeps
/// stepping every `repeatInterval` until the finger lifts, and a swipe across the control jumps
/// ten steps (right: up, left: down).
///
/// It reports `valueChanged` on every step (coalesced to one per frame), `valueCommitted` when
/// the finger that changed it lifts, and `limitReached` (a kind of its own) when a step lands on
/// the minimum or the maximum. Setting `value` from code reports nothing, as with UIKit's
/// controls: events say what a person did.
///
/// It repaints only what changed: the digits when the value changes or they slide, a button
/// when it is pressed, released or reaches a limit.
public final class Stepper: Control {
    /// The number shown; set values are clamped to `minimum...maximum` and the digits slide
    /// in the direction of the change.
    public var value: Int {
        didSet {
            value = min(max(value, minimum), maximum)
            guard value != oldValue else { return }
            // Off screen there is nothing to animate: the digits wait at home.
            digitsOffset.value = host == nil ? 0 : value > oldValue ? Self.slide : -Self.slide
            digitsOffset.target = 0
            invalidate(digitsRect)
            if (oldValue == minimum) != (value == minimum) { invalidate(rect(of: .decrement)) }
            if (oldValue == maximum) != (value == maximum) { invalidate(rect(of: .increment)) }
            startAnimating()
        }
    }
    /// The smallest value; the − button is dimmed there.
    public let minimum: Int
    /// The largest value; the + button is dimmed there.
    public let maximum: Int
    /// How much one tap or one repeat adds or takes away.
    public let step: Int
    /// The time between repeats while a button is held (after the long press began them).
    public var repeatInterval: Duration
    /// The digits' font; nil: the theme's.
    public var font: String? { didSet { if oldValue != font { invalidate(digitsRect) } } }

    /// The parts a finger can press.
    enum Part { case decrement, increment, digits }

    /// The part under the finger that is down, if any (it shows pressed while on a button).
    private(set) var pressed: Part?
    /// The value when the finger went down: lifting it commits only a change.
    private var valueAtTouchDown: Int?
    /// While a button is held past the long press: the direction of the repeats, and the time
    /// since the last one (`advance(by:)` adds the fixed steps up; no clock is read).
    private var repeating: (direction: Int, sinceLast: Duration)?

    /// The digits' vertical offset in pixels: they enter from below (or above) and spring home.
    let digitsOffset = SpringValue(value: 0, spring: Spring(response: .milliseconds(250), dampingRatio: 0.7),
                                   tolerance: 0.25)
    /// How far the digits start from home when the value changes.
    static let slide = 14.0
    /// The pressed colour of the button last released, fading back to the normal one.
    let releaseFade = Animator(duration: .milliseconds(150), easing: .easeOut)
    /// The button `releaseFade` is fading.
    private(set) var fading: Part?

    /// A stepper at `frame` showing `value` (clamped to `minimum...maximum`, which must not be
    /// empty); `step` must be at least 1.
    public init(id: String, frame: Rect, theme: Theme = .standard, value: Int = 0, minimum: Int = 0, maximum: Int = 99,
                step: Int = 1, repeatInterval: Duration = .milliseconds(100), font: String? = nil) {
        precondition(minimum <= maximum, "a stepper needs minimum <= maximum")
        precondition(step >= 1, "a stepper needs a step of at least 1")
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.value = min(max(value, minimum), maximum)
        self.repeatInterval = repeatInterval
        self.font = font
        super.init(id: id, frame: frame, theme: theme)
    }

    // MARK: Value

    /// The value for the world: `kiosk ctl get guests`, `kiosk ctl set guests value=4`, the
    /// state file, MQTT's `P/state/guests` and a label's `{guests.value}` all see `{"value": 4}`.
    public override var currentValue: [(name: String, value: EventScalar)]? { [("value", .number(Double(value)))] }

    /// Takes a whole number, clamped to `minimum...maximum` as the buttons would, and reports
    /// the change as a tap would (`valueChanged`, then `valueCommitted`).
    public override func setValue(_ fields: [(name: String, value: EventScalar)], sendsEvents: Bool = true)
        throws(ControlValueError) {
        if let unknown = ControlValueError.unknownFields(fields, known: ["value"], control: id) { throw unknown }
        guard let field = fields.last else { return }
        let number = try ControlValueError.number(field, control: id)
        guard number == number.rounded(), abs(number) <= 1e9 else {
            throw ControlValueError("'\(id)'.value must be a whole number (found \(number))")
        }
        let before = value
        value = Int(number)
        if sendsEvents && value != before { sendValueEvents() }
    }

    // MARK: Touch

    override public func touchBegan(at point: Point, time: Instant) -> Bool {
        press(part(at: point))
        valueAtTouchDown = value
        return true
    }

    override public func touchTapped(at point: Point, time: Instant) {
        if let direction = pressed.flatMap(Self.direction) { stepOnce(direction) }
    }

    override public func touchLongPressed(at point: Point, time: Instant) {
        guard let direction = pressed.flatMap(Self.direction) else { return }
        // The first step comes with the long press itself, the next ones every repeatInterval.
        stepOnce(direction)
        repeating = (direction, .zero)
        startAnimating()
    }

    override public func touchMoved(to point: Point, time: Instant) {
        // Past the touch slop it is a pan or a swipe, no longer a press of a button.
        press(nil)
    }

    override public func touchSwiped(_ direction: SwipeDirection, velocity: Point, time: Instant) {
        switch direction {
        case .right: stepOnce(10)
        case .left: stepOnce(-10)
        default: break
        }
    }

    override public func touchEnded(at point: Point, time: Instant) { finishTouch() }
    override public func touchCancelled(time: Instant) { finishTouch() }

    /// Stops repeating, lets the pressed button fade back and commits what the finger changed.
    private func finishTouch() {
        repeating = nil
        press(nil)
        if let start = valueAtTouchDown, start != value { send(.valueCommitted, value: ["value": .number(Double(value))]) }
        valueAtTouchDown = nil
    }

    /// Shows `part` as pressed (nil: none), fading out the button that was.
    private func press(_ part: Part?) {
        guard part != pressed else { return }
        if let old = pressed, old != .digits {
            fading = old
            releaseFade.fractionComplete = 0
            releaseFade.start()
            startAnimating()
            invalidate(rect(of: old))
        }
        pressed = part
        if let part, part != .digits { invalidate(rect(of: part)) }
    }

    /// +1 for the + button, −1 for the − button, nil for the digits.
    private static func direction(of part: Part) -> Int? {
        switch part {
        case .decrement: -1
        case .increment: 1
        case .digits: nil
        }
    }

    /// Moves `steps` steps (negative: down) as a finger does, reporting the change; returns
    /// false when the value was already at the limit in that direction.
    @discardableResult
    private func stepOnce(_ steps: Int) -> Bool {
        let before = value
        value = before + steps * step
        guard value != before else { return false }
        send(.valueChanged, value: ["value": .number(Double(value))])
        if value == maximum || value == minimum {
            send(.limitReached, value: ["limit": value == maximum ? "maximum" : "minimum", "value": .number(Double(value))])
        }
        return true
    }

    // MARK: Drawing (the layout and the parts are in Stepper+Drawing.swift)

    override public func draw(_ canvas: Canvas, in dirty: Rect) {
        for part in [Part.decrement, .increment] where rect(of: part).intersects(dirty) {
            drawButton(part, on: canvas)
        }
        if digitsRect.intersects(dirty) { drawDigits(on: canvas) }
    }

    // MARK: Animation

    override public func advance(by dt: Duration) -> Bool {
        if var held = repeating {
            held.sinceLast += dt
            repeating = held
            // The fixed step (1/120 s) is rounded to whole nanoseconds, so twelve of them come
            // 4 ns short of 100 ms: a repeat is due within half a step of its time, or every
            // repeat would slip one whole step late.
            while held.sinceLast + dt / 2 >= repeatInterval {
                held.sinceLast -= repeatInterval
                repeating = held
                // At a limit there is nothing left to repeat until the finger lifts.
                guard stepOnce(held.direction) else { repeating = nil; break }
            }
        }
        if !digitsOffset.isSettled {
            digitsOffset.step(dt)
            invalidate(digitsRect)
        }
        if releaseFade.state == .running, let fading {
            releaseFade.step(dt)
            invalidate(rect(of: fading))
        }
        return repeating != nil || !digitsOffset.isSettled || releaseFade.state == .running
    }
}
