/// A point on the runtime's monotonic time line, in nanoseconds since the kiosk started.
///
/// Only the main loop reads a clock (CLOCK_MONOTONIC on devices, a virtual clock in headless
/// mode); everything else receives `Instant`s as parameters, which keeps the pure modules
/// deterministic and testable.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static let zero = Instant(nanoseconds: 0)

    public static func milliseconds(_ ms: Double) -> Instant {
        Instant(nanoseconds: Int64((ms * 1_000_000).rounded()))
    }
    public static func seconds(_ s: Double) -> Instant { .milliseconds(s * 1000) }

    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }
    public static func + (a: Instant, d: Duration) -> Instant { Instant(nanoseconds: a.nanoseconds + d.nanoseconds) }
    public static func - (a: Instant, d: Duration) -> Instant { Instant(nanoseconds: a.nanoseconds - d.nanoseconds) }
    public static func - (a: Instant, b: Instant) -> Duration { .nanoseconds(a.nanoseconds - b.nanoseconds) }
    public static func += (a: inout Instant, d: Duration) { a = a + d }

    public var description: String { "\(Self.formatMilliseconds(milliseconds))ms" }

    /// Milliseconds as they appear in event output: whole numbers without a fraction,
    /// others with at most three decimals ("16", "8.333").
    public static func formatMilliseconds(_ ms: Double) -> String {
        let micro = (ms * 1000).rounded()
        if micro.truncatingRemainder(dividingBy: 1000) == 0 { return String(Int64(micro / 1000)) }
        var s = String(micro / 1000)
        // Double's description can print e.g. 8.333000000000001 after rounding; cut to 3 decimals.
        if let dot = s.firstIndex(of: "."), s.distance(from: dot, to: s.endIndex) > 4 {
            s = String(s[..<s.index(dot, offsetBy: 4)])
        }
        return s
    }
}

extension Duration {
    /// Whole nanoseconds (durations here are always far below 2^63 ns).
    public var nanoseconds: Int64 {
        let c = components
        return c.seconds * 1_000_000_000 + c.attoseconds / 1_000_000_000
    }
    public var inSeconds: Double { Double(nanoseconds) / 1_000_000_000 }
    public var inMilliseconds: Double { Double(nanoseconds) / 1_000_000 }
    public static func seconds(_ s: Double) -> Duration { .nanoseconds(Int64((s * 1e9).rounded())) }
}
