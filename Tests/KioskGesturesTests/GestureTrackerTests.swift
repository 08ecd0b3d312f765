import KioskCore
import Testing
@testable import KioskGestures

/// Slots together, deadlines, cancelAll and inputs a real device should not send but might.
@Suite("Gesture tracker")
struct GestureTrackerTests {
    let tracker = GestureTracker()

    @Test("two fingers are tracked independently")
    func twoFingers() {
        _ = tracker.down(100, 100, at: 0, slot: 0)
        _ = tracker.down(500, 500, at: 10, slot: 1)
        #expect(tracker.activeSlots == [0, 1])
        let pan = tracker.move(150, 100, at: 20, slot: 0)
        #expect(pan == [.panBegan(slot: 0, start: Point(100, 100), location: Point(150, 100), time: ms(20))])
        #expect(tracker.stateName(ofSlot: 1) == "possible")
        // Finger 1 taps while finger 0 keeps panning.
        #expect(tracker.up(at: 60, slot: 1) == [
            .tapped(slot: 1, location: Point(500, 500), time: ms(60)),
            .released(slot: 1, location: Point(500, 500), time: ms(60)),
        ])
        #expect(tracker.move(170, 100, at: 70, slot: 0).first?.translation == Point(70, 0))
        #expect(tracker.activeSlots == [0])
        #expect(tracker.up(at: 400, slot: 0).kinds == ["panEnded", "released"])
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test("each finger keeps its own long-press timer")
    func separateTimers() {
        _ = tracker.down(0, 0, at: 0, slot: 0)
        _ = tracker.down(50, 50, at: 200, slot: 1)
        #expect(tracker.nextDeadline == ms(500))
        #expect(tracker.advance(toMilliseconds: 500) == [.longPressed(slot: 0, location: .zero, time: ms(500))])
        #expect(tracker.nextDeadline == ms(700))
        #expect(tracker.advance(toMilliseconds: 700) == [.longPressed(slot: 1, location: Point(50, 50), time: ms(700))])
        #expect(tracker.nextDeadline == nil)
    }

    @Test("nextDeadline is nil when no finger is down")
    func noDeadlineWhenIdle() {
        #expect(tracker.nextDeadline == nil)
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.up(at: 50)
        #expect(tracker.nextDeadline == nil)
        #expect(tracker.advance(toMilliseconds: 10_000).isEmpty)
    }

    @Test("nextDeadline is the earliest long press still to come")
    func earliestDeadline() {
        _ = tracker.down(0, 0, at: 300, slot: 2)
        _ = tracker.down(0, 0, at: 100, slot: 5)
        _ = tracker.down(0, 0, at: 200, slot: 1)
        #expect(tracker.nextDeadline == ms(600))
        _ = tracker.move(40, 0, at: 250, slot: 5)   // slot 5 pans: its deadline goes away
        #expect(tracker.nextDeadline == ms(700))
    }

    @Test("an event fires the due long presses of every finger first, earliest first")
    func dueLongPressesInTimeOrder() {
        _ = tracker.down(0, 0, at: 100, slot: 0)
        _ = tracker.down(9, 9, at: 0, slot: 1)
        let events = tracker.down(70, 70, at: 800, slot: 2)
        #expect(events == [
            .longPressed(slot: 1, location: Point(9, 9), time: ms(500)),
            .longPressed(slot: 0, location: .zero, time: ms(600)),
            .pressed(slot: 2, location: Point(70, 70), time: ms(800)),
        ])
    }

    @Test("long presses due at the same instant fire in slot order")
    func simultaneousLongPresses() {
        _ = tracker.down(0, 0, at: 0, slot: 3)
        _ = tracker.down(0, 0, at: 0, slot: 1)
        _ = tracker.down(0, 0, at: 0, slot: 2)
        #expect(tracker.advance(toMilliseconds: 500).map(\.slot) == [1, 2, 3])
    }

    @Test("activeSlots lists the fingers that are down, sorted")
    func activeSlotsSorted() {
        _ = tracker.down(0, 0, at: 0, slot: 7)
        _ = tracker.down(0, 0, at: 0, slot: 2)
        _ = tracker.down(0, 0, at: 0, slot: 4)
        #expect(tracker.activeSlots == [2, 4, 7])
        _ = tracker.cancel(at: 10, slot: 4)
        #expect(tracker.activeSlots == [2, 7])
        #expect(tracker.stateName(ofSlot: 4) == nil)
    }

    @Test("a stray move for an unknown slot is ignored")
    func strayMove() {
        #expect(tracker.move(10, 10, at: 0, slot: 3).isEmpty)
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test("a stray up or cancel for an unknown slot is ignored")
    func strayUpAndCancel() {
        _ = tracker.down(0, 0, at: 0, slot: 0)
        #expect(tracker.up(at: 10, slot: 1).isEmpty)
        #expect(tracker.cancel(at: 20, slot: 1).isEmpty)
        #expect(tracker.activeSlots == [0])
        #expect(tracker.stateName(ofSlot: 0) == "possible")
    }

    @Test("a stray event still fires the long presses that were due before it")
    func strayEventFiresDueLongPress() {
        _ = tracker.down(0, 0, at: 0, slot: 0)
        #expect(tracker.move(10, 10, at: 600, slot: 9).kinds == ["longPressed"])
    }

    @Test("a second up for the same touch is ignored")
    func doubleUp() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.up(at: 50)
        #expect(tracker.up(at: 60).isEmpty)
        #expect(tracker.move(40, 0, at: 70).isEmpty)
    }

    @Test("a slot reused after its touch ended starts a fresh touch")
    func slotReuse() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.move(50, 0, at: 20)
        _ = tracker.up(at: 40)
        _ = tracker.down(200, 200, at: 100)
        #expect(tracker.nextDeadline == ms(600))
        #expect(tracker.up(at: 150) == [
            .tapped(slot: 0, location: Point(200, 200), time: ms(150)),
            .released(slot: 0, location: Point(200, 200), time: ms(150)),
        ])
    }

    @Test("a down for a slot that is already down cancels the old touch and starts a new one")
    func duplicateDown() {
        _ = tracker.down(0, 0, at: 0)
        _ = tracker.move(50, 0, at: 20)
        #expect(tracker.down(300, 300, at: 100) == [
            .cancelled(slot: 0, time: ms(100)),
            .pressed(slot: 0, location: Point(300, 300), time: ms(100)),
        ])
        #expect(tracker.stateName(ofSlot: 0) == "possible")
        #expect(tracker.nextDeadline == ms(600))
        // The new touch pans from its own start, not from the lost one.
        #expect(tracker.move(320, 300, at: 120) == [
            .panBegan(slot: 0, start: Point(300, 300), location: Point(320, 300), time: ms(120)),
        ])
    }

    @Test("a duplicate down after a long press cancels the long press")
    func duplicateDownAfterLongPress() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.down(5, 5, at: 700).kinds == ["longPressed", "cancelled", "pressed"])
    }

    @Test("cancelAll cancels every finger in slot order and leaves nothing down")
    func cancelAll() {
        _ = tracker.down(0, 0, at: 0, slot: 4)
        _ = tracker.down(0, 0, at: 0, slot: 1)
        _ = tracker.move(80, 0, at: 20, slot: 4)
        #expect(tracker.cancelAll(time: ms(50)) == [
            .cancelled(slot: 1, time: ms(50)),
            .cancelled(slot: 4, time: ms(50)),
        ])
        #expect(tracker.activeSlots.isEmpty)
        #expect(tracker.nextDeadline == nil)
        #expect(tracker.up(at: 60, slot: 4).isEmpty)
    }

    @Test("cancelAll with no finger down does nothing")
    func cancelAllIdle() {
        #expect(tracker.cancelAll(time: ms(10)).isEmpty)
    }

    @Test("cancelAll reports a long press that was due before it")
    func cancelAllAfterDeadline() {
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.cancelAll(time: ms(900)) == [
            .longPressed(slot: 0, location: .zero, time: ms(500)),
            .cancelled(slot: 0, time: ms(900)),
        ])
    }

    @Test("advance(to:) in the past or with nothing due returns nothing")
    func advanceNothingDue() {
        _ = tracker.down(0, 0, at: 1000)
        #expect(tracker.advance(toMilliseconds: 0).isEmpty)
        #expect(tracker.advance(toMilliseconds: 1499).isEmpty)
        #expect(tracker.stateName(ofSlot: 0) == "possible")
    }

    @Test("events whose time goes backwards do not crash the tracker")
    func timeGoingBackwards() {
        _ = tracker.down(0, 0, at: 100)
        _ = tracker.move(40, 0, at: 150)
        #expect(tracker.move(80, 0, at: 120).kinds == ["panChanged"])
        #expect(tracker.up(at: 90).kinds.last == "released")
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test("the same touch script gives the same events whether or not the main loop woke in between")
    func deterministicWithAndWithoutAdvance() {
        func script(_ tracker: GestureTracker, wakeEvery stepMs: Double?) -> [GestureEvent] {
            var events: [GestureEvent] = []
            let inputs: [(Double, () -> [GestureEvent])] = [
                (0, { tracker.down(0, 0, at: 0, slot: 0) }),
                (100, { tracker.down(200, 0, at: 100, slot: 1) }),
                (300, { tracker.move(240, 0, at: 300, slot: 1) }),
                (650, { tracker.move(4, 0, at: 650, slot: 0) }),
                (900, { tracker.up(at: 900, slot: 1) }),
                (1000, { tracker.up(at: 1000, slot: 0) }),
            ]
            var now = 0.0
            for (time, input) in inputs {
                if let stepMs {
                    while now + stepMs < time { now += stepMs; events += tracker.advance(toMilliseconds: now) }
                }
                now = time
                events += input()
            }
            return events
        }
        let eventDriven = script(GestureTracker(), wakeEvery: nil)
        #expect(script(GestureTracker(), wakeEvery: 16) == eventDriven)
        #expect(script(GestureTracker(), wakeEvery: 1) == eventDriven)
        #expect(eventDriven.kinds == ["pressed", "pressed", "panBegan", "longPressed", "panEnded", "released", "released"])
    }
}
