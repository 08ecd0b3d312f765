import KioskCore

/// Decides when the main loop renders a frame and how long it may sleep. Pure logic: the loop
/// tells it what is going on and when frames were rendered and presented; it never reads a clock.
///
/// ## Rules
///
/// 1. **One frame in flight.** While a rendered frame waits for its page flip (DRM), frame
///    callback (Wayland) or fake vblank (headless), no frame is rendered: the buffer is still
///    being scanned out, and a second frame could only be thrown away. The flip's completion
///    arrives on a file descriptor the loop already watches, so no timer is needed for it.
/// 2. **Damage renders now.** When something needs repainting (a touch moved a knob) and no frame
///    is in flight, render at once: input latency matters more than pacing, and the output's flip
///    limits the rate anyway.
/// 3. **Animation paces at the frame interval.** While something animates, the next frame is due
///    one `frameInterval` after the last one was rendered (at once if none was, or if that time
///    has passed). If the flip is still pending then, rule 1 holds it back and the flip's
///    completion wakes the loop, so the output paces the animation.
/// 4. **Deadlines wake the loop.** A time-out such as a long press wakes the loop at its
///    deadline, idle or not: the earlier of the deadline and the frame time wins.
/// 5. **Idle sleeps.** With nothing animating, nothing damaged and no deadline, `nextWakeup`
///    is nil: the loop sleeps on its file descriptors without a timeout (zero wake-ups when idle).
///
/// Wake-ups never come earlier than `now`. The fixed simulation step (``FixedStepClock``) is
/// independent of all this: the loop advances the simulation to `now` when it wakes, so it wakes
/// at frame pace, not at simulation pace.
///
/// Per loop iteration: update ``isAnimating``, ``hasDamage`` and ``deadline``; if
/// ``shouldRenderFrame(now:)``, render and call ``frameRendered(at:)``; call
/// ``framePresented(at:)`` when the output reports the flip; sleep until ``nextWakeup(now:)``.
public struct FrameScheduler: Sendable {
    /// Whether the output is free to take a new frame.
    public enum Output: String, Sendable {
        /// No frame waits for presentation.
        case ready
        /// A rendered frame waits for its page flip (or frame callback); nothing may be rendered.
        case flipPending
    }

    /// The time between frames while animating (the display's refresh period).
    public var frameInterval: Duration

    /// Something moves (an ``AnimationSet`` is not idle).
    public var isAnimating = false

    /// Something must be repainted (the damage region is not empty). Cleared by `frameRendered`.
    public var hasDamage = false

    /// The next time-out the loop must wake for (e.g. a pending long press), if any.
    public var deadline: Instant?

    /// Whether a frame is in flight.
    public private(set) var output: Output = .ready

    /// When the last frame was rendered; nil before the first.
    public private(set) var lastFrameRendered: Instant?

    /// When the last frame reached the screen (the flip's timestamp); nil before the first.
    public private(set) var lastFramePresented: Instant?

    /// - Parameter frameInterval: the refresh period; 60 Hz unless the output reports its mode.
    public init(frameInterval: Duration = .nanoseconds(1_000_000_000 / 60)) {
        precondition(frameInterval > .zero, "the frame interval must be longer than zero")
        self.frameInterval = frameInterval
    }

    /// When the next animation frame is due (rule 3), ignoring the output state.
    private func nextAnimationFrame(now: Instant) -> Instant {
        guard let last = lastFrameRendered else { return now }
        return max(now, last + frameInterval)
    }

    /// Whether to render a frame at `now` (rules 1–3).
    public func shouldRenderFrame(now: Instant) -> Bool {
        guard output == .ready else { return false }
        if hasDamage { return true }
        return isAnimating && nextAnimationFrame(now: now) <= now
    }

    /// When the loop must wake up next, or nil to sleep until a file descriptor is ready
    /// (rules 1–5). Never earlier than `now`.
    public func nextWakeup(now: Instant) -> Instant? {
        var wakeup: Instant?
        if output == .ready {
            if hasDamage {
                wakeup = now
            } else if isAnimating {
                wakeup = nextAnimationFrame(now: now)
            }
        }
        if let deadline {
            wakeup = min(wakeup ?? deadline, deadline)
        }
        return wakeup.map { max($0, now) }
    }

    /// Records that a frame was rendered and handed to the output at `time`: the damage is
    /// repainted and the frame is in flight until `framePresented(at:)`.
    public mutating func frameRendered(at time: Instant) {
        lastFrameRendered = time
        hasDamage = false
        output = .flipPending
    }

    /// Records that the frame in flight reached the screen at `time` (the page-flip event's
    /// timestamp); the output is ready for the next one. Backends without flips (headless
    /// without a fake vblank) call it right after `frameRendered(at:)`.
    public mutating func framePresented(at time: Instant) {
        lastFramePresented = time
        output = .ready
    }
}
