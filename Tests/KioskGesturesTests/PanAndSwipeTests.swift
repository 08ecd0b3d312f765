import KioskCore
import Testing
@testable import KioskGestures

/// The `panning` state: a finger that moved beyond the slop.
@Suite("Pans and swipes")
struct PanAndSwipeTests {
    let tracker = GestureTracker()

    @Test("moving past the slop starts a pan whose translation counts from the touch-down point")
    func panBegins() {
        _ = tracker.down(100, 100, at: 0)
        #expect(tracker.move(115, 100, at: 20) == [
            .panBegan(slot: 0, start: Point(100, 100), location: Point(115, 100), time: ms(20)),
        ])
        #expect(tracker.stateName(ofSlot: 0) == "panning")
        let changed = tracker.move(130, 90, at: 40)
        #expect(changed.kinds == ["panChanged"])
        guard case .panChanged(let slot, let location, let translation, _, let time)? = changed.first else { return }
        #expect(slot == 0)
        #expect(location == Point(130, 90))
        #expect(translation == Point(30, -10))
        #expect(time == ms(40))
    }

    @Test("a pan cancels the pending long press")
    func panCancelsLongPress() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.move(40, 0, at: 100)
        #expect(tracker.nextDeadline == nil)
        #expect(tracker.advance(toMilliseconds: 2000).isEmpty)
        #expect(tracker.stateName(ofSlot: 0) == "panning")
    }

    @Test("every move during a pan is reported, even a still one")
    func everyMoveReported() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.move(20, 0, at: 10)
        #expect(tracker.move(20, 0, at: 20).kinds == ["panChanged"])
        #expect(tracker.move(25, 0, at: 30).kinds == ["panChanged"])
    }

    @Test("panChanged reports the drag velocity")
    func panChangedVelocity() {
        _ = tracker.down(0, 0, at: 0)
        let events = tracker.drag(from: .zero, to: Point(0, 200), startMs: 0, durationMs: 200)   // 1000 px/s down
        let last = events.last
        #expect(last?.kind == "panChanged")
        #expect(isClose(last?.velocity ?? .zero, Point(0, 1000)))
        #expect(last?.translation == Point(0, 200))
    }

    @Test("a fast release ends the pan with a swipe in the dominant direction")
    func fastRelease() {
        _ = tracker.down(400, 300, at: 0)
        _ = tracker.drag(from: Point(400, 300), to: Point(200, 280), startMs: 0, durationMs: 100)   // (-2000, -200) px/s
        let events = tracker.up(at: 110)
        #expect(events.kinds == ["panEnded", "swiped", "released"])
        guard case .panEnded(_, let location, let translation, let velocity, let time) = events[0],
              case .swiped(let slot, let direction, let swipeVelocity, let swipeTime) = events[1]
        else { return }
        #expect(location == Point(200, 280))
        #expect(translation == Point(-200, -20))
        #expect(isClose(velocity, Point(-2000, -200), within: 1e-3))
        #expect(time == ms(110))
        #expect(slot == 0)
        #expect(direction == .left)
        #expect(swipeVelocity == velocity)
        #expect(swipeTime == ms(110))
        #expect(events[2] == .released(slot: 0, location: Point(200, 280), time: ms(110)))
    }

    @Test("a swipe goes up, down, left or right, whichever axis the release velocity favours",
          arguments: zip([Point(0, -300), Point(0, 300), Point(-300, 0), Point(300, 0), Point(200, -250)],
                         [SwipeDirection.up, .down, .left, .right, .up]))
    func swipeDirections(displacement: Point, expected: SwipeDirection) {
        let start = Point(500, 500)
        _ = tracker.down(start.x, start.y, at: 0)
        _ = tracker.drag(from: start, to: start + displacement, startMs: 0, durationMs: 150)
        let events = tracker.up(at: 160)
        guard case .swiped(_, let direction, _, _)? = events.first("swiped") else {
            Issue.record("no swipe in \(events.kinds)")
            return
        }
        #expect(direction == expected)
    }

    @Test("a slow release ends the pan without a swipe")
    func slowRelease() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.drag(from: .zero, to: Point(100, 0), startMs: 0, durationMs: 500)   // 200 px/s
        let events = tracker.up(at: 510)
        #expect(events.kinds == ["panEnded", "released"])
        #expect(isClose(events[0].velocity ?? .zero, Point(200, 0), within: 1e-3))
    }

    @Test("a release at exactly the fling velocity is a swipe")
    func flingThreshold() {
        let tracker = GestureTracker(configuration: GestureConfiguration(flingVelocity: 500))
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.drag(from: .zero, to: Point(0, 50), startMs: 0, durationMs: 100)   // 500 px/s
        // The fit is exact up to rounding; nudge the threshold by that rounding, no more.
        let speed = tracker.up(at: 100).first("panEnded")?.velocity?.length ?? 0
        #expect(abs(speed - 500) < 1e-6)

        let atThreshold = GestureTracker(configuration: GestureConfiguration(flingVelocity: speed))
        _ = atThreshold.down(0, 0, at: 0)
        _ = atThreshold.drag(from: .zero, to: Point(0, 50), startMs: 0, durationMs: 100)
        #expect(atThreshold.up(at: 100).kinds == ["panEnded", "swiped", "released"])
    }

    @Test("a finger that stopped before lifting ends the pan with zero velocity and no swipe")
    func stoppedBeforeRelease() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.drag(from: .zero, to: Point(300, 0), startMs: 0, durationMs: 100)   // 3000 px/s
        let events = tracker.up(at: 250)   // still for 150 ms, longer than the 100 ms window
        #expect(events.kinds == ["panEnded", "released"])
        #expect(events[0].velocity == .zero)
    }

    @Test("a quick flick from touch-down counts the touch-down point in its velocity")
    func quickFlick() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.move(0, 40, at: 16).kinds == ["panBegan"])
        let events = tracker.up(at: 24)
        #expect(events.kinds == ["panEnded", "swiped", "released"])
        #expect(isClose(events[0].velocity ?? .zero, Point(0, 2500), within: 1e-6))
    }

    @Test("touch-up uses the last known position")
    func upUsesLastPosition() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.move(50, 60, at: 300)
        let events = tracker.up(at: 700, reported: Point(999, 999))
        #expect(events == [
            .panEnded(slot: 0, location: Point(50, 60), translation: Point(50, 60), velocity: .zero, time: ms(700)),
            .released(slot: 0, location: Point(50, 60), time: ms(700)),
        ])
    }

    @Test("cancel ends a pan without panEnded")
    func cancelPan() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.drag(from: .zero, to: Point(300, 0), startMs: 0, durationMs: 100)
        #expect(tracker.cancel(at: 110) == [.cancelled(slot: 0, time: ms(110))])
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test("a pan that comes back to its start still ends as a pan, not a tap")
    func panBackToStart() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.move(30, 0, at: 50)
        _ = tracker.move(0, 0, at: 300)
        let events = tracker.up(at: 450)
        #expect(events.kinds == ["panEnded", "released"])
        #expect(events[0].translation == .zero)
    }
}
