import SwiftKiosk

/// Scripted touches for a headless kiosk, written as gestures rather than raw events:
///
/// ```swift
/// var touches = TouchSequence()
/// touches.tap(at: Point(400, 240))
/// touches.drag(from: Point(136, 220), to: Point(250, 220))
/// touches.longPress(at: Point(60, 60), for: .seconds(2))
/// try kiosk.run(touches)
/// ```
///
/// Positions are panel pixels, as a touchscreen reports them (before rotation and
/// calibration: the same coordinates as a `kiosk run --input` script). Gestures follow one
/// another: each starts `pause` after the previous one ended, the first at `start`. Every
/// gesture uses one finger (`finger` is its slot); ``together(_:)`` plays several at once.
public struct TouchSequence: Sendable {
    /// The raw events, sorted by time: what the headless display plays.
    public private(set) var events: [TouchEvent] = []
    /// When the next gesture starts.
    public private(set) var time: Instant
    /// The time between the end of one gesture and the start of the next.
    public var pause: Duration

    /// An empty sequence whose first gesture starts at `start` (after the first frame is up).
    public init(start: Instant = .milliseconds(100), pause: Duration = .milliseconds(100)) {
        time = start
        self.pause = pause
    }

    /// Waits `duration` more before the next gesture (e.g. for an animation to finish).
    public mutating func wait(_ duration: Duration) { time += duration }

    /// A finger down and up at `point`, `duration` apart: a tap, well short of a long press.
    public mutating func tap(at point: Point, duration: Duration = .milliseconds(50), finger: Int = 0) {
        append([(.zero, .down, point), (duration, .up, point)], finger: finger)
    }

    /// A finger held still at `point` for `duration` (the gesture tracker's long press is 0.5 s).
    public mutating func longPress(at point: Point, for duration: Duration = .seconds(1), finger: Int = 0) {
        append([(.zero, .down, point), (duration, .up, point)], finger: finger)
    }

    /// A finger down at `start`, moved in `steps` equal steps to `end` over `duration`, lifted
    /// there. A short `duration` makes it a swipe (see ``swipe(from:to:finger:)``).
    public mutating func drag(from start: Point, to end: Point, duration: Duration = .milliseconds(300), steps: Int = 10,
                              finger: Int = 0) {
        let steps = max(steps, 1)
        var script: [(Duration, TouchPhase, Point)] = [(.zero, .down, start)]
        for step in 1...steps {
            let f = Double(step) / Double(steps)
            let p = Point(start.x + (end.x - start.x) * f, start.y + (end.y - start.y) * f)
            script.append((duration * f, .move, p))
        }
        script.append((duration, .up, end))
        append(script, finger: finger)
    }

    /// A quick flick from `start` to `end` (80 ms), fast enough to count as a swipe.
    public mutating func swipe(from start: Point, to end: Point, finger: Int = 0) {
        drag(from: start, to: end, duration: .milliseconds(80), steps: 4, finger: finger)
    }

    /// Plays the gestures of several sequences at the same time (one per finger: give each its
    /// own `finger`), starting now; the next gesture starts after the longest of them.
    public mutating func together(_ sequences: [TouchSequence]) {
        var end = time
        for sequence in sequences {
            guard let first = sequence.events.first?.time else { continue }
            let shift = time - first
            for event in sequence.events {
                var moved = event
                moved.time = event.time + shift
                events.append(moved)
                end = max(end, moved.time)
            }
        }
        events.sort { $0.time < $1.time }
        time = end + pause
    }

    /// Appends one finger's events at offsets from now, then moves `time` past them.
    private mutating func append(_ script: [(offset: Duration, phase: TouchPhase, point: Point)], finger: Int) {
        var last = time
        for step in script {
            last = time + step.offset
            events.append(TouchEvent(slot: finger, phase: step.phase, position: step.point, time: last))
        }
        time = last + pause
    }
}
