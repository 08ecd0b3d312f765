import Glibc
import KioskCore
import Testing

@testable import KioskLoop
import KioskTestSupport

extension EventLoop {
    /// Runs until `done()` returns true, checking it before every wait; `nextWakeup` is the
    /// deadline to wake for (nil: sleep until a descriptor is ready). The runner's loop, in small.
    func run(until done: () -> Bool, nextWakeup: () -> Instant? = { nil }) throws(SystemCallError) {
        while !done() {
            let timeout = nextWakeup().map { deadline in max(deadline - clock.now(), .zero) }
            try runOnce(timeout: timeout)
        }
    }
}

// Tests of the operating-system layer of the main loop. Timing is tolerant on purpose: things
// that should happen after 20 ms may take up to a second on a loaded 2-core machine, and no test
// asserts an upper bound on elapsed time. A test that waits uses the loop itself
// (`runUntil`), so a broken loop fails the expectation instead of hanging the run.

/// Runs `loop` until `condition` holds or `limit` has passed on the loop's clock.
private func runUntil(_ loop: EventLoop, limit: Duration = .seconds(1), _ condition: () -> Bool) throws {
    let giveUp = loop.clock.now() + limit
    try loop.run(until: { condition() || loop.clock.now() >= giveUp }, nextWakeup: { giveUp })
}

