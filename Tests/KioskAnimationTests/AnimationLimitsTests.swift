import KioskCore
import Testing
@testable import KioskAnimation

/// Every animation ends in bounded time whatever numbers it is given: positions, velocities,
/// targets and durations of any size, infinity and NaN. Nothing traps.
@Suite("Animation limits")
struct AnimationLimitsTests {
    static let step = Duration.nanoseconds(1_000_000_000 / 120)
    static let extremes: [Double] = [-1e308, 1e308, -.infinity, .infinity, .nan, 1e15, -1e-300]
    /// A spring value's cap in steps, and one for rounding.
    let capSteps = 120 * Int(SpringValue.maximumDuration.inSeconds) + 1

    /// Steps until the animator stops running; nil if it still runs after `limit` steps.
    func stepsToFinish(_ animator: Animator, limit: Int) -> Int? {
        for n in 0...limit {
            if animator.state != .running { return n }
            animator.step(Self.step)
        }
        return nil
    }

    /// Steps until the spring value settles; nil if it still moves after `limit` steps.
    func stepsToSettle(_ value: SpringValue, limit: Int) -> Int? {
        for n in 0...limit {
            if value.isSettled { return n }
            value.step(Self.step)
        }
        return nil
    }

    // MARK: Animator

    @Test("an animator of any duration finishes within the one-minute cap", arguments: [
        Duration.seconds(Int64.max), .nanoseconds(Int64.max), .seconds(saturating: 1e300), .seconds(saturating: Double.infinity),
    ])
    func animatorDurationCap(duration: Duration) {
        let animator = Animator(duration: duration)
        #expect(animator.duration == Animator.maximumDuration)
        animator.start()
        #expect(stepsToFinish(animator, limit: 60 * 120 + 1) != nil)
        #expect(animator.value == 1)
        animator.duration = duration
        #expect(animator.duration == Animator.maximumDuration)
        #expect(animator.remainingDuration <= Animator.maximumDuration)
    }

    @Test("a negative or zero duration arrives on the first step")
    func animatorNegativeDuration() {
        for duration in [Duration.zero, .seconds(saturating: -1e300), .nanoseconds(Int64.min)] {
            let animator = Animator(duration: duration)
            animator.start()
            #expect(stepsToFinish(animator, limit: 1) == 1)
        }
    }

    @Test("continue(duration:) with an absurd duration still ends within the cap")
    func animatorContinueCap() {
        let animator = Animator(duration: .milliseconds(300))
        animator.start()
        animator.step(.milliseconds(150))
        animator.continue(duration: .seconds(Int64.max))
        #expect(animator.remainingDuration <= Animator.maximumDuration)
        #expect(stepsToFinish(animator, limit: 60 * 120 + 1) != nil)
    }

    @Test("scrubbing back after a slow continue does not stretch the run beyond the cap")
    func animatorScrubAfterContinue() {
        let animator = Animator(duration: .milliseconds(300))
        animator.fractionComplete = 0.999
        animator.start()
        // A whole run at this pace would take 60 s / 0.001 = 16 hours.
        animator.continue(duration: Animator.maximumDuration)
        animator.fractionComplete = 0
        #expect(animator.remainingDuration <= Animator.maximumDuration)
        #expect(stepsToFinish(animator, limit: 60 * 120 + 1) != nil)
    }

    @Test("a NaN fraction counts as the start; infinities clamp to the ends")
    func animatorFraction() {
        let animator = Animator(duration: .milliseconds(300))
        animator.fractionComplete = .nan
        #expect(animator.fractionComplete == 0)
        animator.fractionComplete = .infinity
        #expect(animator.fractionComplete == 1)
        animator.fractionComplete = -.infinity
        #expect(animator.fractionComplete == 0)
    }

    @Test("a step backwards in time changes nothing")
    func animatorNegativeStep() {
        let animator = Animator(duration: .milliseconds(300))
        animator.start()
        animator.step(.milliseconds(100))
        let before = animator.fractionComplete
        animator.step(.milliseconds(-100))
        animator.step(.seconds(Int64.min))
        #expect(animator.fractionComplete == before)
        animator.step(.seconds(Int64.max))
        #expect(animator.state == .finished)
    }

    // MARK: Springs

    @Test("a spring value with an absurd start, velocity or target settles in bounded time", arguments: extremes)
    func springValueExtremes(x: Double) {
        let cases = [
            SpringValue(value: x, target: 1),
            SpringValue(value: 1, target: 1, velocity: x),
            SpringValue(value: 0, target: x),
            SpringValue(value: x, target: -x, velocity: x),
        ]
        for value in cases {
            let steps = stepsToSettle(value, limit: capSteps)
            #expect(steps != nil, "\(value.value) → \(value.target) at \(value.velocity)")
            #expect(value.value.isFinite && value.target.isFinite && abs(value.value - value.target) <= value.tolerance)
        }
    }

    @Test("a spring value set to an absurd value mid-flight settles too")
    func springValueRetargeted() {
        let value = SpringValue(value: 0, target: 1)
        value.step(Self.step)
        value.velocity = .nan
        value.target = -.infinity
        #expect(stepsToSettle(value, limit: capSteps) != nil)
        #expect(value.value.isFinite)
    }

    @Test("an undamped spring, which would swing for ever, is stopped at its target after the cap")
    func undampedSpring() {
        let value = SpringValue(value: 0, target: 1, spring: Spring(stiffness: 100, damping: 0))
        let steps = stepsToSettle(value, limit: capSteps)
        #expect(steps != nil)
        #expect(value.value == 1)
    }

    @Test("a step of absurd length, or with absurd constants, ends instead of halving for ever")
    func springTransitionBounded() {
        let stiff = Spring(stiffness: 1e300, damping: 1, mass: 1e-300)
        let state = stiff.step(SpringState(position: 5, velocity: 1), target: 0, dt: Self.step)
        #expect(state.position.isFinite && state.velocity.isFinite)
        let spring = Spring()
        let long = spring.step(SpringState(position: 5, velocity: 1), target: 0, dt: .seconds(Int64.max))
        #expect(long.position.isFinite && long.velocity.isFinite)
        #expect(abs(long.position) < 1e-3)
        let huge = spring.step(SpringState(position: 1e308, velocity: -1e308), target: -1e308, dt: Self.step)
        #expect(!huge.position.isNaN)
    }

    @Test("settling of a state that holds NaN is false, so it is stepped and snapped")
    func nanNotSettled() {
        let spring = Spring()
        #expect(!spring.isSettled(SpringState(position: .nan, velocity: 0), target: 0, tolerance: 0.001))
    }

    // MARK: Clock

    @Test("the fixed-step clock copes with jumps to the ends of time")
    func clockJumps() {
        var clock = FixedStepClock()
        #expect(clock.advance(to: Instant(nanoseconds: .max)) == 8)
        #expect(clock.advance(to: Instant(nanoseconds: .min)) == 0)
        #expect(clock.nextStep(after: Instant(nanoseconds: .max)) >= clock.lastStepTime)
        var back = FixedStepClock(start: Instant(nanoseconds: .max))
        #expect(back.advance(to: Instant(nanoseconds: .min)) == 0)
        #expect(back.nextStep(after: Instant(nanoseconds: .min)) == Instant(nanoseconds: .max))
    }
}
