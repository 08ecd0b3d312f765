import KioskCore
import Testing
import KioskAnimation

private let interval = Duration.nanoseconds(16_666_666)

@Test("the scheduler sleeps without timeout when nothing moves")
func idleSleeps() {
    let scheduler = FrameScheduler()
    #expect(scheduler.frameInterval == interval)
    #expect(scheduler.nextWakeup(now: .milliseconds(5)) == nil)
    #expect(!scheduler.shouldRenderFrame(now: .milliseconds(5)))
}

@Test("a long-press deadline wakes the loop even when idle")
func deadlineWakesIdleLoop() {
    var scheduler = FrameScheduler()
    scheduler.deadline = .milliseconds(500)
    #expect(scheduler.nextWakeup(now: .milliseconds(10)) == .milliseconds(500))
    #expect(!scheduler.shouldRenderFrame(now: .milliseconds(10)))
    // A deadline already past wakes at once, never in the past.
    #expect(scheduler.nextWakeup(now: .milliseconds(600)) == .milliseconds(600))
}

@Test("a damage with no frame in flight renders now")
func damageRendersNow() {
    var scheduler = FrameScheduler()
    scheduler.hasDamage = true
    #expect(scheduler.shouldRenderFrame(now: .milliseconds(3)))
    #expect(scheduler.nextWakeup(now: .milliseconds(3)) == .milliseconds(3))
    scheduler.frameRendered(at: .milliseconds(3))
    #expect(!scheduler.hasDamage)
}

@Test("an animation paces frames at the frame interval")
func animationPacesFrames() {
    var scheduler = FrameScheduler()
    scheduler.isAnimating = true
    #expect(scheduler.shouldRenderFrame(now: .zero))
    scheduler.frameRendered(at: .zero)
    scheduler.framePresented(at: .milliseconds(4))
    #expect(scheduler.nextWakeup(now: .milliseconds(4)) == Instant.zero + interval)
    #expect(!scheduler.shouldRenderFrame(now: .milliseconds(10)))
    #expect(scheduler.shouldRenderFrame(now: Instant.zero + interval))
    // A late wake-up renders at once rather than waiting for a further interval.
    #expect(scheduler.nextWakeup(now: .milliseconds(30)) == .milliseconds(30))
}

@Test("an earlier deadline wins over the next animation frame, a later one does not")
func deadlineVersusFrame() {
    var scheduler = FrameScheduler()
    scheduler.isAnimating = true
    scheduler.frameRendered(at: .zero)
    scheduler.framePresented(at: .milliseconds(1))
    scheduler.deadline = .milliseconds(5)
    #expect(scheduler.nextWakeup(now: .milliseconds(1)) == .milliseconds(5))
    scheduler.deadline = .milliseconds(400)
    #expect(scheduler.nextWakeup(now: .milliseconds(1)) == Instant.zero + interval)
}

@Test("no frame is rendered while a flip is pending")
func flipPendingBlocksFrames() {
    var scheduler = FrameScheduler()
    scheduler.isAnimating = true
    scheduler.frameRendered(at: .zero)
    #expect(scheduler.output == .flipPending)
    scheduler.hasDamage = true
    #expect(!scheduler.shouldRenderFrame(now: .milliseconds(20)))
    // The flip's event wakes the loop; no timer is needed meanwhile.
    #expect(scheduler.nextWakeup(now: .milliseconds(20)) == nil)
    scheduler.framePresented(at: .milliseconds(21))
    #expect(scheduler.output == .ready)
    #expect(scheduler.lastFramePresented == .milliseconds(21))
    #expect(scheduler.shouldRenderFrame(now: .milliseconds(21)))
}

@Test("a 0.3 s transition on a virtual clock renders at 60 Hz, then the loop sleeps")
func virtualLoopRunsTransitionThenSleeps() {
    // A miniature main loop: headless output presenting 4 ms after each frame.
    var clock = FixedStepClock()
    var scheduler = FrameScheduler()
    let animations = AnimationSet()
    let panel = Animator(duration: .milliseconds(300))
    var shownAt: Instant?
    var now = Instant.zero
    panel.completion = { _ in shownAt = now }
    panel.start()
    animations.add(panel)
    clock.reset(to: now)

    // The panel starts moving: its first frame is due.
    scheduler.isAnimating = true
    scheduler.hasDamage = true

    var frames: [Instant] = []
    var wakeups = 0
    while let wakeup = scheduler.nextWakeup(now: now), wakeups < 1_000 {
        wakeups += 1
        now = wakeup
        let steps = clock.advance(to: now)
        for _ in 0..<steps { animations.step(clock.step) }
        if steps > 0 { scheduler.hasDamage = true }  // the panel moved
        scheduler.isAnimating = !animations.isIdle
        if scheduler.shouldRenderFrame(now: now) {
            frames.append(now)
            scheduler.frameRendered(at: now)
            scheduler.framePresented(at: now + .milliseconds(4))
        }
    }
    #expect(panel.value == 1)
    #expect(shownAt != nil)
    // 300 ms at one frame per 16.7 ms, plus the first and the final frame.
    #expect(frames.count >= 18 && frames.count <= 20, "\(frames.count) frames")
    #expect(wakeups == frames.count)
    for (a, b) in zip(frames, frames.dropFirst()) {
        #expect(b - a >= interval)
    }
    #expect(scheduler.nextWakeup(now: now) == nil)
}