/// Runs `body` on a new POSIX thread after `delay`. A real thread rather than a Swift task: the
/// loop under test blocks its thread in `epoll_wait`, and on a 2-core machine the concurrency
/// pool may have no other thread free.
private func startThread(after delay: Duration, _ body: @escaping @Sendable () -> Void) -> pthread_t {
    final class Work: Sendable {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
    let work = Work {
        var pause = timespec(nanoseconds: delay.nanoseconds)
        var remaining = timespec()
        while nanosleep(&pause, &remaining) == -1 && errno == EINTR { pause = remaining }
        body()
    }
    var thread = pthread_t()
    let result = pthread_create(&thread, nil, { context in
        Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().run()
        return nil
    }, Unmanaged.passRetained(work).toOpaque())
    precondition(result == 0, "pthread_create failed: \(result)")
    return thread
}

private func write(_ text: String, to descriptor: borrowing FileDescriptor) throws {
    var bytes = Array(text.utf8)
    let written = try bytes.withUnsafeMutableBytes { try descriptor.write(UnsafeRawBufferPointer($0)) }
    precondition(written == bytes.count)
}

/// Reads and discards whatever `descriptor` holds now.
private func drain(_ descriptor: borrowing FileDescriptor) {
    var buffer = [UInt8](repeating: 0, count: 256)
    while (try? buffer.withUnsafeMutableBytes({ try descriptor.read(into: $0) })).map({ $0 > 0 }) == true {}
}

@Suite("Event loop")
struct EventLoopTests {
    @Test("runOnce with a zero timeout returns at once when nothing is ready")
    func zeroTimeoutPolls() throws {
        let loop = try EventLoop()
        let pipe = try FileDescriptor.pipe()
        var calls = 0
        try loop.register(fd: pipe.readEnd.rawValue) { calls += 1 }

        #expect(try loop.runOnce(timeout: .zero) == 0)
        #expect(calls == 0)
        #expect(loop.waitCalls == 1)
        #expect(loop.wakeups == 0)
    }

    @Test("a readable pipe wakes the loop and calls its handler")
    func readablePipeCallsHandler() throws {
        let loop = try EventLoop()
        let pipe = try FileDescriptor.pipe()
        var received: [String] = []
        try loop.register(fd: pipe.readEnd.rawValue) { received += readLines(pipe.readEnd) }
        try write("hello\n", to: pipe.writeEnd)

        #expect(try loop.runOnce(timeout: .seconds(1)) == 1)
        #expect(received == ["hello"])
        #expect(loop.wakeups == 1)
    }

    @Test("unregistering a descriptor stops its callbacks")
    func unregisterStopsCallbacks() throws {
        let loop = try EventLoop()
        let pipe = try FileDescriptor.pipe()
        var calls = 0
        // Never read, so the pipe stays readable (level-triggered) for as long as it is registered.
        let registration = try loop.register(fd: pipe.readEnd.rawValue) { calls += 1 }
        try write("x", to: pipe.writeEnd)
        try loop.runOnce(timeout: .seconds(1))
        #expect(calls == 1)

        loop.unregister(registration)
        loop.unregister(registration)  // a second time does nothing
        #expect(try loop.runOnce(timeout: .zero) == 0)
        #expect(calls == 1)
        #expect(loop.registrationCount == 0)
    }

    @Test("a handler that unregisters another ready descriptor prevents its callback in the same wake-up")
    func unregisterDuringDispatch() throws {
        let loop = try EventLoop()
        let first = try FileDescriptor.pipe()
        let second = try FileDescriptor.pipe()
        var calls = 0
        var registrations: [EventLoop.Registration] = []
        for fd in [first.readEnd.rawValue, second.readEnd.rawValue] {
            registrations.append(try loop.register(fd: fd) {
                calls += 1
                registrations.forEach(loop.unregister)
            })
        }
        try write("x", to: first.writeEnd)
        try write("x", to: second.writeEnd)

        #expect(try loop.runOnce(timeout: .seconds(1)) == 1)
        #expect(calls == 1)
    }

    @Test("a writable registration fires while the pipe has room, and modify can switch it off")
    func writableInterest() throws {
        let loop = try EventLoop()
        let pipe = try FileDescriptor.pipe()
        var calls = 0
        let registration = try loop.register(fd: pipe.writeEnd.rawValue, events: .writable) { calls += 1 }
        try loop.runOnce(timeout: .seconds(1))
        #expect(calls == 1)

        try loop.modify(registration, events: .readable)  // a write end never becomes readable
        #expect(try loop.runOnce(timeout: .zero) == 0)
        #expect(calls == 1)
    }

    @Test("a descriptor that is closed is reported with the system call's name")
    func closedDescriptorError() throws {
        let loop = try EventLoop()
        let pipe = try FileDescriptor.pipe()
        // Duplicate to a high number and close it: tests run in parallel and the kernel hands out
        // the lowest free number, so a low closed number could be reused by another test at once.
        let high = fcntl(pipe.readEnd.rawValue, F_DUPFD_CLOEXEC, 700)
        try #require(high >= 700)
        try FileDescriptor(adopting: high).close()

        let error = caughtError(SystemCallError.self) {
            try loop.register(fd: high) {}
        }
        #expect(error == SystemCallError(call: "epoll_ctl", errno: EBADF))
        #expect(error?.description == "epoll_ctl: Bad file descriptor (errno 9)")
        #expect(loop.registrationCount == 0)
    }

    @Test("registering the same descriptor twice is refused by epoll_ctl")
    func doubleRegistration() throws {
        let loop = try EventLoop()
        let pipe = try FileDescriptor.pipe()
        try loop.register(fd: pipe.readEnd.rawValue) {}
        #expect(throws: SystemCallError(call: "epoll_ctl", errno: EEXIST)) {
            try loop.register(fd: pipe.readEnd.rawValue) {}
        }
    }

    @Test("epoll timeouts round up to whole milliseconds so a short wait cannot spin")
    func timeoutRounding() {
        #expect(EventLoop.milliseconds(nil) == -1)
        #expect(EventLoop.milliseconds(.zero) == 0)
        #expect(EventLoop.milliseconds(.milliseconds(-5)) == 0)
        #expect(EventLoop.milliseconds(.microseconds(400)) == 1)
        #expect(EventLoop.milliseconds(.milliseconds(16)) == 16)
        #expect(EventLoop.milliseconds(.microseconds(16_001)) == 17)
        #expect(EventLoop.milliseconds(.seconds(90 * 86_400)) == Int32.max)
    }

    @Test("run(until:) sleeps until the scheduler's next deadline without spinning")
    func runSleepsUntilDeadline() throws {
        let loop = try EventLoop()
        let deadline = loop.clock.now() + .milliseconds(20)
        try loop.run(until: { loop.clock.now() >= deadline }, nextWakeup: { deadline })

        #expect(loop.clock.now() >= deadline)
        // One wait, plus a few in case a wait was cut short; a spinning loop makes thousands.
        #expect(loop.waitCalls <= 3)
        #expect(loop.wakeups == 0)
    }

    @Test("a failing call is retried after EINTR and otherwise throws with its name")
    func retryingEINTRBehaviour() throws {
        var attempts = 0
        let result = try retryingEINTR("fake") { () -> Int32 in
            attempts += 1
            if attempts < 3 { errno = EINTR; return -1 }
            return 7
        }
        #expect(result == 7)
        #expect(attempts == 3)
        #expect(throws: SystemCallError(call: "fake", errno: ENOENT)) {
            try retryingEINTR("fake") { () -> Int in errno = ENOENT; return -1 }
        }
    }
}

