import KioskCore
import Testing
@testable import KioskGestures

@Suite("Gesture configuration")
struct GestureConfigurationTests {
    @Test("the standard configuration has the documented defaults")
    func standardDefaults() {
        let standard = GestureConfiguration.standard
        #expect(standard.touchSlop == 10)
        #expect(standard.longPressDuration == .milliseconds(500))
        #expect(standard.flingVelocity == 600)
        #expect(standard.velocityWindow == .milliseconds(100))
        #expect(GestureConfiguration() == standard)
    }

    @Test("each threshold can be set on its own")
    func customValues() {
        let custom = GestureConfiguration(longPressDuration: .seconds(1))
        #expect(custom.longPressDuration == .seconds(1))
        #expect(custom.touchSlop == 10)
        #expect(custom != .standard)
    }

    @Test("a tracker uses the standard configuration unless given one")
    func trackerDefault() {
        #expect(GestureTracker().configuration == .standard)
        let slop20 = GestureConfiguration(touchSlop: 20)
        #expect(GestureTracker(configuration: slop20).configuration == slop20)
    }

    @Test("a larger slop keeps a longer movement a tap")
    func largerSlop() {
        let tracker = GestureTracker(configuration: GestureConfiguration(touchSlop: 30))
        _ = tracker.down(0, 0, at: 0)
        #expect(tracker.move(25, 0, at: 10).isEmpty)
        #expect(tracker.up(at: 20).kinds == ["tapped", "released"])
    }

    @Test("a shorter long-press duration moves the deadline")
    func shorterLongPress() {
        let tracker = GestureTracker(configuration: GestureConfiguration(longPressDuration: .milliseconds(200)))
        _ = tracker.down(0, 0, at: 100)
        #expect(tracker.nextDeadline == ms(300))
    }
}
