import Testing
import KioskCore

/// Time values made from any number: nothing traps, out-of-range values saturate.
@Suite("Instant and Duration limits")
struct InstantLimitTests {
    let maxInstant = Instant(nanoseconds: .max)
    let minInstant = Instant(nanoseconds: .min)

    @Test("milliseconds beyond the 292 years an Instant holds saturate instead of trapping")
    func millisecondsSaturate() {
        #expect(Instant.milliseconds(9.3e12) == maxInstant)          // first value past Int64 ns
        #expect(Instant.milliseconds(1e308) == maxInstant)
        #expect(Instant.milliseconds(.infinity) == maxInstant)
        #expect(Instant.milliseconds(-1e308) == minInstant)
        #expect(Instant.milliseconds(-.infinity) == minInstant)
        #expect(Instant.milliseconds(.nan) == .zero)
        #expect(Instant.seconds(1e300) == maxInstant)
        #expect(Instant.seconds(.nan) == .zero)
    }

    @Test("values inside the range convert exactly as before")
    func exactInside() {
        #expect(Instant.milliseconds(1e9).nanoseconds == 1_000_000_000_000_000)
        #expect(Instant.milliseconds(16.5).nanoseconds == 16_500_000)
        #expect(Instant.milliseconds(-2).nanoseconds == -2_000_000)
        #expect(Instant.seconds(1.5).nanoseconds == 1_500_000_000)
        #expect(Instant.milliseconds(9.2e12).nanoseconds == 9_200_000_000_000_000_000)
    }

    @Test("Duration.seconds saturates at the Int64 nanoseconds an Instant can add, NaN is zero")
    func durationSeconds() {
        #expect(Duration.seconds(saturating: 1e300).nanoseconds == .max)
        #expect(Duration.seconds(saturating: -Double.infinity).nanoseconds == .min)
        #expect(Duration.seconds(saturating: Double.nan) == .zero)
        #expect(Duration.seconds(0.25).nanoseconds == 250_000_000)
    }

    @Test("a Duration longer than Int64 nanoseconds reads as the largest count, not a trap")
    func durationNanoseconds() {
        let long = Duration.seconds(Int64.max)
        #expect(long.nanoseconds == .max)
        #expect((.zero - long).nanoseconds == .min)
        #expect(long.inSeconds > 9e18 / 1e9)
        #expect(Duration.nanoseconds(-1_500_000_001).nanoseconds == -1_500_000_001)
        #expect(Duration.milliseconds(-3).nanoseconds == -3_000_000)
    }

    @Test("adding to or subtracting from an Instant saturates at its ends")
    func arithmeticSaturates() {
        #expect(maxInstant + .nanoseconds(1) == maxInstant)
        #expect(minInstant - .nanoseconds(1) == minInstant)
        #expect(minInstant + .seconds(Int64.max) == maxInstant)
        #expect((maxInstant - minInstant).nanoseconds == .max)
        #expect((minInstant - maxInstant).nanoseconds == .min)
        var t = maxInstant
        t += .milliseconds(16)
        #expect(t == maxInstant)
        #expect(Instant.milliseconds(10) + .milliseconds(6) == .milliseconds(16))
    }

    @Test("formatting any number of milliseconds never traps")
    func formatAnything() {
        #expect(NumberFormat.milliseconds(1e300) == "1e+300")
        #expect(NumberFormat.milliseconds(-1e300) == "-1e+300")
        #expect(NumberFormat.milliseconds(.infinity) == "inf")
        #expect(NumberFormat.milliseconds(.nan) == "nan")
        #expect(NumberFormat.milliseconds(9.2e12) == "9200000000000")
        #expect(maxInstant.description == "9223372036854.775ms")
        #expect(NumberFormat.milliseconds(8.333333) == "8.333")
    }
}
