import KioskCore
import KioskInput
import Testing

@Suite("Touch slots")
struct TouchSlotTrackerTests {
    let t0 = Instant.milliseconds(10)
    let t1 = Instant.milliseconds(20)
    let t2 = Instant.milliseconds(30)

    @Test func aLiftedFingerIsReportedWhereItWasLastSeen() {
        var tracker = TouchSlotTracker()
        _ = tracker.down(slot: 0, device: 1, at: Point(10, 10), time: t0)
        _ = tracker.move(slot: 0, to: Point(40, 25), time: t1)
        let up = tracker.up(slot: 0, time: t2)
        #expect(up == TouchEvent(slot: 0, phase: .up, position: Point(40, 25), time: t2))
        #expect(tracker.activeSlots.isEmpty)
    }

    @Test func twoFingersKeepTheirOwnPositions() {
        var tracker = TouchSlotTracker()
        _ = tracker.down(slot: 0, device: 1, at: Point(10, 10), time: t0)
        _ = tracker.down(slot: 1, device: 1, at: Point(300, 200), time: t0)
        _ = tracker.move(slot: 1, to: Point(310, 190), time: t1)
        #expect(tracker.up(slot: 0, time: t2)?.position == Point(10, 10))
        #expect(tracker.up(slot: 1, time: t2)?.position == Point(310, 190))
    }

    @Test func aCancelledTouchCarriesItsLastPosition() {
        var tracker = TouchSlotTracker()
        _ = tracker.down(slot: 3, device: 1, at: Point(5, 6), time: t0)
        #expect(tracker.cancel(slot: 3, time: t1) == TouchEvent(slot: 3, phase: .cancel, position: Point(5, 6), time: t1))
        #expect(tracker.up(slot: 3, time: t2) == nil, "a cancelled touch is over: no up follows")
    }

    @Test func movesAndLiftsOfSlotsThatAreNotDownAreDropped() {
        var tracker = TouchSlotTracker()
        #expect(tracker.move(slot: 0, to: Point(1, 1), time: t0) == nil)
        #expect(tracker.up(slot: 0, time: t0) == nil)
        #expect(tracker.cancel(slot: 0, time: t0) == nil)
        #expect(tracker.activeSlots.isEmpty, "a move must not create a touch")
    }

    @Test func removingADeviceCancelsOnlyItsFingersInSlotOrder() {
        var tracker = TouchSlotTracker()
        _ = tracker.down(slot: 2, device: 7, at: Point(2, 2), time: t0)
        _ = tracker.down(slot: 0, device: 7, at: Point(0, 0), time: t0)
        _ = tracker.down(slot: 1, device: 8, at: Point(1, 1), time: t0)
        let cancelled = tracker.cancelAll(onDevice: 7, time: t1)
        #expect(cancelled.map(\.slot) == [0, 2])
        #expect(cancelled.allSatisfy { $0.phase == .cancel && $0.time == t1 })
        #expect(cancelled.map(\.position) == [Point(0, 0), Point(2, 2)])
        #expect(tracker.activeSlots == [1])
    }

    @Test func aSecondDownOnABusySlotTakesItOver() {
        var tracker = TouchSlotTracker()
        _ = tracker.down(slot: 0, device: 1, at: Point(1, 1), time: t0)
        _ = tracker.down(slot: 0, device: 2, at: Point(9, 9), time: t1)
        #expect(tracker.active[0] == .init(device: 2, position: Point(9, 9)))
        #expect(tracker.cancelAll(onDevice: 1, time: t2).isEmpty)
    }
}
