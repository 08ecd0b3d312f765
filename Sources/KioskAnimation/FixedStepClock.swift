import KioskCore

/// Turns the irregular times at which the main loop wakes up into a whole number of fixed
/// simulation steps ("Fix Your Timestep!", Glenn Fiedler, 2004).
///
/// Animations and springs advance by the same `step` on every machine and every run, whatever the
/// frame rate or wake-up jitter: spring integration is then reproducible, and headless runs on a
/// virtual clock give identical pixels. Time left over that does not fill a whole step is carried
/// to the next call, so over any span the number of steps matches the elapsed time.
///
/// A stall (a slow frame, a blocked disk, the process being stopped) would otherwise ask for many
/// steps at once, and simulating them would make the next frame slower still: the "spiral of
/// death". At most `maxCatchUpSteps` steps are run per call; the excess time is dropped (the
/// simulation falls behind the wall clock by that much, visible as a brief slow-down) and counted
/// in `droppedSteps` for diagnostics.
///
/// The default step of 1/120 s is truncated to whole nanoseconds (8 333 333 ns). Because steps are
/// counted against the clock, not summed into it, the truncation causes no drift.
public struct FixedStepClock: Sendable {
    /// The kiosk's step: 1/120 s, which divides evenly into 60 Hz and 120 Hz frames (the
    /// runtime's simulation, the benchmark's settling).
    public static let standardStep = Duration.nanoseconds(1_000_000_000 / 120)

    /// The simulated time per step.
    public let step: Duration

    /// The most steps one `advance(to:)` returns.
    public let maxCatchUpSteps: Int

    /// The clock time the simulation has been brought up to: the end of the last step taken or
    /// dropped. Always a whole number of steps after the start (or the last `reset(to:)`).
    public private(set) var lastStepTime: Instant

    /// Steps that fell due but were skipped to keep up after a stall, since creation.
    public private(set) var droppedSteps = 0

    private var stepNanoseconds: Int64 { step.nanoseconds }

    /// - Parameters:
    ///   - step: simulated time per step; 1/120 s divides evenly into 60 Hz and 120 Hz frames.
    ///   - maxCatchUpSteps: cap per `advance(to:)`; 8 steps at 120 Hz cover a 67 ms hiccup.
    ///   - start: the clock time the simulation starts at.
    public init(step: Duration = FixedStepClock.standardStep, maxCatchUpSteps: Int = 8,
                start: Instant = .zero) {
        precondition(step > .zero, "a fixed step must be longer than zero")
        precondition(maxCatchUpSteps >= 1, "the clock must be allowed at least one step per call")
        self.step = step
        self.maxCatchUpSteps = maxCatchUpSteps
        self.lastStepTime = start
    }

    /// Brings the simulation up to `now` and returns how many steps to simulate (0 when less than
    /// one whole step has passed, at most `maxCatchUpSteps`). A `now` earlier than
    /// `lastStepTime` returns 0 and changes nothing.
    public mutating func advance(to now: Instant) -> Int {
        let elapsed = (now - lastStepTime).nanoseconds
        guard elapsed > 0 else { return 0 }
        let due = elapsed / stepNanoseconds
        // Move by whole steps only, so the remainder (elapsed mod step) carries to the next call.
        lastStepTime += .nanoseconds(due * stepNanoseconds)
        let run = min(due, Int64(maxCatchUpSteps))
        // Int is 64 bits on every platform the kiosk runs on; `run` ≤ maxCatchUpSteps.
        droppedSteps += Int(due - run)
        return Int(run)
    }

    /// The first step boundary strictly after `now`: when the next step falls due. The main loop
    /// does not need to wake at this pace (it simulates on frames), but a loop running the
    /// simulation without frames can sleep until here.
    public func nextStep(after now: Instant) -> Instant {
        let elapsed = (now - lastStepTime).nanoseconds
        guard elapsed >= 0 else { return lastStepTime + step }
        // Near the end of time the product overflows Int64; Instant's `+` saturates, so does this.
        let (ahead, overflow) = (elapsed / stepNanoseconds + 1).multipliedReportingOverflow(by: stepNanoseconds)
        return lastStepTime + .nanoseconds(overflow ? .max : ahead)
    }

    /// Restarts the step grid at `now` without running or dropping anything.
    ///
    /// Call it when animation resumes after the loop slept idle: the idle time was not a stall and
    /// must not be simulated (nor counted as dropped).
    public mutating func reset(to now: Instant) {
        lastStepTime = now
    }
}
