import CLinux
import Glibc

/// Wakes the event loop from another thread or from a C callback, built on an `eventfd`.
///
/// The loop side (this class) is confined to the loop's thread like ``EventLoop`` itself; the
/// ``Notifier`` it hands out is `Sendable` and may be called from anywhere. Wake-ups that
/// arrive before the loop runs are coalesced: the handler runs once per loop wake-up, however
/// many `wake()` calls preceded it, so the handler must look at shared state to see what to do.
public final class Wakeup {
    /// The thread-safe half: owns the `eventfd`, so the descriptor stays open for as long as any
    /// thread still holds a notifier, even after the ``Wakeup`` is gone.
    public final class Notifier: Sendable {
        let descriptor: FileDescriptor

        init(descriptor: consuming FileDescriptor) {
            self.descriptor = descriptor
        }

        /// Makes the loop's next (or current) `epoll_wait` return and call the handler.
        /// Safe from any thread and never blocks: one `write(2)` of an 8-byte 1, no lock, no
        /// allocation.
        public func wake() {
            var one: UInt64 = 1
            do {
                _ = try withUnsafeBytes(of: &one) { bytes throws(SystemCallError) in
                    try descriptor.write(bytes)
                }
            } catch {
                // EAGAIN: the counter is at its maximum, so a wake-up is already pending.
                assert(error.isWouldBlock, "\(error)")
            }
        }
    }

    /// Give this to the thread or C callback that needs to wake the loop.
    public let notifier: Notifier
    private let loop: EventLoop
    private let handler: () -> Void
    private var registration: EventLoop.Registration?

    /// Creates an `eventfd` and registers it with `loop`.
    ///
    /// - Parameter handler: called on the loop's thread after one or more `wake()` calls.
    public init(loop: EventLoop, handler: @escaping () -> Void) throws(SystemCallError) {
        self.loop = loop
        self.handler = handler
        // eventfd is missing from Swift's Glibc module; CLinux provides it.
        let fd = try retryingEINTR("eventfd") { eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)) }
        self.notifier = Notifier(descriptor: FileDescriptor(adopting: fd))
        self.registration = try loop.register(fd: fd) { [weak self] in self?.drain() }
    }

    deinit {
        if let registration { loop.unregister(registration) }
    }

    /// Same as `notifier.wake()`, for callers on the loop's thread.
    public func wake() {
        notifier.wake()
    }

    private func drain() {
        let count: UInt64?
        do {
            // Reading an eventfd returns the counter and resets it to zero in one step.
            count = try notifier.descriptor.readCounter()
        } catch {
            preconditionFailure("\(error)")  // only EAGAIN is possible, and readCounter handles it
        }
        if count != nil { handler() }
    }
}
