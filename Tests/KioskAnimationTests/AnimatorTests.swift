import KioskCore
import Testing
import KioskAnimation

private let tick = Duration.milliseconds(10)

/// The largest slope of `easing` over 0…1, sampled finely (the bound on how far `value` may move
/// per unit of fraction).
private func maximumSlope(of easing: Easing) -> Double {
    stride(from: 0.0, through: 1.0, by: 0.001).map { easing.slope(at: $0) }.max()!
}

/// Steps `animator` until it stops running (or `limit` steps); returns the steps taken and the
/// value after each.
@discardableResult
private func runToCompletion(_ animator: Animator, limit: Int = 1_000) -> (steps: Int, values: [Double]) {
    var values: [Double] = []
    while animator.state == .running, values.count < limit {
        animator.step(tick)
        values.append(animator.value)
    }
    return (values.count, values)
}

@Test("a started animator reaches the end in its duration and reports .end once")
func runsToTheEnd() {
    let animator = Animator(duration: .milliseconds(300))
    var reported: [Animator.Position] = []
    animator.completion = { reported.append($0) }
    animator.start()
    let (steps, values) = runToCompletion(animator)
    #expect(steps == 30)
    #expect(animator.state == .finished)
    #expect(animator.value == 1)
    #expect(reported == [.end])
    #expect(zip(values, values.dropFirst()).allSatisfy { $0 < $1 })
    animator.step(tick)
    #expect(reported == [.end])
}

@Test("the drawn value is the eased fraction")
func valueIsEasedFraction() {
    let animator = Animator(duration: .milliseconds(300), easing: .easeInOut)
    animator.start()
    for _ in 0..<10 { animator.step(tick) }
    #expect(abs(animator.fractionComplete - 1.0 / 3) < 1e-12)
    #expect(animator.value == Easing.easeInOut(animator.fractionComplete))
}

@Test("an animator reversed half-way returns to the start in half the duration without a jump")
func reverseHalfWay() {
    let easing = Easing.easeOut
    let animator = Animator(duration: .milliseconds(300), easing: easing)
    var reported: [Animator.Position] = []
    animator.completion = { reported.append($0) }
    animator.start()
    var values = [animator.value]
    for _ in 0..<15 {
        animator.step(tick)
        values.append(animator.value)
    }
    #expect(abs(animator.fractionComplete - 0.5) < 1e-12)
    #expect(animator.remainingDuration == .milliseconds(150))

    animator.reverse()
    #expect(animator.isReversed)
    #expect(animator.state == .running)
    #expect(animator.value == values.last!)
    #expect(animator.remainingDuration == .milliseconds(150))

    let (steps, back) = runToCompletion(animator)
    values += back
    #expect(steps == 15)
    #expect(animator.value == 0)
    #expect(reported == [.start])
    // Per step the value moves at most slope × Δfraction, across the turn as everywhere else.
    let bound = maximumSlope(of: easing) * (10.0 / 300) + 1e-9
    for (a, b) in zip(values, values.dropFirst()) {
        #expect(abs(b - a) <= bound)
    }
}

@Test("reversing twice runs forwards again from the same place")
func reverseTwice() {
    let animator = Animator(duration: .milliseconds(200))
    animator.start()
    for _ in 0..<5 { animator.step(tick) }
    animator.reverse()
    for _ in 0..<2 { animator.step(tick) }
    let value = animator.value
    animator.reverse()
    #expect(animator.value == value)
    #expect(!animator.isReversed)
    let (steps, _) = runToCompletion(animator)
    #expect(steps == 17)
}

@Test("pausing holds the value; continuing resumes from it")
func pauseAndContinue() {
    let animator = Animator(duration: .milliseconds(300), easing: .easeInOut)
    animator.start()
    for _ in 0..<12 { animator.step(tick) }
    animator.pause()
    let held = animator.value
    #expect(animator.state == .paused)
    for _ in 0..<50 { animator.step(tick) }
    #expect(animator.value == held)

    animator.continue()
    #expect(animator.state == .running)
    #expect(animator.value == held)
    animator.step(tick)
    let bound = maximumSlope(of: .easeInOut) * (10.0 / 300) + 1e-9
    #expect(animator.value > held && animator.value - held <= bound)
    let (steps, _) = runToCompletion(animator)
    #expect(steps == 17)
}

