@preconcurrency import Glibc
@testable import KioskLoop
import Testing

@Suite("Cross-thread notifier")
struct CrossThreadNotifierTests {
    @Test("notifications from another thread wake the loop and arrive counted, on the loop's thread")
    func notifiesFromAnotherThread() throws {
        let loop = try EventLoop()
        var counts: [UInt64] = []
        let notifier = try CrossThreadNotifier(loop: loop) { counts.append($0) }
        let sender = notifier.sender
        var thread = pthread_t()
        let box = Unmanaged.passRetained(SenderBox(sender)).toOpaque()
        #expect(pthread_create(&thread, nil, { context in
            let box = Unmanaged<SenderBox>.fromOpaque(context!).takeRetainedValue()
            box.sender.notify()
            box.sender.notify()
            box.sender.notify()
            return nil
        }, box) == 0)
        pthread_join(thread, nil)
        // All three were sent before the loop looked: one wake-up, counted three.
        #expect(try loop.runOnce(timeout: .seconds(10)) == 1)
        #expect(counts == [3])
        #expect(try loop.runOnce(timeout: .zero) == 0)
    }
}

extension CrossThreadNotifierTests {
    @Test("the eventfd stays open while a sender lives, so a late notify never hits a descriptor that took its number")
    func senderOutlivesNotifier() throws {
        let loop = try EventLoop()
        var notifier: CrossThreadNotifier? = try CrossThreadNotifier(loop: loop) { _ in }
        var number: Int32 = -1
        do {
            let sender = notifier!.sender
            number = sender.channel.descriptor.rawValue
            notifier = nil
            #expect(fcntl(number, F_GETFD) != -1)   // still the eventfd
            sender.notify()
        }
        #expect(fcntl(number, F_GETFD) == -1)       // closed with the last sender
        withExtendedLifetime(notifier) {}
    }
}

private final class SenderBox: Sendable {
    let sender: CrossThreadNotifier.Sender
    init(_ sender: CrossThreadNotifier.Sender) { self.sender = sender }
}
