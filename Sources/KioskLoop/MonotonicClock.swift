import Glibc
import KioskCore

/// The program's only source of real time: `clock_gettime(CLOCK_MONOTONIC)`, expressed as
/// KioskCore `Instant`s (nanoseconds since this clock's origin).
///
/// Nothing else in SwiftKiosk reads a clock. The main loop reads this one and passes the
/// `Instant` down to gestures, animations and the frame scheduler, which is why headless mode
/// (which passes a virtual time instead) is deterministic. Keep it that way: a new need for
/// "now" is a new parameter, not a new clock read.
///
/// CLOCK_MONOTONIC rather than the stdlib's `ContinuousClock`/`SuspendingClock`: it is the clock
/// that `epoll_wait` timeouts and `timerfd_create(CLOCK_MONOTONIC)` deadlines are measured in,
/// so an `Instant` converts to an absolute timer deadline exactly, with no drift between two
/// clocks. It never jumps with wall-clock changes (NTP, a user setting the date).
public struct MonotonicClock: Sendable {
    /// The CLOCK_MONOTONIC reading, in nanoseconds, that this clock calls `Instant.zero`.
    public let origin: Int64

    /// A clock whose `Instant.zero` is now; the kiosk creates one at start.
    public init() {
        self.origin = Self.systemNanoseconds()
    }

    /// The current time on this clock's time line.
    public func now() -> Instant {
        Instant(nanoseconds: Self.systemNanoseconds() - origin)
    }

    /// `instant` as an absolute CLOCK_MONOTONIC `timespec`, for `timerfd_settime(TFD_TIMER_ABSTIME)`.
    func absoluteTimespec(for instant: Instant) -> timespec {
        // An all-zero it_value would disarm a timerfd, and a deadline before boot is in the past
        // anyway: either way 1 ns after boot fires at once, which is what the caller asked for.
        timespec(nanoseconds: max(origin + instant.nanoseconds, 1))
    }

    /// Reads CLOCK_MONOTONIC in nanoseconds.
    static func systemNanoseconds() -> Int64 {
        var now = timespec()
        // clock_gettime can only fail with EINVAL (unknown clock) or EFAULT: programmer errors.
        let result = clock_gettime(CLOCK_MONOTONIC, &now)
        precondition(result == 0, "clock_gettime(CLOCK_MONOTONIC) failed")
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }
}

extension timespec {
    /// Splits a non-negative nanosecond count into seconds and nanoseconds.
    init(nanoseconds: Int64) {
        let value = max(nanoseconds, 0)
        self.init(tv_sec: Int(value / 1_000_000_000), tv_nsec: Int(value % 1_000_000_000))
    }
}
