import CLinux
import Glibc

/// Delivers Unix signals as ordinary loop callbacks, built on a `signalfd`.
///
/// The signals are blocked with `pthread_sigmask`, so the kernel keeps them pending instead of
/// running their default action (SIGTERM, SIGINT, SIGHUP, SIGUSR1 and SIGUSR2 all terminate the
/// process by default), and the loop reads them from the `signalfd` like any other input. This
/// needs no async-signal-safe handler code, and a SIGTERM from systemd becomes a normal,
/// orderly shutdown on the main thread.
///
/// A signal mask is per thread. The kiosk creates its `SignalSource` on the main thread before
/// it starts any other thread, so every thread inherits the mask; a thread that does not block a
/// signal sent to the whole process (`kill`) may receive it and die of the default action.
/// Signals sent to one thread (`raise`, `pthread_kill`) reach only that thread's mask.
///
/// Standard signals do not queue: two SIGTERMs that arrive before the loop reads are delivered
/// once. Releasing the source unregisters it, drops signals still pending, and unblocks only the
/// signals that were not blocked before it was created, so nested sources compose.
package final class SignalSource {
    /// The signals a kiosk service handles: SIGTERM (systemd stop), SIGINT (Ctrl-C), SIGHUP
    /// (reload), and SIGUSR1/SIGUSR2 (kept for virtual-terminal switching).
    package static let serviceSignals: [Int32] = [SIGTERM, SIGINT, SIGHUP, SIGUSR1, SIGUSR2]

    /// The signals this source receives.
    package let signals: [Int32]
    private let loop: EventLoop
    private let descriptor: FileDescriptor
    private let onSignal: (Int32) -> Void
    private var registration: EventLoop.Registration?
    /// The signals this source blocked and must unblock again; empty until `init` succeeds.
    private var blockedHere = sigset_t()

    /// Blocks `signals` on the calling thread and delivers them to `onSignal` through `loop`.
    ///
    /// - Parameter onSignal: called on the loop's thread with the signal number, once per
    ///   signal read.
    package init(
        loop: EventLoop, signals: [Int32] = SignalSource.serviceSignals, onSignal: @escaping (Int32) -> Void
    ) throws(SystemCallError) {
        self.loop = loop
        self.signals = signals
        self.onSignal = onSignal
        var set = sigset_t()
        sigemptyset(&set)
        for signal in signals {
            precondition(sigaddset(&set, signal) == 0, "not a signal number: \(signal)")
        }
        // signalfd is missing from Swift's Glibc module; CLinux provides it.
        let fd = try retryingEINTR("signalfd") { signalfd(-1, &set, Int32(SFD_CLOEXEC) | Int32(SFD_NONBLOCK)) }
        self.descriptor = FileDescriptor(adopting: fd)
        self.registration = try loop.register(fd: fd) { [weak self] in self?.drain() }

        // Block last: nothing can fail after this point, so a failed init never leaves the
        // thread's mask changed. pthread_sigmask rather than sigprocmask, whose effect POSIX
        // leaves unspecified once a process has threads (on Linux the two are the same call).
        var previous = sigset_t()
        let result = pthread_sigmask(SIG_BLOCK, &set, &previous)
        precondition(result == 0, "\(SystemCallError(call: "pthread_sigmask", errno: result))")
        sigemptyset(&blockedHere)
        for signal in signals where sigismember(&previous, signal) == 0 {
            sigaddset(&blockedHere, signal)
        }
    }

    deinit {
        if let registration { loop.unregister(registration) }
        // Unblocking a signal that is still pending would run its default action now, which for
        // all of these is to terminate the process: read and drop what is left first.
        while (try? readOne()) != nil {}
        _ = pthread_sigmask(SIG_UNBLOCK, &blockedHere, nil)
    }

    private func drain() {
        do {
            while let signal = try readOne() { onSignal(signal) }
        } catch {
            // signalfd reads fail only with EAGAIN (handled) or EINVAL for a short buffer.
            preconditionFailure("\(error)")
        }
    }

    /// Reads one `signalfd_siginfo`; nil when no signal is pending.
    private func readOne() throws(SystemCallError) -> Int32? {
        var info = signalfd_siginfo()
        do {
            let count = try withUnsafeMutableBytes(of: &info) { buffer throws(SystemCallError) in
                try descriptor.read(into: buffer)
            }
            precondition(count == MemoryLayout<signalfd_siginfo>.size, "short signalfd read: \(count) bytes")
            return Int32(bitPattern: info.ssi_signo)
        } catch where error.isWouldBlock {
            return nil
        }
    }
}
