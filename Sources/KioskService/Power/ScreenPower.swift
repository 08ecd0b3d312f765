import KioskConfig
import KioskCore

/// When the screen dims and goes dark, and what wakes it: the kiosk's screen-power state machine.
///
/// Pure state on the caller's clock (time is a parameter), so that headless runs on the
/// virtual clock test it like everything else. The runner feeds it every touch and pointer
/// press, asks it for its next deadline, and applies its state to the display (backlight,
/// DPMS, `FBIOBLANK`, a dim layer).
///
/// - After `dimAfter` without input the screen dims, after `offAfter` it goes off (either may
///   be absent; `offAfter` counts from the last input too, not from the dim).
/// - The first touch on a dimmed or dark screen only wakes it: that finger, and any other that
///   lands before every finger of the waking touch has lifted, reaches no control and no
///   gesture (the classic complaint: the wake-up touch presses the button under it).
/// - `keepAwake` (a video, an alarm) holds the screen on; `wake()` and `sleep()` are the
///   control socket's.
package struct ScreenPower: Sendable {
    /// How the screen is.
    package enum State: String, Sendable {
        /// Lit at full brightness.
        case on
        /// Lit at the dim level.
        case dimmed
        /// Dark (backlight off, DPMS off or blanked); nothing is drawn.
        case off
    }

    /// The config's `power` section: either delay may be absent.
    package struct Settings: Sendable, Equatable {
        /// Time without input before the screen dims (nil: never).
        package var dimAfter: Duration?
        /// The brightness when dimmed, 0…1 of full.
        package var dimLevel: Double
        /// Time without input before the screen goes off (nil: never).
        package var offAfter: Duration?

        /// Settings that dim after `dimAfter` to `dimLevel` and go off after `offAfter`.
        package init(dimAfter: Duration? = nil, dimLevel: Double = 0.3, offAfter: Duration? = nil) {
            self.dimAfter = dimAfter
            self.dimLevel = min(max(dimLevel.isNaN ? 0.3 : dimLevel, 0), 1)
            self.offAfter = offAfter
        }

        /// Never dims, never goes off.
        package static let alwaysOn = Settings()
    }

    /// A change of state, for the events `screenDimmed`, `screenOff` and `screenOn`.
    package struct Change: Sendable, Equatable {
        /// The new state.
        package var state: State
        /// When it happened (a deadline that passed, or the input that woke the screen).
        package var time: Instant

        /// The screen became `state` at `time`.
        package init(state: State, time: Instant) {
            self.state = state
            self.time = time
        }
    }

    /// The settings in force.
    package let settings: Settings
    /// How the screen is now.
    package private(set) var state = State.on
    /// The last input (or wake) that counts as someone being there.
    package private(set) var lastActivity: Instant
    /// While true the screen stays on (and wakes if it was not).
    package private(set) var keepsAwake = false
    /// Fingers down now that belong to a waking touch: their events are swallowed.
    private var swallowed: Set<Int> = []
    /// Fingers down now (swallowed or not).
    private var down: Set<Int> = []
    /// A wake is in progress: fingers landing now are swallowed too, until all have lifted.
    private var waking = false

    /// The state machine at `time`, screen on.
    package init(settings: Settings, at time: Instant) {
        self.settings = settings
        lastActivity = time
    }

    /// When the state changes next by itself (nil: not before some input).
    package var nextDeadline: Instant? {
        if keepsAwake || !down.isEmpty { return nil }
        switch state {
        case .on:
            // No arrays: the loop asks on every pass, and a pass allocates nothing.
            return Instant.earliest(settings.dimAfter.map { lastActivity + $0 }, settings.offAfter.map { lastActivity + $0 })
        case .dimmed:
            return settings.offAfter.map { lastActivity + $0 }
        case .off:
            return nil
        }
    }

    /// The changes due by `time` (at most two: dim, then off), applied.
    package mutating func advance(to time: Instant) -> [Change] {
        var changes: [Change] = []
        while let deadline = nextDeadline, deadline <= time {
            // From on, the deadline is the dim unless going off is due as well (or first).
            let offAt = settings.offAfter.map { lastActivity + $0 }
            let next: State = state == .on && (offAt.map { $0 > deadline } ?? true) ? .dimmed : .off
            state = next
            changes.append(Change(state: next, time: deadline))
        }
        return changes
    }

    /// A touch: whether it must be swallowed (it woke the screen, or belongs to the waking
    /// touch), and the change it caused (`screenOn`).
    package mutating func handle(_ touch: TouchEvent) -> (consumed: Bool, change: Change?) {
        var change: Change?
        switch touch.phase {
        case .down:
            down.insert(touch.slot)
            if state != .on {
                change = wake(at: touch.time)
                waking = true
            }
            if waking { swallowed.insert(touch.slot) }
            lastActivity = touch.time
        case .move:
            if !swallowed.contains(touch.slot) { lastActivity = touch.time }
        case .up, .cancel:
            down.remove(touch.slot)
            lastActivity = touch.time
        }
        let consumed = swallowed.contains(touch.slot)
        if touch.phase == .up || touch.phase == .cancel {
            swallowed.remove(touch.slot)
            if down.isEmpty { waking = false }
        }
        return (consumed, change)
    }

    /// Other input (a pointer, a key): someone is there. True when it must be swallowed (it
    /// woke the screen); a pointer press that wakes is not also a click.
    package mutating func activity(at time: Instant) -> (consumed: Bool, change: Change?) {
        let change = state != .on ? wake(at: time) : nil
        lastActivity = time
        return (change != nil, change)
    }

    /// Lights the screen (the socket's `wake`); nil when it already was.
    @discardableResult
    package mutating func wake(at time: Instant) -> Change? {
        lastActivity = time
        guard state != .on else { return nil }
        state = .on
        return Change(state: .on, time: time)
    }

    /// Turns the screen off now (the socket's `sleep`), unless kept awake; nil when it
    /// already was off or is kept awake.
    @discardableResult
    package mutating func sleep(at time: Instant) -> Change? {
        guard !keepsAwake, state != .off else { return nil }
        state = .off
        return Change(state: .off, time: time)
    }

    /// Holds the screen on while `keep` (waking it), or lets the timers run again from `time`.
    @discardableResult
    package mutating func keepAwake(_ keep: Bool, at time: Instant) -> Change? {
        keepsAwake = keep
        lastActivity = time
        return keep ? wake(at: time) : nil
    }
}

extension ScreenPower.Settings {
    /// The config's `power` section (seconds) as settings.
    package init(_ config: PowerSettings) {
        self.init(dimAfter: config.dimAfter.map { .milliseconds(Int64(($0 * 1000).rounded())) },
                  dimLevel: config.dimLevel,
                  offAfter: config.offAfter.map { .milliseconds(Int64(($0 * 1000).rounded())) })
    }
}