extension EventLoopTests {
    @Suite("Timers and wake-ups")
    struct Timers {
        @Test("a one-shot timer fires once after its delay")
        func oneShotTimer() throws {
            let loop = try EventLoop()
            var firings = 0
            let timer = try TimerSource(loop: loop) { _ in firings += 1 }
            let start = loop.clock.now()
            try timer.schedule(after: .milliseconds(20))
            #expect(timer.isArmed)

            try runUntil(loop) { firings > 0 }
            #expect(firings == 1)
            #expect(loop.clock.now() - start >= .milliseconds(20))  // timerfd never fires early
            #expect(!timer.isArmed)

            try loop.runOnce(timeout: .milliseconds(50))
            #expect(firings == 1)
        }

        @Test("a periodic timer keeps firing until it is disarmed")
        func periodicTimer() throws {
            let loop = try EventLoop()
            var expirations: UInt64 = 0
            let timer = try TimerSource(loop: loop) { expirations += $0 }
            try timer.schedule(after: .milliseconds(5), repeating: .milliseconds(5))

            try runUntil(loop) { expirations >= 3 }
            #expect(expirations >= 3)
            #expect(timer.isArmed)

            try timer.disarm()
            let seen = expirations
            try loop.runOnce(timeout: .milliseconds(30))
            #expect(expirations == seen)
            #expect(!timer.isArmed)
        }

        @Test("a timer armed for an instant that has passed fires at once")
        func pastDeadlineFiresAtOnce() throws {
            let loop = try EventLoop()
            var firings = 0
            let timer = try TimerSource(loop: loop) { _ in firings += 1 }
            try timer.schedule(at: loop.clock.now() - .seconds(5))

            try loop.runOnce(timeout: .seconds(1))
            #expect(firings == 1)
            #expect(!timer.isArmed)
        }

        @Test("a disarmed timer does not fire")
        func disarmedTimer() throws {
            let loop = try EventLoop()
            var firings = 0
            let timer = try TimerSource(loop: loop) { _ in firings += 1 }
            try timer.schedule(after: .milliseconds(10))
            try timer.disarm()

            try loop.runOnce(timeout: .milliseconds(40))
            #expect(firings == 0)
        }

        @Test("releasing a timer unregisters it from the loop")
        func releasingTimerUnregisters() throws {
            let loop = try EventLoop()
            do {
                let timer = try TimerSource(loop: loop) { _ in }
                try timer.schedule(after: .seconds(60))
                #expect(loop.registrationCount == 1)
            }
            #expect(loop.registrationCount == 0)
        }

        @Test("an idle loop makes one epoll_wait call until a descriptor becomes ready")
        func idleLoopDoesNotSpin() throws {
            let loop = try EventLoop()
            let pipe = try FileDescriptor.pipe()
            var lines: [String] = []
            try loop.register(fd: pipe.readEnd.rawValue) { lines += readLines(pipe.readEnd) }
            let raw = pipe.writeEnd.rawValue
            let thread = startThread(after: .milliseconds(50)) {
                _ = Glibc.write(raw, "tap\n", 4)
            }
            try loop.run(until: { !lines.isEmpty })  // no deadline: the scheduler has nothing to do
            pthread_join(thread, nil)

            #expect(lines == ["tap"])
            #expect(loop.waitCalls == 1)
            #expect(loop.wakeups == 1)
        }

    }
}

