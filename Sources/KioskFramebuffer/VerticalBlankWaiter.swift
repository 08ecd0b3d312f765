import KioskLoop

/// Waits for the framebuffer's vertical blank off the loop and tells it.
///
/// FBIO_WAITFORVSYNC blocks the caller until the next blank (up to a frame): called from the
/// loop it would stall input and everything else. A ``BlockingWorker`` does the waiting, one
/// blank per ``request()``, and `onBlank` runs on the loop once the blank has passed. Idle,
/// nothing waits and nothing wakes up.
final class VerticalBlankWaiter {
    private let worker: BlockingWorker
    private let wait: @Sendable () -> Void
    private let onBlank: () -> Void

    /// - Parameters:
    ///   - wait: blocks until the next vertical blank (an error, e.g. a driver's timeout, also
    ///     returns: the frame is then done a blank late, never lost).
    ///   - onBlank: on the loop's thread, once per blank waited for.
    init(loop: EventLoop, wait: @escaping @Sendable () -> Void, onBlank: @escaping () -> Void) throws(SystemCallError) {
        worker = try BlockingWorker(loop: loop)
        self.wait = wait
        self.onBlank = onBlank
    }

    /// Asks for the next vertical blank; `onBlank` follows once it has passed.
    func request() {
        let onBlank = self.onBlank
        worker.submit(wait) { onBlank() }
    }

    /// Ends the waiting (after the blank it may be waiting for). Idempotent.
    func stop() { worker.stop() }
}
