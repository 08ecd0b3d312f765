/// A point on the runtime's monotonic time line, in nanoseconds since the kiosk started.
///
/// Only the main loop reads a clock (CLOCK_MONOTONIC on devices, a virtual clock in headless
/// mode); everything else receives `Instant`s as parameters, which keeps the pure modules
/// deterministic and testable.
///
/// ## Range: every conversion saturates
///
/// An `Instant` holds ±2⁶³ ns, about ±292 years. Every way into it from a `Double` (`milliseconds`,
/// `seconds`) and all arithmetic (`+`, `-`) *saturate* at the ends of that range instead of
/// trapping, and NaN becomes zero. Saturating rather than failable, because:
///
/// - the values that come from outside (touch-script `t`, `--until`) are range-checked where
///   they are read, with a message naming the file and line (`TouchScript.maximumMilliseconds`,
///   1e9 ms); after that check no conversion can saturate, so saturation never changes a
///   value anyone asked for;
/// - the other conversions are internal time arithmetic (a deadline one long press after the
///   last touch, the end of an animation). An optional at each of them would only move the
///   question of what to do with an impossible time into every caller; "as late as time goes"
///   is the answer each of them would give, and nothing in a kiosk happens 292 years on.
///
/// So a bad number can make a deadline lie at the end of time, but never stops the kiosk.
public struct Instant: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Nanoseconds since the program's time line began.
    public var nanoseconds: Int64

    /// The instant `nanoseconds` after the start of the time line.
    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// The start of the time line.
    public static let zero = Instant(nanoseconds: 0)
    /// The latest instant there is, where every later time saturates (292 years on).
    public static let endOfTime = Instant(nanoseconds: .max)

    /// The earlier of two deadlines, either of which may be absent (nil: none). Main loops
    /// fold their deadlines with it on every pass, where collecting them in an array to take
    /// its minimum would allocate each time.
    public static func earliest(_ a: Instant?, _ b: Instant?) -> Instant? {
        guard let a else { return b }
        guard let b else { return a }
        return min(a, b)
    }

    /// `ms` milliseconds after the start, rounded to whole nanoseconds; saturates beyond
    /// ±9.2e12 ms (±292 years) and treats NaN as 0 (see the type's notes).
    public static func milliseconds(_ ms: Double) -> Instant {
        Instant(nanoseconds: Int64(saturating: ms * 1_000_000))
    }
    /// `s` seconds after the start; saturates like `milliseconds(_:)`.
    public static func seconds(_ s: Double) -> Instant { .milliseconds(s * 1000) }

    /// Time since the start of the time line, in milliseconds (event lines print this).
    public var milliseconds: Double { Double(nanoseconds) / 1_000_000 }
    /// Time since the start of the time line, in seconds.
    public var seconds: Double { Double(nanoseconds) / 1_000_000_000 }

    public static func < (a: Instant, b: Instant) -> Bool { a.nanoseconds < b.nanoseconds }

    /// Saturates at the ends of the time line (a deadline "one long press after the end of
    /// time" is the end of time).
    public static func + (a: Instant, d: Duration) -> Instant {
        Instant(nanoseconds: Int64(clamping: Int128(a.nanoseconds) + d.exactNanoseconds))
    }
    /// The instant `d` earlier, saturating at the ends of time.
    public static func - (a: Instant, d: Duration) -> Instant {
        Instant(nanoseconds: Int64(clamping: Int128(a.nanoseconds) - d.exactNanoseconds))
    }
    /// Exact: a `Duration` holds any difference of two instants.
    public static func - (a: Instant, b: Instant) -> Duration {
        .nanoseconds(Int128(a.nanoseconds) - Int128(b.nanoseconds))
    }
    /// Moves the instant `d` later, saturating at the end of time.
    public static func += (a: inout Instant, d: Duration) { a = a + d }

    public var description: String { "\(NumberFormat.milliseconds(milliseconds))ms" }
}

extension Duration {
    /// Whole nanoseconds, saturating at ±2⁶³ (a `Duration` reaches ±2⁶³ *seconds*; durations
    /// this long come only from bad numbers, and "longer than anything" is what they mean).
    public var nanoseconds: Int64 { Int64(clamping: exactNanoseconds) }

    /// Whole nanoseconds without a limit (truncated towards zero, like `nanoseconds`).
    var exactNanoseconds: Int128 {
        let c = components
        return Int128(c.seconds) * 1_000_000_000 + Int128(c.attoseconds / 1_000_000_000)
    }

    /// The duration in seconds, for arithmetic with `Double` rates.
    public var inSeconds: Double { Double(nanoseconds) / 1_000_000_000 }
    /// The duration in milliseconds.
    public var inMilliseconds: Double { Double(nanoseconds) / 1_000_000 }

    /// `s` seconds in whole nanoseconds, saturating at ±2⁶³ ns (292 years) and with NaN as
    /// zero, so that it always fits an `Instant` sum; see `Instant` for why time conversions
    /// saturate rather than fail. Named apart from the standard library's `seconds(_: Double)`,
    /// which traps on NaN and infinity, so that neither silently stands in for the other.
    public static func seconds(saturating s: Double) -> Duration { .nanoseconds(Int64(saturating: s * 1e9)) }
}

extension Int64 {
    /// `value` rounded to the nearest whole number, clamped to `Int64.min…Int64.max`; NaN is 0.
    /// The one Double → Int64 conversion of time values (`Int64(_:)` traps beyond the range).
    init(saturating value: Double) {
        let r = value.rounded()
        if r.isNaN {
            self = 0
        } else if r >= 0x1p63 {   // 2⁶³ = Int64.max + 1 is the first Double above the range
            self = .max
        } else if r < -0x1p63 {
            self = .min
        } else {
            self = Int64(r)
        }
    }
}