extension EventLoopTests {
    /// Signal masks are per thread and signals can reach the whole process, so these tests run one
    /// at a time and only send signals to their own thread with `raise` (`tgkill`). `kill(getpid())`
    /// would be process-directed: the kernel may pick any test thread that does not block the signal,
    /// and the default action would end the test run. Each test body is synchronous, so it stays on
    /// one thread from changing the mask to restoring it.
    ///
    /// The tests run on concurrency-pool threads, which libdispatch starts with almost every asynchronous signal
    /// blocked; each test therefore sets up the mask it needs first and restores the original after.
    @Suite("Signals", .serialized)
    struct Signals {
        private static func isBlocked(_ signal: Int32) -> Bool {
            var current = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &current)
            return sigismember(&current, signal) == 1
        }

        /// Runs `body` with `blocked` blocked and `unblocked` unblocked on this thread, then puts the
        /// thread's original mask back.
        private static func withMask(
            blocked: [Int32] = [], unblocked: [Int32] = [], _ body: () throws -> Void
        ) rethrows {
            var original = sigset_t()
            pthread_sigmask(SIG_BLOCK, nil, &original)
            defer { pthread_sigmask(SIG_SETMASK, &original, nil) }
            for (signals, how) in [(blocked, SIG_BLOCK), (unblocked, SIG_UNBLOCK)] {
                var set = sigset_t()
                sigemptyset(&set)
                signals.forEach { sigaddset(&set, $0) }
                pthread_sigmask(how, &set, nil)
            }
            try body()
        }

        @Test("SIGTERM sent to our own process arrives through the signal source, not the default handler")
        func sigtermThroughSignalSource() throws {
            try Self.withMask(unblocked: [SIGTERM]) {
                let loop = try EventLoop()
                var received: [Int32] = []
                do {
                    let source = try SignalSource(loop: loop) { received.append($0) }
                    try withExtendedLifetime(source) {
                        // Raise only once it is blocked: unblocked, SIGTERM would end the test run.
                        try #require(Self.isBlocked(SIGTERM))
                        #expect(raise(SIGTERM) == 0)
                        #expect(try loop.runOnce(timeout: .seconds(1)) == 1)
                    }
                }
                #expect(received == [SIGTERM])
                #expect(!Self.isBlocked(SIGTERM))
                #expect(loop.registrationCount == 0)
            }
        }

        @Test("a signal still pending when its source is released is dropped, and the mask is restored")
        func pendingSignalDroppedOnRelease() throws {
            try Self.withMask(unblocked: [SIGUSR2]) {
                let loop = try EventLoop()
                var received: [Int32] = []
                do {
                    let source = try SignalSource(loop: loop, signals: [SIGUSR2]) { received.append($0) }
                    try withExtendedLifetime(source) {
                        try #require(Self.isBlocked(SIGUSR2))
                        #expect(raise(SIGUSR2) == 0)  // stays pending: the loop never runs
                    }
                }
                // Still alive: SIGUSR2's default action would have terminated the process.
                #expect(received.isEmpty)
                #expect(!Self.isBlocked(SIGUSR2))
            }
        }

        @Test("a signal that was already blocked stays blocked after the source is released")
        func previouslyBlockedSignalStaysBlocked() throws {
            try Self.withMask(blocked: [SIGUSR1], unblocked: [SIGHUP]) {
                let loop = try EventLoop()
                do {
                    let source = try SignalSource(loop: loop, signals: [SIGUSR1, SIGHUP]) { _ in }
                    withExtendedLifetime(source) {
                        #expect(Self.isBlocked(SIGUSR1))
                        #expect(Self.isBlocked(SIGHUP))
                    }
                }
                #expect(Self.isBlocked(SIGUSR1))
                #expect(!Self.isBlocked(SIGHUP))
            }
        }
    }
}

/// What a pipe holds, as lines (the test writes whole lines).
private func readLines(_ fd: borrowing FileDescriptor) -> [String] {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = (try? buffer.withUnsafeMutableBytes { try fd.read(into: $0) }) ?? 0
    return String(decoding: buffer[..<count], as: UTF8.self).split(separator: "\n").map(String.init)
}
