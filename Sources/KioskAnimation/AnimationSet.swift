/// Everything that is moving right now: the animators and spring values the main loop steps on
/// every fixed simulation step, and the answer to "does the next frame need to be drawn because
/// something moves?".
///
/// Membership is by identity. An animator leaves the set when it can no longer advance on its own:
/// once it has finished, or was cancelled (inactive). A paused one stays, so that `continue()` resumes it
/// without adding it again; it does not keep the set busy. A spring value leaves once it has settled.
/// So add animators after `start()` (or `pause()`) and springs after setting their target.
///
/// Completion handlers run inside `step(_:)` and may add, remove or restart animators and springs;
/// additions made there are first stepped on the next call.
public final class AnimationSet {
    public private(set) var animators: [Animator] = []
    public private(set) var springs: [SpringValue] = []

    public init() {}

    /// True when nothing moves: no animator is running and every spring has settled. The scheduler
    /// may then stop pacing frames (and the loop may sleep).
    public var isIdle: Bool {
        !animators.contains { $0.state == .running } && springs.allSatisfy(\.isSettled)
    }

    /// Adds `animator` (once; adding it again changes nothing).
    public func add(_ animator: Animator) {
        guard !contains(animator) else { return }
        animators.append(animator)
    }

    /// Adds `spring` (once; adding it again changes nothing).
    public func add(_ spring: SpringValue) {
        guard !contains(spring) else { return }
        springs.append(spring)
    }

    public func remove(_ animator: Animator) {
        animators.removeAll { $0 === animator }
    }

    public func remove(_ spring: SpringValue) {
        springs.removeAll { $0 === spring }
    }

    public func contains(_ animator: Animator) -> Bool { animators.contains { $0 === animator } }

    public func contains(_ spring: SpringValue) -> Bool { springs.contains { $0 === spring } }

    /// Removes everything without finishing or calling completions (e.g. when the screen changes).
    public func removeAll() {
        animators.removeAll()
        springs.removeAll()
    }

    /// Advances every animator and spring by one step of `dt`, then drops those that are done.
    public func step(_ dt: Duration) {
        // Iterate over copies: completions may change the set while we step.
        for animator in animators { animator.step(dt) }
        for spring in springs { spring.step(dt) }
        // Filter afterwards, by state rather than by "finished during this step", so an animator
        // restarted from its own completion stays in.
        animators.removeAll { $0.state == .finished || $0.state == .inactive }
        springs.removeAll(where: \.isSettled)
    }
}
