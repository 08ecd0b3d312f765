import KioskCore
import Testing
@testable import KioskGestures

/// The `possible` and `longPressed` states: a finger that stays within the slop.
@Suite("Taps and long presses")
struct TapAndLongPressTests {
    let tracker = GestureTracker()

    @Test("every touch-down is reported at once as pressed")
    func pressedImmediately() {
        #expect(tracker.down(10, 20, at: 5) == [.pressed(slot: 0, location: Point(10, 20), time: ms(5))])
        #expect(tracker.activeSlots == [0])
        #expect(tracker.stateName(ofSlot: 0) == "possible")
    }

    @Test("a short touch without movement is a tap")
    func tap() {
        _ = tracker.down(10, 20, at: 0)
        #expect(tracker.up(at: 80) == [
            .tapped(slot: 0, location: Point(10, 20), time: ms(80)),
            .released(slot: 0, location: Point(10, 20), time: ms(80)),
        ])
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test("moving within the slop still ends as a tap, where the finger lifted")
    func tapAfterSmallMove() {
        _ = tracker.down(100, 100, at: 0)
        #expect(tracker.move(104, 97, at: 16).isEmpty)
        #expect(tracker.up(at: 32) == [
            .tapped(slot: 0, location: Point(104, 97), time: ms(32)),
            .released(slot: 0, location: Point(104, 97), time: ms(32)),
        ])
    }

    @Test("a move of exactly the slop distance does not start a pan")
    func slopBoundary() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.move(6, 8, at: 16).isEmpty)   // distance 10 == slop
        #expect(tracker.stateName(ofSlot: 0) == "possible")
        #expect(tracker.move(6, 8.01, at: 32).kinds == ["panBegan"])
    }

    @Test("the slop is measured from the touch-down point, not from the last move")
    func slopFromDownPoint() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.move(-9, 0, at: 16).isEmpty)
        #expect(tracker.move(0, 0, at: 32).isEmpty)
        #expect(tracker.move(9, 0, at: 48).isEmpty)   // 18 px travelled, but 9 px from the start
    }

    @Test("cancelling a touch within the slop reports only cancelled")
    func cancelPossible() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.cancel(at: 50) == [.cancelled(slot: 0, time: ms(50))])
        #expect(tracker.activeSlots.isEmpty)
        #expect(tracker.nextDeadline == nil)
    }

    @Test("holding still for the long-press time fires a long press from advance(to:)")
    func longPressFromAdvance() {
        _ = tracker.down(30, 40, at: 100)
        #expect(tracker.nextDeadline == ms(600))
        #expect(tracker.advance(to: ms(600) - .nanoseconds(1)).isEmpty)
        #expect(tracker.advance(toMilliseconds: 600) == [.longPressed(slot: 0, location: Point(30, 40), time: ms(600))])
        #expect(tracker.stateName(ofSlot: 0) == "longPressed")
        #expect(tracker.nextDeadline == nil)
    }

    @Test("a late advance(to:) reports the long press at its deadline, not at the advance")
    func lateAdvance() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.advance(toMilliseconds: 750) == [.longPressed(slot: 0, location: .zero, time: ms(500))])
    }

    @Test("the next event fires a due long press first, with the same result as advance(to:)")
    func longPressFromNextEvent() {
        let withAdvance = GestureTracker()
        let expected = withAdvance.down(0, 0, at: 0) + withAdvance.advance(toMilliseconds: 500)
            + withAdvance.move(3, 0, at: 700) + withAdvance.up(at: 800)
        let withoutAdvance = tracker.down(0, 0, at: 0) + tracker.move(3, 0, at: 700) + tracker.up(at: 800)
        #expect(withoutAdvance == expected)
        #expect(withoutAdvance.kinds == ["pressed", "longPressed", "released"])
    }

    @Test("moving within the slop does not restart the long-press timer")
    func smallMovesKeepDeadline() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.move(5, 5, at: 400)
        #expect(tracker.nextDeadline == ms(500))
        #expect(tracker.advance(toMilliseconds: 500) == [.longPressed(slot: 0, location: Point(5, 5), time: ms(500))])
    }

    @Test("a long press is not also a tap")
    func longPressIsNotTap() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.advance(toMilliseconds: 500)
        #expect(tracker.up(at: 900) == [.released(slot: 0, location: .zero, time: ms(900))])
    }

    @Test("lifting exactly at the long-press deadline is a long press, not a tap")
    func upAtDeadline() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.up(at: 500) == [
            .longPressed(slot: 0, location: .zero, time: ms(500)),
            .released(slot: 0, location: .zero, time: ms(500)),
        ])
    }

    @Test("lifting just before the long-press deadline is a tap")
    func upJustBeforeDeadline() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.up(at: 499.999).kinds == ["tapped", "released"])
    }

    @Test("a long press fires only once")
    func longPressOnce() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.advance(toMilliseconds: 500).count == 1)
        #expect(tracker.advance(toMilliseconds: 1000).isEmpty)
        #expect(tracker.advance(toMilliseconds: 5000).isEmpty)
    }

    @Test("moving beyond the slop after a long press starts a pan from the touch-down point")
    func moveAfterLongPress() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.advance(toMilliseconds: 500)
        #expect(tracker.move(8, 0, at: 550).isEmpty)   // within the slop: still a long press
        #expect(tracker.stateName(ofSlot: 0) == "longPressed")
        #expect(tracker.move(80, 0, at: 600) == [.panBegan(slot: 0, start: .zero, location: Point(80, 0), time: ms(600))])
        #expect(tracker.stateName(ofSlot: 0) == "panning")
        #expect(tracker.move(160, 0, at: 700).kinds == ["panChanged"])
        #expect(tracker.up(at: 800).kinds == ["panEnded", "released"])
    }

    @Test("a move beyond the slop at exactly the deadline reports the long press, then the pan")
    func moveAtDeadline() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.move(50, 0, at: 500) == [.longPressed(slot: 0, location: .zero, time: ms(500)),
                                                  .panBegan(slot: 0, start: .zero, location: Point(50, 0), time: ms(500))])
        #expect(tracker.stateName(ofSlot: 0) == "panning")
    }

    @Test("cancelling a long press reports cancelled and no release")
    func cancelLongPress() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.advance(toMilliseconds: 500)
        #expect(tracker.cancel(at: 700) == [.cancelled(slot: 0, time: ms(700))])
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test("a cancel after the deadline still reports the long press that happened first")
    func cancelAfterDeadline() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.cancel(at: 600).kinds == ["longPressed", "cancelled"])
    }
}
