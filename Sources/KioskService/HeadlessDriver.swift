import KioskCore
import KioskBackend

/// Drives a `KioskRuntime` on a virtual clock: time jumps straight to the next thing that
/// can happen (a scripted touch, a frame, a gesture time-out), so a run takes milliseconds of
/// real time and gives the same events and pixels on every machine.
public final class HeadlessDriver {
    public let runtime: KioskRuntime
    public let backend: HeadlessBackend
    public private(set) var now = Instant.zero

    public init(runtime: KioskRuntime, backend: HeadlessBackend) {
        self.runtime = runtime
        self.backend = backend
    }

    /// Plays `touches` (sorted by time, panel coordinates). Ends at `until`, or else when the
    /// script is over and nothing moves any more (or at `Instant.endOfTime`, where the clock
    /// cannot step). The last state is always on the scanout buffer when it returns.
    public func run(touches: [TouchEvent], until: Instant? = nil) {
        var next = 0
        runtime.advance(to: now)
        runtime.renderFrameIfNeeded(at: now)
        while true {
            let touchTime = next < touches.count ? touches[next].time : nil
            let wake = runtime.nextWakeup(now: now, flipDeadline: backend.pendingFlipDeadline)
            guard let target = [touchTime, wake].compactMap({ $0 }).min() else { break }
            if let until, target > until {
                step(to: until)
                break
            }
            step(to: max(now, target))
            while next < touches.count, touches[next].time <= now {
                runtime.handle(touches[next])
                next += 1
            }
            runtime.renderFrameIfNeeded(at: now)
            // Time saturates here, so nothing could move on: every wake-up would be now again.
            // (A script's times end at 1e9 ms; only touches made in code get this far.)
            if now == .endOfTime { break }
        }
        finish()
    }

    private func step(to time: Instant) {
        now = time
        backend.advance(to: now)
        runtime.advance(to: now)
    }

    /// Lets a pending flip complete and draws what is still damaged, so the screenshot shows
    /// the final state and every event has left.
    private func finish() {
        if let due = backend.pendingFlipDeadline { backend.advance(to: due) }
        runtime.renderFrameIfNeeded(at: now)
        runtime.flushEvents()
    }
}
