import KioskCore
import Testing
@testable import KioskService

@Suite("The start-up line gives the first frame's times on CLOCK_MONOTONIC")
struct StartupLineTests {
    @Test("both times are the loop's instants moved by the clock's origin, in milliseconds")
    func absoluteTimes() {
        // The loop's zero was CLOCK_MONOTONIC 5 s; presented 20 ms later, flipped at 21.5 ms.
        let line = KioskRunner.firstFrameLine(presented: .milliseconds(20), onScreen: .milliseconds(21.5),
                                              origin: 5_000_000_000)
        #expect(line == "kiosk: first frame presented at 5020 ms, on screen at 5021.5 ms CLOCK_MONOTONIC")
    }

    @Test("a flip time in microseconds keeps its three decimals")
    func microseconds() {
        let line = KioskRunner.firstFrameLine(presented: .milliseconds(1.25), onScreen: Instant(nanoseconds: 3_456_000),
                                              origin: 123_000_000)
        #expect(line == "kiosk: first frame presented at 124.25 ms, on screen at 126.456 ms CLOCK_MONOTONIC")
    }
}
