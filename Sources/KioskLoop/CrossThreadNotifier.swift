import CLinux
import Glibc
import KioskCore

/// Lets another thread wake the loop: an `eventfd` registered in the loop, whose handler runs
/// on the loop's thread after one or more ``Sender/notify()`` calls.
///
/// For work that can only be done by blocking (an ioctl that waits for the vertical blank):
/// a thread blocks, the loop stays free, and the result arrives as one more descriptor.
/// Notifications that pile up before the loop reads them are counted, not queued: the handler
/// gets how many there were.
///
/// Keep a reference for as long as notifications should reach the handler; releasing it
/// unregisters it. The `eventfd` itself lives as long as any ``Sender`` does: a thread that
/// notifies after the notifier is gone (a detached helper finishing late) writes into an
/// eventfd nobody reads, never into whatever descriptor the kernel gave that number next.
package final class CrossThreadNotifier {
    /// What the other thread holds: it can only notify.
    package struct Sender: Sendable {
        let channel: Channel

        /// Adds one to the count and wakes the loop. Never blocks (the counter would have to
        /// reach 2⁶⁴ − 1 first).
        package func notify() {
            var one: UInt64 = 1
            _ = withUnsafeBytes(of: &one) { bytes in
                try? retryingEINTR("write") { Glibc.write(channel.descriptor.rawValue, bytes.baseAddress, bytes.count) }
            }
        }
    }

    /// The eventfd, shared by the notifier and its senders and closed after the last of them.
    final class Channel: Sendable {
        let descriptor: FileDescriptor
        init(_ descriptor: consuming FileDescriptor) { self.descriptor = descriptor }
    }

    private let loop: EventLoop
    private let channel: Channel
    private var descriptor: FileDescriptor { _read { yield channel.descriptor } }
    private let handler: (_ notifications: UInt64) -> Void
    private var registration: EventLoop.Registration?

    /// - Parameter handler: called on the loop's thread with the number of notifications since
    ///   the last call (at least 1).
    package init(loop: EventLoop, handler: @escaping (_ notifications: UInt64) -> Void) throws(SystemCallError) {
        self.loop = loop
        self.handler = handler
        let fd = try retryingEINTR("eventfd") { eventfd(0, Int32(EFD_CLOEXEC) | Int32(EFD_NONBLOCK)) }
        channel = Channel(FileDescriptor(adopting: fd))
        registration = try loop.register(fd: fd) { [weak self] in self?.drain() }
    }

    deinit {
        if let registration { loop.unregister(registration) }
    }

    /// The handle for the other thread.
    package var sender: Sender { Sender(channel: channel) }

    private func drain() {
        let count: UInt64?
        do { count = try descriptor.readCounter() } catch {
            // An eventfd read fails only with EAGAIN (nil above) or for a corrupted descriptor.
            preconditionFailure("\(error)")
        }
        guard let count, count > 0 else { return }
        handler(count)
    }
}
