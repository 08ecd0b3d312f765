import KioskAnimation
import KioskCore

/// The press feedback of everything a finger presses (a button, a keypad's key): lit at once
/// when the finger lands, fading back over `releaseFade` after it lifts, so even a quick tap
/// is visibly acknowledged. The one copy of that rule; its owner repaints what `amount` lights.
package struct PressHighlight {
    /// How long the highlight takes to fade after the finger lifts.
    package static let releaseFade = Duration.milliseconds(150)

    /// 1 while pressed, fading to 0 after the release.
    package private(set) var amount = 0.0
    private var fade: Animator?

    package init() {}

    /// The finger landed: fully lit, any fade stopped.
    package mutating func press() {
        fade = nil
        amount = 1
    }

    /// The finger lifted or left: the fade starts. True when it did (the owner must be stepped
    /// until `step(by:)` says it is over).
    package mutating func release() -> Bool {
        guard fade == nil, amount > 0 else { return false }
        let animator = Animator(duration: Self.releaseFade, easing: .easeOut)
        animator.start()
        fade = animator
        return true
    }

    /// One step of the fade; false once it is over (`amount` 0) or there was none.
    package mutating func step(by dt: Duration) -> Bool {
        guard let fade else { return false }
        fade.step(dt)
        guard fade.state != .finished, fade.value < 1 else {
            amount = 0
            self.fade = nil
            return false
        }
        amount = 1 - fade.value
        return true
    }
}
