import CLinux
import Glibc
import KioskCore

/// A one-shot or periodic timer that fires as a loop callback, built on a `timerfd`.
///
/// Named `TimerSource` rather than `Timer` so that a file which also imports Foundation (whose
/// `Timer` is a run-loop timer) does not become ambiguous; it sits with `SignalSource`.
///
/// The kernel counts expirations while the loop is busy, so a periodic timer that was late
/// reports how many periods passed instead of firing several times in a row; a fixed-step
/// simulation uses that count to catch up.
///
/// Keep a reference for as long as the timer should exist; releasing it unregisters and closes
/// the `timerfd`. The handler must not capture the timer strongly (use `[weak timer]`), or the
/// timer keeps itself alive.
public final class TimerSource {
    private let loop: EventLoop
    private let descriptor: FileDescriptor
    private let handler: (_ expirations: UInt64) -> Void
    private var registration: EventLoop.Registration?
    private var isPeriodic = false

    /// Whether the timer will fire: true from `schedule` until a one-shot timer has fired or
    /// ``disarm()`` is called.
    public private(set) var isArmed = false

    /// Creates a disarmed timer on `loop`'s clock.
    ///
    /// - Parameters:
    ///   - loop: the loop whose thread the handler runs on.
    ///   - handler: called on the loop's thread with the number of expirations since the
    ///     last call (1 unless a periodic timer fell behind).
    public init(loop: EventLoop, handler: @escaping (_ expirations: UInt64) -> Void) throws(SystemCallError) {
        self.loop = loop
        self.handler = handler
        // CLOCK_MONOTONIC, the clock MonotonicClock reads, so absolute deadlines line up with Instants.
        let fd = try retryingEINTR("timerfd_create") {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK))
        }
        self.descriptor = FileDescriptor(adopting: fd)
        self.registration = try loop.register(fd: fd) { [weak self] in self?.expire() }
    }

    deinit {
        if let registration { loop.unregister(registration) }
    }

    /// Arms the timer to fire at `deadline` on the loop's clock (at once if it has passed), and
    /// then every `interval` if one is given. Replaces any earlier schedule.
    public func schedule(at deadline: Instant, repeating interval: Duration? = nil) throws(SystemCallError) {
        let value = loop.clock.absoluteTimespec(for: deadline)
        try arm(value: value, interval: interval, flags: Int32(TFD_TIMER_ABSTIME))
    }

    /// Arms the timer to fire `delay` from now, and then every `interval` if one is given.
    /// Replaces any earlier schedule.
    public func schedule(after delay: Duration, repeating interval: Duration? = nil) throws(SystemCallError) {
        // A zero it_value means "disarm" to timerfd_settime; 1 ns means "now".
        try arm(value: timespec(nanoseconds: max(delay.nanoseconds, 1)), interval: interval, flags: 0)
    }

    /// Stops the timer; expirations not yet delivered are dropped.
    public func disarm() throws(SystemCallError) {
        var off = itimerspec()
        _ = try retryingEINTR("timerfd_settime") { timerfd_settime(descriptor.rawValue, 0, &off, nil) }
        isArmed = false
        isPeriodic = false
    }

    private func arm(value: timespec, interval: Duration?, flags: Int32) throws(SystemCallError) {
        if let interval {
            precondition(interval > .zero, "a periodic timer needs a positive interval")
        }
        var spec = itimerspec(
            it_interval: timespec(nanoseconds: interval?.nanoseconds ?? 0), it_value: value)
        _ = try retryingEINTR("timerfd_settime") { timerfd_settime(descriptor.rawValue, flags, &spec, nil) }
        isArmed = true
        isPeriodic = interval != nil
    }

    private func expire() {
        let expirations: UInt64?
        do {
            expirations = try descriptor.readCounter()
        } catch {
            // A timerfd read can only fail with EAGAIN (handled) or ECANCELED, which needs
            // TFD_TIMER_CANCEL_ON_SET; anything else means the descriptor was corrupted.
            preconditionFailure("\(error)")
        }
        // nil: re-armed or disarmed after the kernel reported readiness; nothing is due.
        guard let expirations else { return }
        if !isPeriodic { isArmed = false }
        handler(expirations)
    }
}
