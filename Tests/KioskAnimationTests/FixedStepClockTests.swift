import KioskCore
import Testing
import KioskAnimation

/// 1/120 s truncated to whole nanoseconds, as the clock's default step is.
private let step = Int64(8_333_333)

@Test("the default step is 1/120 s in whole nanoseconds")
func defaultStep() {
    let clock = FixedStepClock()
    #expect(clock.step == .nanoseconds(step))
    #expect(clock.maxCatchUpSteps == 8)
    #expect(clock.lastStepTime == .zero)
}

@Test("the fixed-step clock runs three steps for 25 ms at 120 Hz and carries the remainder")
func threeStepsAndRemainder() {
    var clock = FixedStepClock()
    #expect(clock.advance(to: .milliseconds(30)) == 3)
    #expect(clock.lastStepTime == Instant(nanoseconds: 3 * step))
    // 5 ms were left over; 4 ms more make a whole step only because they are carried.
    #expect(clock.advance(to: .milliseconds(34)) == 1)
    #expect(clock.lastStepTime == Instant(nanoseconds: 4 * step))

    var exact = FixedStepClock()
    #expect(exact.advance(to: .milliseconds(25)) == 3)
    // 25 ms is 1 ns longer than three steps; that nanosecond counts towards the next step.
    #expect(exact.advance(to: Instant(nanoseconds: 25_000_000 + step - 1)) == 1)
    #expect(exact.droppedSteps == 0)
}

@Test("less than a step of time runs no step, and time running backwards changes nothing")
func partialAndBackwards() {
    var clock = FixedStepClock(start: .milliseconds(100))
    #expect(clock.advance(to: .milliseconds(105)) == 0)
    #expect(clock.advance(to: .milliseconds(50)) == 0)
    #expect(clock.lastStepTime == .milliseconds(100))
    #expect(clock.advance(to: .milliseconds(109)) == 1)
}

@Test("over a long run the step count follows the clock, whatever the wake-up times")
func stepsFollowTheClock() {
    var clock = FixedStepClock()
    var total = 0
    var now = Instant.zero
    // Irregular wake-ups between 1 and 23 ms, never a stall.
    for i in 0..<500 {
        now += .milliseconds(1 + (i * 7) % 23)
        total += clock.advance(to: now)
    }
    #expect(Int64(total) == now.nanoseconds / step)
    #expect(clock.droppedSteps == 0)
}

@Test("a stall longer than the catch-up cap drops the excess steps")
func stallDropsExcess() {
    var clock = FixedStepClock()
    #expect(clock.advance(to: .seconds(1)) == 8)
    // One second holds 120 whole steps; 112 are dropped, not owed.
    #expect(clock.droppedSteps == 112)
    #expect(clock.lastStepTime == Instant(nanoseconds: 120 * step))
    #expect(clock.advance(to: .seconds(1) + .milliseconds(10)) == 1)
    #expect(clock.droppedSteps == 112)
}

@Test("the next step falls due at the first step boundary after now")
func nextStepBoundary() {
    var clock = FixedStepClock()
    #expect(clock.nextStep(after: .zero) == Instant(nanoseconds: step))
    #expect(clock.nextStep(after: .milliseconds(20)) == Instant(nanoseconds: 3 * step))
    _ = clock.advance(to: .milliseconds(20))
    #expect(clock.nextStep(after: .milliseconds(20)) == Instant(nanoseconds: 3 * step))
    #expect(clock.nextStep(after: Instant(nanoseconds: 3 * step)) == Instant(nanoseconds: 4 * step))
}

@Test("resetting after an idle sleep neither runs nor drops the idle time")
func resetAfterIdle() {
    var clock = FixedStepClock()
    _ = clock.advance(to: .milliseconds(20))
    clock.reset(to: .seconds(30))
    #expect(clock.advance(to: .seconds(30) + .milliseconds(9)) == 1)
    #expect(clock.droppedSteps == 0)
}
