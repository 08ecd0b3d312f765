import KioskCore
import Testing
@testable import KioskGestures

/// Double taps: the second of two taps close in time and place is followed by `doubleTapped`.
/// No tap is ever held back waiting for a second one, so every stream of single taps stays
/// what it was.
@Suite("Double taps")
struct DoubleTapTests {
    let tracker = GestureTracker()

    /// A tap at (`x`, `y`): down at `at`, up `holding` ms later.
    func tap(_ x: Double, _ y: Double, at ms: Double, holding: Double = 50, slot: Int = 0) -> [GestureEvent] {
        tracker.down(x, y, at: ms, slot: slot) + tracker.up(at: ms + holding, slot: slot)
    }

    @Test("a second tap soon after the first, close to it, is tapped, then doubleTapped, then released")
    func secondTapIsADoubleTap() {
        #expect(tap(100, 100, at: 0).kinds == ["pressed", "tapped", "released"])
        #expect(tap(104, 98, at: 200) == [
            .pressed(slot: 0, location: Point(104, 98), time: ms(200)),
            .tapped(slot: 0, location: Point(104, 98), time: ms(250)),
            .doubleTapped(slot: 0, location: Point(104, 98), time: ms(250)),
            .released(slot: 0, location: Point(104, 98), time: ms(250)),
        ])
    }

    @Test("the first tap is reported at its lift, as any single tap, with no deadline left to wait for")
    func firstTapIsNotHeldBack() {
        #expect(tracker.down(10, 20, at: 0) == [.pressed(slot: 0, location: Point(10, 20), time: ms(0))])
        #expect(tracker.up(at: 80) == [
            .tapped(slot: 0, location: Point(10, 20), time: ms(80)),
            .released(slot: 0, location: Point(10, 20), time: ms(80)),
        ])
        #expect(tracker.nextDeadline == nil)
    }

    @Test("the interval runs from the first lift to the second touch-down, its end included")
    func intervalBoundary() {
        _ = tap(100, 100, at: 0)                                      // lifts at 50
        #expect(tap(100, 100, at: 350).kinds.contains("doubleTapped"))   // down 300 ms after
        let late = GestureTracker()
        _ = late.down(100, 100, at: 0) + late.up(at: 50)
        #expect(!(late.down(100, 100, at: 350.001) + late.up(at: 400)).kinds.contains("doubleTapped"))
    }

    @Test("a second tap farther than 40 px from the first is a single tap")
    func tooFar() {
        _ = tap(100, 100, at: 0)
        #expect(tap(124, 132, at: 150).kinds.contains("doubleTapped"))   // 40 px: still close enough
        _ = tap(100, 100, at: 1000)
        #expect(tap(141, 100, at: 1150).kinds == ["pressed", "tapped", "released"])
    }

    @Test("three quick taps are a double tap and then a first tap again")
    func tripleTap() {
        _ = tap(50, 50, at: 0)
        #expect(tap(50, 50, at: 100).kinds.contains("doubleTapped"))
        #expect(tap(50, 50, at: 200).kinds == ["pressed", "tapped", "released"])
        #expect(tap(50, 50, at: 300).kinds.contains("doubleTapped"))
    }

    @Test("a second touch that pans or rests into a long press is no double tap")
    func secondTouchMustBeATap() {
        _ = tap(100, 100, at: 0)
        _ = tracker.down(100, 100, at: 100)
        var events = tracker.move(150, 100, at: 120) + tracker.up(at: 140)
        #expect(!events.kinds.contains("doubleTapped"))
        _ = tap(100, 100, at: 1000)
        events = tracker.down(100, 100, at: 1100) + tracker.advance(toMilliseconds: 1600) + tracker.up(at: 1700)
        #expect(events.kinds == ["pressed", "longPressed", "released"])
        // Neither was a tap, so the next tap is a first one.
        #expect(tap(100, 100, at: 1800).kinds == ["pressed", "tapped", "released"])
    }

    @Test("another finger going down between the two taps breaks the pair")
    func touchInBetween() {
        _ = tap(100, 100, at: 0)
        _ = tracker.down(400, 300, at: 80, slot: 1)
        #expect(tap(100, 100, at: 150).kinds == ["pressed", "tapped", "released"])
        _ = tracker.up(at: 600, slot: 1)
    }

    @Test("the two taps of a double tap may come in different slots")
    func acrossSlots() {
        _ = tap(100, 100, at: 0, slot: 0)
        #expect(tap(102, 100, at: 120, slot: 3).kinds == ["pressed", "tapped", "doubleTapped", "released"])
    }

    @Test("the interval and the distance are the configuration's")
    func configured() {
        let strict = GestureTracker(configuration: GestureConfiguration(doubleTapInterval: .milliseconds(100),
                                                                        doubleTapDistance: 5))
        _ = strict.down(0, 0, at: 0) + strict.up(at: 30)
        #expect(!(strict.down(0, 0, at: 200) + strict.up(at: 230)).kinds.contains("doubleTapped"))
        #expect((strict.down(4, 3, at: 300) + strict.up(at: 330)).kinds.contains("doubleTapped"))
        #expect(GestureConfiguration.standard.doubleTapInterval == .milliseconds(300))
        #expect(GestureConfiguration.standard.doubleTapDistance == 40)
    }
}
