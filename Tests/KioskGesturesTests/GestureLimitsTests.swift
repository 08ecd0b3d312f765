import KioskCore
import Testing
@testable import KioskGestures

/// Absurd positions and times reach the gesture layer when a calibration maps a touch far
/// off the screen or a backend misbehaves; what comes out is always finite and bounded.
@Suite("Gesture limits")
struct GestureLimitsTests {
    static let extremes: [Double] = [-1e308, 1e308, -.infinity, .infinity, .nan]

    func isSane(_ p: Point, limit: Double) -> Bool {
        p.x.isFinite && p.y.isFinite && abs(p.x) <= limit && abs(p.y) <= limit
    }

    func positions(_ events: [GestureEvent]) -> [Point] {
        events.flatMap { e -> [Point] in
            switch e {
            case let .pressed(_, l, _), let .tapped(_, l, _), let .doubleTapped(_, l, _), let .longPressed(_, l, _),
                 let .released(_, l, _): [l]
            case let .panBegan(_, s, l, _): [s, l]
            case let .panChanged(_, l, tr, _, _), let .panEnded(_, l, tr, _, _): [l, tr * 0.5]
            case .swiped, .cancelled: []
            }
        }
    }

    func velocities(_ events: [GestureEvent]) -> [Point] {
        events.compactMap { e -> Point? in
            switch e {
            case let .panChanged(_, _, _, v, _), let .panEnded(_, _, _, v, _), let .swiped(_, _, v, _): v
            default: nil
            }
        }
    }

    @Test("positions beyond a million pixels, infinite or NaN, are clamped on the way in", arguments: extremes)
    func positionsClamped(x: Double) {
        let tracker = GestureTracker()
        var events = tracker.handle(TouchEvent(slot: 0, phase: .down, position: Point(x, 10), time: ms(0)))
        events += tracker.handle(TouchEvent(slot: 0, phase: .move, position: Point(10, x), time: ms(16)))
        events += tracker.handle(TouchEvent(slot: 0, phase: .move, position: Point(-x, x), time: ms(32)))
        events += tracker.handle(TouchEvent(slot: 0, phase: .up, position: Point(x, x), time: ms(48)))
        #expect(positions(events).allSatisfy { isSane($0, limit: GestureTracker.coordinateLimit) })
        #expect(velocities(events).allSatisfy { isSane($0, limit: VelocityEstimator.maximumSpeed) })
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test("the velocity of a jump across the limit in a nanosecond is capped, in the jump's direction")
    func velocityCapped() {
        var estimator = VelocityEstimator(window: .milliseconds(100))
        estimator.add(Point(0, 0), at: ms(10))
        estimator.add(Point(3e5, 4e5), at: ms(10.000001))
        let v = estimator.velocity(at: ms(10.000001))
        #expect(abs(v.length - VelocityEstimator.maximumSpeed) < 1e-6)
        #expect(abs(v.x / v.y - 0.75) < 1e-9)
    }

    @Test("samples that overflow the fit give zero velocity, never NaN or infinity", arguments: extremes)
    func velocityOverflow(x: Double) {
        var estimator = VelocityEstimator(window: .milliseconds(100))
        estimator.add(Point(x, -x), at: ms(0))
        estimator.add(Point(-x, x), at: ms(8))
        estimator.add(Point(x, x), at: ms(16))
        let v = estimator.velocity(at: ms(16))
        #expect(isSane(v, limit: VelocityEstimator.maximumSpeed))
    }

    @Test("touches at the ends of time neither trap nor leave a long press pending")
    func endsOfTime() {
        let tracker = GestureTracker()
        let late = Instant(nanoseconds: .max)
        _ = tracker.handle(TouchEvent(slot: 0, phase: .down, position: Point(10, 10), time: late))
        #expect(tracker.nextDeadline == late)
        let fired = tracker.advance(to: late)
        #expect(fired.map(\.kind) == ["longPressed"])
        #expect(tracker.nextDeadline == nil)
        _ = tracker.handle(TouchEvent(slot: 0, phase: .up, position: .zero, time: late))
        let early = Instant(nanoseconds: .min)
        _ = tracker.handle(TouchEvent(slot: 1, phase: .down, position: Point(10, 10), time: early))
        _ = tracker.handle(TouchEvent(slot: 1, phase: .move, position: Point(90, 10), time: early))
        #expect(tracker.handle(TouchEvent(slot: 1, phase: .up, position: .zero, time: late)).map(\.kind)
                == ["panEnded", "released"])
    }
}
