import KioskLoop
import Synchronization
import Testing

@Suite("Blocking worker")
struct BlockingWorkerTests {
    @Test("jobs run off the loop, one at a time, and their results come back on the loop in order")
    func resultsInOrder() throws {
        let loop = try EventLoop()
        let worker = try BlockingWorker(loop: loop)
        let running = Atomic<Int>(0)
        let overlapped = Atomic<Bool>(false)
        var results: [Int] = []
        for n in 1...5 {
            worker.submit({ () -> Int in
                if running.add(1, ordering: .sequentiallyConsistent).newValue > 1 {
                    overlapped.store(true, ordering: .relaxed)
                }
                defer { running.subtract(1, ordering: .sequentiallyConsistent) }
                return n * n
            }, then: { results.append($0) })
        }
        #expect(worker.pendingJobs == 5)
        // Bounded (10 s): a job that never reports fails the expectation below instead of hanging.
        for _ in 0..<50 where results.count < 5 { _ = try loop.runOnce(timeout: .milliseconds(200)) }
        #expect(results == [1, 4, 9, 16, 25])
        let didOverlap = overlapped.load(ordering: .relaxed)
        #expect(!didOverlap)
        #expect(worker.pendingJobs == 0)
    }

    @Test("finishAll waits for every job and runs the completions at once, without the loop")
    func finishAll() throws {
        let loop = try EventLoop()
        let worker = try BlockingWorker(loop: loop)
        var done: [String] = []
        worker.submit({ "a" }, then: { done.append($0) })
        worker.submit({ "b" }, then: { done.append($0) })
        worker.finishAll()
        #expect(done == ["a", "b"])
        // The wake-up that was already sent finds nothing left to hand back.
        _ = try loop.runOnce(timeout: .zero)
        #expect(done == ["a", "b"])
    }

    @Test("stop runs what was queued, then the thread ends")
    func stopRunsQueued() throws {
        let loop = try EventLoop()
        let worker = try BlockingWorker(loop: loop)
        var done = 0
        worker.submit({ 1 }, then: { done += $0 })
        worker.stop()
        #expect(done == 1)
        worker.stop()
    }

    @Test("idle, the loop has nothing to do")
    func idle() throws {
        let loop = try EventLoop()
        let worker = try BlockingWorker(loop: loop)
        #expect(try loop.runOnce(timeout: .zero) == 0)
        withExtendedLifetime(worker) {}
    }
}
