import CLinux
import Glibc
import KioskCore

/// The kiosk's main loop: one epoll instance that sleeps until a registered descriptor is ready
/// or the caller's deadline passes, then calls the ready descriptors' handlers on this thread.
///
/// Idle means idle: ``runOnce(timeout:)`` with a `nil` timeout blocks in `epoll_wait(-1)`, so a
/// kiosk with nothing to animate uses no CPU and wakes only for input, a frame, a timer or a
/// signal. The loop does not decide when to wake; its caller (`KioskRunner`) passes the
/// earliest deadline of the runtime, the backend and the session.
///
/// The loop is confined to the thread that creates it (the main thread in the kiosk). It is not
/// `Sendable`, so the compiler refuses to share it with another thread. Handlers run
/// synchronously inside `runOnce`, which is not reentrant.
///
/// In short:
///
/// ```swift
/// let loop = try EventLoop()                        // reads the clock's origin: t = 0
/// var running = true
/// let signals = try SignalSource(loop: loop) { _ in running = false }   // SIGTERM from systemd
/// try loop.register(fd: libinput_get_fd(input)) { /* dispatch touches */ }
/// while running { try loop.runOnce(timeout: nextDeadline.map { $0 - loop.clock.now() }) }  // nil: sleep
/// withExtendedLifetime(signals) {}                  // sources live as long as the loop runs
/// ```
public final class EventLoop {
    /// Readiness a registration waits for.
    public struct Interest: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// `EPOLLIN`: data to read, a connection to accept, or end of file.
        public static let readable = Interest(rawValue: EPOLLIN.rawValue)
        /// `EPOLLOUT`: room to write.
        public static let writable = Interest(rawValue: EPOLLOUT.rawValue)
    }

    /// A token for one registered descriptor; pass it to ``unregister(_:)``.
    public struct Registration: Hashable, Sendable {
        /// Never reused, unlike descriptor numbers, so a stale token cannot hit a newer
        /// registration that happens to have the same number.
        let id: UInt64
    }

    private struct Entry {
        let fd: Int32
        let handler: () -> Void
    }

    /// The clock this loop measures deadlines with; the program's only reader of real time.
    public let clock: MonotonicClock

    /// How many times the loop called `epoll_wait`.
    public private(set) var waitCalls = 0
    /// How many `epoll_wait` calls returned with at least one ready descriptor (a timeout or an
    /// `EINTR` is not a wake-up). With `waitCalls`, this lets a test prove an idle loop sleeps.
    public private(set) var wakeups = 0
    /// How many handlers the loop has called.
    public private(set) var handlerCalls = 0
    /// How many descriptors are registered now.
    public var registrationCount: Int { entries.count }

    private let epoll: FileDescriptor
    private var entries: [UInt64: Entry] = [:]
    private var nextID: UInt64 = 1
    /// Reused by every `epoll_wait`, so a wake-up allocates nothing.
    private let readyEvents: UnsafeMutableBufferPointer<epoll_event>
    private var isDispatching = false

    /// Creates the epoll instance (`epoll_create1(EPOLL_CLOEXEC)`).
    ///
    /// - Parameters:
    ///   - clock: the time line for deadlines and absolute timers.
    ///   - batchSize: how many ready descriptors one `epoll_wait` reports; more stay ready and
    ///     are reported by the next call (epoll is level-triggered here), so this only trades
    ///     memory for system calls.
    public init(clock: MonotonicClock = MonotonicClock(), batchSize: Int = 32) throws(SystemCallError) {
        precondition(batchSize > 0, "batchSize must be positive")
        self.clock = clock
        let fd = try retryingEINTR("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        self.epoll = FileDescriptor(adopting: fd)
        self.readyEvents = .allocate(capacity: batchSize)
    }

    deinit {
        readyEvents.deallocate()
    }

    /// Calls `handler` on this thread whenever `fd` is ready for `events`.
    ///
    /// The caller keeps `fd` open until it unregisters it; the loop never closes descriptors,
    /// because many belong to C libraries (libinput, DRM, Wayland). Errors and hang-ups
    /// (`EPOLLERR`, `EPOLLHUP`) also call the handler, so its next read sees the end of file or
    /// the error. Registrations are level-triggered: a handler that leaves data unread is
    /// called again on the next `runOnce`.
    ///
    /// - Throws: `epoll_ctl` errors, e.g. `EBADF` for a descriptor that is not open, `EEXIST`
    ///   if it is already registered, `EPERM` for a regular file.
    @discardableResult
    public func register(
        fd: Int32, events: Interest = .readable, handler: @escaping () -> Void
    ) throws(SystemCallError) -> Registration {
        let id = nextID
        try control(EPOLL_CTL_ADD, fd: fd, events: events, id: id)
        nextID += 1
        entries[id] = Entry(fd: fd, handler: handler)
        return Registration(id: id)
    }

    /// Changes what a registration waits for, e.g. adds `.writable` while output is queued.
    public func modify(_ registration: Registration, events: Interest) throws(SystemCallError) {
        guard let entry = entries[registration.id] else {
            preconditionFailure("modify(_:events:) with a registration that was removed")
        }
        try control(EPOLL_CTL_MOD, fd: entry.fd, events: events, id: registration.id)
    }

    /// Stops calling the registration's handler, from the next ready event on (also for events
    /// already returned by the current `epoll_wait`). Unregistering twice does nothing.
    public func unregister(_ registration: Registration) {
        guard let entry = entries.removeValue(forKey: registration.id) else { return }
        // EPOLL_CTL_DEL fails with EBADF or ENOENT when the descriptor was closed first: the
        // kernel drops a closed descriptor from the interest list by itself, so both mean the
        // work is already done. Anything else would be a bug in this class.
        if epoll_ctl(epoll.rawValue, EPOLL_CTL_DEL, entry.fd, nil) == -1 {
            let code = Glibc.errno
            assert(code == EBADF || code == ENOENT, "\(SystemCallError(call: "epoll_ctl", errno: code))")
        }
    }

    /// Waits once for ready descriptors and calls their handlers.
    ///
    /// - Parameter timeout: how long to sleep at most; `nil` sleeps until something is ready
    ///   (`epoll_wait(-1)`), `.zero` only polls. epoll counts in milliseconds, so the timeout
    ///   is rounded *up*: rounding 0.4 ms down to 0 would make the caller spin until its deadline.
    /// - Returns: the number of handlers called; 0 after a timeout or an `EINTR` (the caller
    ///   recomputes its deadline rather than the loop waiting the full time again).
    @discardableResult
    public func runOnce(timeout: Duration?) throws(SystemCallError) -> Int {
        precondition(!isDispatching, "EventLoop.runOnce is not reentrant; do not call it from a handler")
        waitCalls += 1
        // glibc 2.41 (Debian 13) declares the events pointer non-null, older ones do not; the
        // buffer is allocated once with a batch size of at least 1, so it always has an address.
        let ready = epoll_wait(
            epoll.rawValue, readyEvents.baseAddress!, Int32(readyEvents.count), Self.milliseconds(timeout))
        if ready == -1 {
            let code = Glibc.errno
            if code == EINTR { return 0 }
            throw SystemCallError(call: "epoll_wait", errno: code)
        }
        guard ready > 0 else { return 0 }
        wakeups += 1

        isDispatching = true
        defer { isDispatching = false }
        var called = 0
        for index in 0..<Int(ready) {
            // A handler earlier in this batch may have unregistered this one; its id is gone.
            guard let entry = entries[readyEvents[index].data.u64] else { continue }
            entry.handler()
            called += 1
        }
        handlerCalls += called
        return called
    }

    private func control(_ operation: Int32, fd: Int32, events: Interest, id: UInt64) throws(SystemCallError) {
        var event = epoll_event(events: events.rawValue, data: epoll_data_t(u64: id))
        _ = try retryingEINTR("epoll_ctl") { epoll_ctl(epoll.rawValue, operation, fd, &event) }
    }

    /// The `epoll_wait` timeout for `timeout`: -1 for none, else milliseconds rounded up.
    static func milliseconds(_ timeout: Duration?) -> Int32 {
        guard let timeout else { return -1 }
        guard timeout > .zero else { return 0 }
        let (seconds, attoseconds) = timeout.components
        // Beyond ~24 days epoll's Int32 overflows; sleeping "only" 24 days is indistinguishable.
        guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
        let attosecondsPerMillisecond: Int64 = 1_000_000_000_000_000
        let fraction = (attoseconds + attosecondsPerMillisecond - 1) / attosecondsPerMillisecond
        return Int32(seconds * 1000 + fraction)
    }
}
