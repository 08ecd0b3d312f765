@preconcurrency import Glibc
import KioskLoop

/// Waits for the framebuffer's vertical blank on a thread of its own and tells the loop.
///
/// FBIO_WAITFORVSYNC blocks the caller until the next blank (up to a frame): called from the
/// loop it would stall input and everything else. Here one thread does nothing but wait, one
/// blank per ``request()``, and each blank reaches the loop through a ``CrossThreadNotifier``
/// (a descriptor like any other), where `onBlank` runs. Idle, the thread sleeps on its
/// condition variable and nothing wakes up.
final class VerticalBlankWaiter {
    /// What the two threads share; only touched under `mutex`.
    private final class Shared: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Blanks asked for and not yet waited for.
        var requested = 0
        var stopping = false
        let wait: @Sendable () -> Void
        let sender: CrossThreadNotifier.Sender

        init(wait: @escaping @Sendable () -> Void, sender: CrossThreadNotifier.Sender) {
            self.wait = wait
            self.sender = sender
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(condition, nil)
        }

        deinit {
            pthread_cond_destroy(condition)
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
            condition.deallocate()
        }

        /// The thread: wait for a request, wait for the blank, notify; until stopped.
        func run() {
            while true {
                pthread_mutex_lock(mutex)
                while requested == 0 && !stopping { pthread_cond_wait(condition, mutex) }
                if stopping {
                    pthread_mutex_unlock(mutex)
                    return
                }
                requested -= 1
                pthread_mutex_unlock(mutex)
                wait()
                sender.notify()
            }
        }
    }

    private let shared: Shared
    private let notifier: CrossThreadNotifier
    private var thread: pthread_t?

    /// Starts the thread.
    /// - Parameters:
    ///   - wait: blocks until the next vertical blank (an error, e.g. a driver's timeout, also
    ///     returns: the frame is then done a blank late, never lost).
    ///   - onBlank: on the loop's thread, once per blank waited for.
    init(loop: EventLoop, wait: @escaping @Sendable () -> Void, onBlank: @escaping () -> Void) throws(SystemCallError) {
        notifier = try CrossThreadNotifier(loop: loop) { count in
            for _ in 0..<count { onBlank() }
        }
        shared = Shared(wait: wait, sender: notifier.sender)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(shared).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            let shared = Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue()
            shared.run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Shared>.fromOpaque(context).release()
            throw SystemCallError(call: "pthread_create", errno: result)
        }
        self.thread = thread
    }

    deinit { stop() }

    /// Asks for the next vertical blank; `onBlank` follows once it has passed.
    func request() {
        pthread_mutex_lock(shared.mutex)
        shared.requested += 1
        pthread_cond_signal(shared.condition)
        pthread_mutex_unlock(shared.mutex)
    }

    /// Ends the thread (after the blank it may be waiting for) and joins it. Idempotent.
    func stop() {
        guard let thread else { return }
        self.thread = nil
        pthread_mutex_lock(shared.mutex)
        shared.stopping = true
        pthread_cond_signal(shared.condition)
        pthread_mutex_unlock(shared.mutex)
        pthread_join(thread, nil)
    }
}
