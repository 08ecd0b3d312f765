@preconcurrency import Glibc
import KioskLoop
import Synchronization

/// One `mosquitto_connect_async` on a thread of its own, reported to the loop when done.
///
/// `mosquitto_connect_async` is asynchronous only from the TCP connect on: it first resolves
/// the host with `getaddrinfo`, which for a name can block for the resolver's whole timeout
/// (5 s per server and try in glibc's defaults) when DNS is slow or down — the very moment a
/// kiosk must keep drawing. Running the call on a short-lived thread keeps host names usable
/// (and TLS certificates checked against the name, which a resolved IP would break) without
/// ever blocking the loop; an IP literal takes the same path and resolves nothing. A thread per
/// attempt is cheap at one attempt per second at most, and needs no pool.
///
/// While the thread runs, the loop must not touch the client: the bridge knows it is in its
/// `connecting` state and calls nothing on the client until ``finished`` has been called, on
/// the loop's thread, through a ``CrossThreadNotifier``.
final class ConnectAttempt {
    /// What the helper thread reports: libmosquitto's code and the errno beside it.
    struct Outcome: Sendable {
        var code: Int32
        var errno: Int32
    }

    private let notifier: CrossThreadNotifier
    private let box = OutcomeBox()

    /// Starts `call` on a new (detached) thread; `finished` runs on the loop's thread when it
    /// returned.
    init(loop: EventLoop, call: @escaping @Sendable () -> Int32,
         finished: @escaping (Outcome) -> Void) throws(SystemCallError) {
        let box = self.box
        var onDone: ((Outcome) -> Void)? = finished
        notifier = try CrossThreadNotifier(loop: loop) { _ in
            guard let result = box.value.withLock({ $0 }) else { return }
            onDone?(result)
            onDone = nil
        }
        let sender = notifier.sender
        let job = Job(run: {
            let code = call()
            let saved = Glibc.errno
            box.value.withLock { $0 = Outcome(code: code, errno: saved) }
            sender.notify()
        })
        // Detached: nothing joins it; the loop learns of its end from the eventfd, and
        // ``waitUntilDone(timeout:)`` from the outcome.
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        var handle = pthread_t()
        let context = Unmanaged.passRetained(job).toOpaque()
        let rc = pthread_create(&handle, &attributes, { context in
            let job = Unmanaged<Job>.fromOpaque(context!).takeRetainedValue()
            job.run()
            return nil
        }, context)
        guard rc == 0 else {
            Unmanaged<Job>.fromOpaque(context).release()
            throw SystemCallError(call: "pthread_create", errno: rc)
        }
    }

    /// Whether the call has returned.
    var isDone: Bool { box.value.withLock { $0 != nil } }

    /// Waits up to `timeout` (in 10 ms naps: only at stop) for the call to return; true when it
    /// did, and the client may be destroyed. False: the thread still uses the client, which
    /// the caller must then leak.
    func waitUntilDone(timeout: Duration) -> Bool {
        var waited = Duration.zero
        while !isDone {
            guard waited < timeout else { return false }
            var nap = timespec(tv_sec: 0, tv_nsec: 10_000_000)
            nanosleep(&nap, nil)
            waited += .milliseconds(10)
        }
        return true
    }
}

/// The thread's body, handed over as an unmanaged pointer.
private final class Job: Sendable {
    let run: @Sendable () -> Void
    init(run: @escaping @Sendable () -> Void) { self.run = run }
}

/// Where the thread leaves its outcome for the loop.
private final class OutcomeBox: Sendable {
    let value = Mutex<ConnectAttempt.Outcome?>(nil)
}
