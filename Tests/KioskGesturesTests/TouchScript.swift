import KioskCore
import Testing
@testable import KioskGestures

// A tiny touch-script vocabulary so each test reads like what a finger does, with times in
// milliseconds (as in the headless touch scripts).

extension GestureTracker {
    func down(_ x: Double, _ y: Double, at ms: Double, slot: Int = 0) -> [GestureEvent] {
        handle(TouchEvent(slot: slot, phase: .down, position: Point(x, y), time: .milliseconds(ms)))
    }

    func move(_ x: Double, _ y: Double, at ms: Double, slot: Int = 0) -> [GestureEvent] {
        handle(TouchEvent(slot: slot, phase: .move, position: Point(x, y), time: .milliseconds(ms)))
    }

    /// A touch-up. `reported` is whatever position the event happens to carry; libinput's
    /// touch-up has none, so backends may fill in anything.
    func up(at ms: Double, slot: Int = 0, reported: Point = Point(-1, -1)) -> [GestureEvent] {
        handle(TouchEvent(slot: slot, phase: .up, position: reported, time: .milliseconds(ms)))
    }

    func cancel(at ms: Double, slot: Int = 0) -> [GestureEvent] {
        handle(TouchEvent(slot: slot, phase: .cancel, position: Point(-1, -1), time: .milliseconds(ms)))
    }

    func advance(toMilliseconds ms: Double) -> [GestureEvent] { advance(to: .milliseconds(ms)) }

    /// Moves in a straight line from `from` to `to`, one move every `stepMs` (the first at
    /// `startMs + stepMs`), like a touchscreen reporting at a fixed rate.
    func drag(from: Point, to: Point, startMs: Double, durationMs: Double, stepMs: Double = 10,
              slot: Int = 0) -> [GestureEvent] {
        let steps = Int((durationMs / stepMs).rounded())
        var events: [GestureEvent] = []
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            let p = from + (to - from) * f
            events += move(p.x, p.y, at: startMs + Double(i) * stepMs, slot: slot)
        }
        return events
    }
}

extension GestureEvent {
    /// The case name, to check the order of events without spelling out every payload.
    var kind: String {
        switch self {
        case .pressed: "pressed"
        case .tapped: "tapped"
        case .doubleTapped: "doubleTapped"
        case .longPressed: "longPressed"
        case .panBegan: "panBegan"
        case .panChanged: "panChanged"
        case .panEnded: "panEnded"
        case .swiped: "swiped"
        case .released: "released"
        case .cancelled: "cancelled"
        }
    }

    var velocity: Point? {
        switch self {
        case .panChanged(_, _, _, let v, _), .panEnded(_, _, _, let v, _), .swiped(_, _, let v, _): v
        default: nil
        }
    }

    var translation: Point? {
        switch self {
        case .panChanged(_, _, let t, _, _), .panEnded(_, _, let t, _, _): t
        default: nil
        }
    }
}

extension [GestureEvent] {
    var kinds: [String] { map(\.kind) }
    func first(_ kind: String) -> GestureEvent? { first { $0.kind == kind } }
}
