import KioskControls
import KioskCore
import KioskGestures
import KioskAnimation
import KioskUI

// A control written the way an app outside the package writes one: public API only (the
// lamp, the other one, is KioskTestSupport's `Lamp`).

extension ControlEvent.Kind {
    /// A stepper's value is being scrubbed by a horizontal drag (once per frame at most).
    static let scrubbed = Self("scrubbed", coalesces: true)
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
