import KioskCore
import Testing
@testable import KioskWayland

private func ms(_ value: Int64) -> Instant { Instant(nanoseconds: value * 1_000_000) }

/// Within the 100 ppm the offset may creep by between two events (a few microseconds here).
private func near(_ a: Instant, _ b: Instant) -> Bool { abs(a.nanoseconds - b.nanoseconds) <= 20_000 }
private func near(_ a: Duration, _ b: Duration) -> Bool { near(Instant.zero + a, Instant.zero + b) }

@Test("stamps keep their spacing and the promptest event anchors them to the time they were read")
func spacingIsKept() {
    var clock = CompositorClock()
    // Stamps of some other base (X server time), read 3, 1 and 2 ms after they were made.
    let a = clock.instant(milliseconds: 825_665_600, readAt: ms(10_003))
    let b = clock.instant(milliseconds: 825_665_616, readAt: ms(10_017))
    let c = clock.instant(milliseconds: 825_665_632, readAt: ms(10_034))
    // The first stamp can only be taken as read; b, read sooner after it was made, sets the base.
    #expect(a == ms(10_003) && b == ms(10_017))
    #expect(near(c, ms(10_033)))
    #expect(near(c - b, .milliseconds(16)))
}

@Test("no event is ever placed after the moment it was read")
func neverFromTheFuture() {
    var clock = CompositorClock()
    _ = clock.instant(milliseconds: 1000, readAt: ms(5000))
    // A stamp far ahead of what the first one suggests: it was read at 5001, so it is at most 5001.
    #expect(clock.instant(milliseconds: 1500, readAt: ms(5001)) <= ms(5001))
}

@Test("a late batch keeps its stamps' times instead of taking the time it was read")
func lateReadsKeepStampTimes() {
    var clock = CompositorClock()
    _ = clock.instant(milliseconds: 100, readAt: ms(2_100))   // prompt: offset 2000 ms
    // The kiosk was busy rendering: an event made at 150 is read 40 ms later.
    #expect(near(clock.instant(milliseconds: 150, readAt: ms(2_190)), ms(2_150)))
}

@Test("the 32-bit millisecond stamp wrapping after 49.7 days does not jump the time line")
func wrapIsUnwrapped() {
    var clock = CompositorClock()
    let before = clock.instant(milliseconds: UInt32.max - 5, readAt: ms(1_000_000))
    let after = clock.instant(milliseconds: 10, readAt: ms(1_000_016))
    #expect(after - before == .milliseconds(16))
}

@Test("a compositor clock running slower than the loop's is followed within 100 ppm")
func slowClockIsFollowed() {
    var clock = CompositorClock()
    _ = clock.instant(milliseconds: 0, readAt: ms(0))
    // 60 s later the compositor's clock has lost 3 ms (50 ppm); the event is read promptly.
    let late = clock.instant(milliseconds: 59_997, readAt: ms(60_000))
    #expect(late == ms(60_000))
}
