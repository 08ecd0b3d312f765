import KioskCore
import Testing
import KioskAnimation

private let tick = Duration.milliseconds(10)

@Test("an empty set is idle")
func emptyIsIdle() {
    #expect(AnimationSet().isIdle)
}

@Test("stepping a set advances every member and drops those that are done")
func stepsAndDropsFinished() {
    let set = AnimationSet()
    let short = Animator(duration: .milliseconds(50))
    let long = Animator(duration: .milliseconds(200))
    let spring = SpringValue(value: 0, target: 10, tolerance: 0.01)
    short.start()
    long.start()
    set.add(short)
    set.add(long)
    set.add(spring)
    #expect(!set.isIdle)

    for _ in 0..<5 { set.step(tick) }
    #expect(short.state == .finished)
    #expect(!set.contains(short))
    #expect(set.contains(long))
    #expect(long.fractionComplete > 0.2)
    #expect(spring.value > 0)

    var steps = 5
    while !set.isIdle, steps < 1_000 {
        set.step(tick)
        steps += 1
    }
    #expect(set.animators.isEmpty && set.springs.isEmpty)
    #expect(spring.value == 10)
    #expect(long.value == 1)
}

@Test("adding the same animator twice steps it once")
func addingTwiceIsOnce() {
    let set = AnimationSet()
    let animator = Animator(duration: .milliseconds(100))
    animator.start()
    set.add(animator)
    set.add(animator)
    set.step(tick)
    #expect(set.animators.count == 1)
    #expect(abs(animator.fractionComplete - 0.1) < 1e-12)
}

@Test("a paused animator stays in the set without keeping it busy; a cancelled one leaves")
func pausedStaysCancelledLeaves() {
    let set = AnimationSet()
    let paused = Animator(duration: .milliseconds(100))
    let cancelled = Animator(duration: .milliseconds(100))
    for animator in [paused, cancelled] {
        animator.start()
        set.add(animator)
    }
    set.step(tick)
    paused.pause()
    cancelled.cancel()
    #expect(set.isIdle)
    set.step(tick)
    #expect(set.contains(paused))
    #expect(!set.contains(cancelled))
    paused.continue()
    #expect(!set.isIdle)
}

@Test("a completion may start the next animation, which joins the set")
func completionChainsAnimations() {
    let set = AnimationSet()
    let first = Animator(duration: .milliseconds(30))
    let second = Animator(duration: .milliseconds(30))
    first.completion = { _ in
        second.start()
        set.add(second)
    }
    first.start()
    set.add(first)
    for _ in 0..<3 { set.step(tick) }
    #expect(!set.contains(first))
    #expect(set.contains(second))
    #expect(second.fractionComplete == 0)
    for _ in 0..<3 { set.step(tick) }
    #expect(second.state == .finished)
    #expect(set.isIdle)
}

@Test("removing an animator stops stepping it without finishing it")
func removeStopsStepping() {
    let set = AnimationSet()
    let animator = Animator(duration: .milliseconds(100))
    animator.start()
    set.add(animator)
    set.remove(animator)
    set.step(tick)
    #expect(animator.fractionComplete == 0)
    #expect(animator.state == .running)
}
