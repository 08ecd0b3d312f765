@preconcurrency import Glibc

/// Runs blocking jobs one at a time on a thread of its own and hands each result back on the
/// loop's thread, in the order the jobs were submitted.
///
/// For the few calls that must block and must not block the loop: an `fsync` of the state
/// file (milliseconds, more on an SD card), an ioctl that waits for the vertical blank. A job
/// gets nothing but what it captures (it must be `@Sendable`); its completion runs on the loop
/// like any other handler, woken through a ``CrossThreadNotifier``. Idle, the thread sleeps
/// on a condition variable and the loop is not woken.
package final class BlockingWorker {
    /// What the two threads share; touched only under `mutex`.
    private final class Shared: @unchecked Sendable {
        let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        /// Signalled when a job is queued or the worker stops.
        let work = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        /// Signalled when a job finished.
        let done = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
        var queue: [@Sendable () -> any Sendable] = []
        var results: [any Sendable] = []
        var running = false
        var stopping = false
        let sender: CrossThreadNotifier.Sender

        init(sender: CrossThreadNotifier.Sender) {
            self.sender = sender
            pthread_mutex_init(mutex, nil)
            pthread_cond_init(work, nil)
            pthread_cond_init(done, nil)
        }

        deinit {
            pthread_cond_destroy(done)
            pthread_cond_destroy(work)
            pthread_mutex_destroy(mutex)
            mutex.deallocate()
            work.deallocate()
            done.deallocate()
        }

        /// The thread: take a job, run it unlocked, keep its result, wake the loop.
        func run() {
            pthread_mutex_lock(mutex)
            while true {
                while queue.isEmpty && !stopping { pthread_cond_wait(work, mutex) }
                if queue.isEmpty { break }   // stopping, and everything queued has run
                let job = queue.removeFirst()
                running = true
                pthread_mutex_unlock(mutex)
                let result = job()
                pthread_mutex_lock(mutex)
                running = false
                results.append(result)
                pthread_cond_broadcast(done)
                sender.notify()
            }
            pthread_mutex_unlock(mutex)
        }
    }

    private let shared: Shared
    private let notifier: CrossThreadNotifier
    private var thread: pthread_t?
    /// Completions of the jobs not yet handed back, oldest first.
    private var completions: [(any Sendable) -> Void] = []

    /// Starts the thread.
    package init(loop: EventLoop) throws(SystemCallError) {
        var deliver: () -> Void = {}
        notifier = try CrossThreadNotifier(loop: loop) { _ in deliver() }
        shared = Shared(sender: notifier.sender)
        var thread = pthread_t()
        let context = Unmanaged.passRetained(shared).toOpaque()
        let result = pthread_create(&thread, nil, { context in
            Unmanaged<Shared>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        guard result == 0 else {
            Unmanaged<Shared>.fromOpaque(context).release()
            throw SystemCallError(call: "pthread_create", errno: result)
        }
        self.thread = thread
        deliver = { [unowned self] in self.deliverResults() }
    }

    deinit { stop() }

    /// Jobs submitted whose completion has not run yet.
    package var pendingJobs: Int { completions.count }

    /// Queues `job`; `completion` gets its result on the loop's thread once it has run.
    package func submit<Result: Sendable>(_ job: @escaping @Sendable () -> Result,
                                         then completion: @escaping (Result) -> Void) {
        precondition(thread != nil, "a job was submitted to a stopped worker")
        completions.append { completion($0 as! Result) }
        pthread_mutex_lock(shared.mutex)
        shared.queue.append { job() }
        pthread_cond_signal(shared.work)
        pthread_mutex_unlock(shared.mutex)
    }

    /// Waits until every job submitted so far has run, and runs their completions now: for the
    /// end of a run, when nothing may be left half done.
    package func finishAll() {
        pthread_mutex_lock(shared.mutex)
        while !shared.queue.isEmpty || shared.running { pthread_cond_wait(shared.done, shared.mutex) }
        pthread_mutex_unlock(shared.mutex)
        deliverResults()
    }

    /// Runs what is queued, then ends the thread and joins it. Idempotent.
    package func stop() {
        guard let thread else { return }
        pthread_mutex_lock(shared.mutex)
        shared.stopping = true
        pthread_cond_signal(shared.work)
        pthread_mutex_unlock(shared.mutex)
        pthread_join(thread, nil)
        self.thread = nil
        deliverResults()
    }

    /// Hands the finished jobs' results to their completions, oldest first.
    private func deliverResults() {
        pthread_mutex_lock(shared.mutex)
        let results = shared.results
        shared.results.removeAll()
        pthread_mutex_unlock(shared.mutex)
        for result in results {
            let completion = completions.removeFirst()
            completion(result)
        }
    }
}