@Test("continuing with a duration makes the remaining part take exactly that long")
func continueWithDuration() {
    let animator = Animator(duration: .milliseconds(300))
    animator.start()
    for _ in 0..<10 { animator.step(tick) }
    animator.pause()
    animator.continue(duration: .milliseconds(50))
    #expect(animator.remainingDuration == .milliseconds(50))
    let (steps, _) = runToCompletion(animator)
    #expect(steps == 5)
    #expect(animator.value == 1)
    // The next run is back at the animator's own pace.
    animator.isReversed = true
    animator.start()
    #expect(animator.remainingDuration == .milliseconds(300))
}

@Test("cancel leaves the value where it was")
func cancelKeepsValue() {
    let animator = Animator(duration: .milliseconds(300))
    var completions = 0
    animator.completion = { _ in completions += 1 }
    animator.start()
    for _ in 0..<7 { animator.step(tick) }
    let value = animator.value
    animator.cancel()
    #expect(animator.state == .inactive)
    #expect(animator.value == value)
    animator.step(tick)
    #expect(animator.value == value)
    #expect(completions == 0)
}

@Test("finishing jumps to the requested position and reports it")
func finishAtPositions() {
    let animator = Animator(duration: .milliseconds(300))
    var reported: [Animator.Position] = []
    animator.completion = { reported.append($0) }
    animator.start()
    for _ in 0..<10 { animator.step(tick) }
    let value = animator.value
    animator.finish(at: .current)
    #expect(animator.value == value)
    animator.finish(at: .end)
    #expect(animator.value == 1)
    animator.finish(at: .start)
    #expect(animator.value == 0)
    #expect(reported == [.current, .end, .start])
    #expect(animator.state == .finished)
}

@Test("a finished animator reversed runs back the whole way (show, then dismiss)")
func finishedAnimatorRunsBack() {
    let animator = Animator(duration: .milliseconds(300))
    var reported: [Animator.Position] = []
    animator.completion = { reported.append($0) }
    animator.start()
    runToCompletion(animator)
    animator.reverse()
    let (steps, _) = runToCompletion(animator)
    #expect(steps == 30)
    #expect(reported == [.end, .start])
}

@Test("an interactive drag scrubs a paused animator, and release finishes from the finger's place")
func interactiveDrag() {
    let animator = Animator(duration: .milliseconds(300))
    animator.pause()
    for fraction in [0.1, 0.25, 0.4] {
        animator.fractionComplete = fraction
        #expect(animator.value == Easing.easeOut(fraction))
    }
    animator.fractionComplete = 1.7
    #expect(animator.fractionComplete == 1)
    animator.fractionComplete = 0.4
    // Released while moving back towards the edge: dismiss from here.
    animator.reverse()
    #expect(animator.state == .paused)
    animator.continue()
    let (steps, _) = runToCompletion(animator)
    #expect(steps == 12)
    #expect(animator.value == 0)
}

@Test("a completion handler may restart the animator that finished")
func completionMayRestart() {
    let animator = Animator(duration: .milliseconds(50), easing: .linear)
    var laps = 0
    animator.completion = { [unowned animator] _ in
        laps += 1
        if laps < 3 { animator.reverse() }
    }
    animator.start()
    let (steps, _) = runToCompletion(animator)
    #expect(laps == 3)
    #expect(steps == 15)
    #expect(animator.value == 1)
}

@Test("a zero-length animator arrives on its first step")
func zeroDuration() {
    let animator = Animator(duration: .zero)
    animator.start()
    animator.step(.zero)
    #expect(animator.state == .finished)
    #expect(animator.value == 1)
}

@Test("velocity reports how fast the drawn value moves")
func velocityMatchesMotion() {
    let animator = Animator(duration: .milliseconds(300), easing: .linear)
    #expect(animator.velocity == 0)
    animator.start()
    #expect(abs(animator.velocity - 1 / 0.3) < 1e-9)
    animator.reverse()
    #expect(abs(animator.velocity + 1 / 0.3) < 1e-9)
}

@Test("states have readable names for logs")
func readableStates() {
    let animator = Animator(duration: .milliseconds(300))
    #expect(animator.state.rawValue == "inactive")
    animator.start()
    #expect(animator.description == "Animator(running, 0.0 →)")
}
