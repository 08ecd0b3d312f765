import KioskCore
import Testing
@testable import KioskGestures

@Suite("Gesture events and swipe directions")
struct GestureEventTests {
    @Test("every event reports its slot and time")
    func slotAndTime() {
        let p = Point(1, 2), t = ms(42)
        let all: [GestureEvent] = [
            .pressed(slot: 3, location: p, time: t),
            .tapped(slot: 3, location: p, time: t),
            .longPressed(slot: 3, location: p, time: t),
            .panBegan(slot: 3, start: p, location: p, time: t),
            .panChanged(slot: 3, location: p, translation: p, velocity: p, time: t),
            .panEnded(slot: 3, location: p, translation: p, velocity: p, time: t),
            .swiped(slot: 3, direction: .up, velocity: p, time: t),
            .released(slot: 3, location: p, time: t),
            .cancelled(slot: 3, time: t),
        ]
        for event in all {
            #expect(event.slot == 3)
            #expect(event.time == t)
        }
    }

    @Test("the swipe direction follows the dominant axis, with y growing downwards",
          arguments: zip(
              [Point(800, 100), Point(-800, 300), Point(100, 800), Point(-300, -800)],
              [SwipeDirection.right, .left, .down, .up]))
    func dominantAxis(velocity: Point, expected: SwipeDirection) {
        #expect(SwipeDirection(dominantAxisOf: velocity) == expected)
    }

    @Test("a perfectly diagonal velocity counts as horizontal")
    func diagonalTie() {
        #expect(SwipeDirection(dominantAxisOf: Point(500, 500)) == .right)
        #expect(SwipeDirection(dominantAxisOf: Point(-500, 500)) == .left)
    }

    @Test("swipe directions have the names used in event output")
    func rawValues() {
        #expect(SwipeDirection.allCases.map(\.rawValue) == ["left", "right", "up", "down"])
    }
}
