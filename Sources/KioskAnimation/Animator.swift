import KioskCore

/// An interruptible animation of progress from 0 to 1, modelled on UIKit's
/// `UIViewPropertyAnimator`: it can be started, paused, scrubbed, reversed, continued, cancelled or
/// finished from wherever it is, and none of these (except `finish(at:)` and setting
/// `fractionComplete`, which ask for it) makes the drawn value jump.
///
/// ## Time, fraction and value
///
/// `fractionComplete` is the *linear* time fraction, always measured from the start (0) towards the
/// end (1), whichever way the animator runs. `value` is that fraction through the easing curve, the
/// number to draw with. While running, the fraction moves at a constant rate of one whole run per
/// `duration`, so the time still needed follows from the distance still to go:
///
///     remaining time = remaining fraction × duration
///     remaining fraction = 1 − f running forwards, f running in reverse
///
/// Reversing at fraction f therefore returns to the start in f × duration: half-way through a
/// 0.3 s transition, the way back takes 0.15 s. Because reversing keeps the fraction, and the value
/// is a function of the fraction alone, the value cannot jump; only its direction changes.
/// `continue(duration:)` may set a different time for the remaining part, which changes the rate
/// (not the fraction) until the run ends, is reversed or restarted.
///
/// ## States
///
/// - `inactive`: created, or stopped by `cancel()`; `step` does nothing.
/// - `running`: `step` advances the fraction; reaching 1 forwards (0 reversed) finishes it.
/// - `paused`: held; `fractionComplete` may be scrubbed (interactive drags), `continue` resumes.
/// - `finished`: reached its end or was finished with `finish(at:)`; `start`, `continue` or
///   `reverse` run it again from where it is (a panel shown by running forwards is dismissed by
///   reversing the same animator).
///
/// Time is only ever passed in through `step(_:)`; the animator never reads a clock.
///
/// ## Always ends
///
/// Whatever it is given, a running animator arrives within `maximumDuration`: longer
/// durations (a typo, 1e300 s, `Duration.seconds(Int64.max)`) are clamped to it, zero or
/// negative ones arrive on the first step, a NaN fraction counts as 0, and steps backwards
/// in time are ignored. Nothing here traps on a number.
public final class Animator {
    /// The longest a run may take: one minute. No UI motion is meant to last that long (the
    /// kiosk's take 0.15–0.3 s, configs allow transitions of at most 10 s); the cap turns a
    /// bad duration into a slow animation instead of one that never ends.
    public static let maximumDuration = Duration.seconds(60)

    /// Where the animator is in its life; the raw value is a readable name for logs.
    public enum State: String, Sendable {
        /// `inactive`: not started, or cancelled; `running`: moving on every step; `paused`: holding its fraction until resumed; `finished`: arrived or finished on purpose, `completion` called.
        case inactive, running, paused, finished
    }

    /// Where an animation ended, as reported to `completion`.
    public enum Position: Sendable {
        /// `start`: at fraction 0 (a reversed run arrived, or `finish(at: .start)`); `end`: at fraction 1; `current`: finished on purpose part way, where it was.
        case start, end, current
    }

    /// Fraction distance below which an animator counts as arrived: absorbs the rounding of
    /// summing `dt / duration` many times (thirty steps of 1/30 may add up to 0.99999999999999989).
    static let arrivalTolerance = 1e-9

    /// Where the animator is now; changes only through its own methods and `advance(by:)`.
    public private(set) var state: State = .inactive

    /// Seconds a whole 0→1 run takes at the pace `continue(duration:)` chose; nil means `duration`.
    private var paceOverride: Double?

    private var fraction: Double = 0

    /// Called when the animator finishes: `.end` when it reached 1 running forwards, `.start` when
    /// it reached 0 running in reverse, or the position given to `finish(at:)`. It runs after the
    /// state has become `.finished`, so it may start this or another animator again. Capture the
    /// animator weakly inside it, or the two keep each other alive.
    public var completion: ((Position) -> Void)?

    /// The time a whole run from 0 to 1 takes, at most `maximumDuration` (longer values are
    /// clamped). Changing it while running changes the pace from here on; the value does not
    /// jump.
    public var duration: Duration {
        didSet {
            if duration > Self.maximumDuration { duration = Self.maximumDuration }
            paceOverride = nil
        }
    }

    /// The timing curve from `fractionComplete` to `value`.
    public var easing: Easing

    /// Runs towards 0 instead of 1. Changing it keeps the fraction (no jump) and restores the pace
    /// of `duration`.
    public var isReversed = false {
        didSet { if isReversed != oldValue { paceOverride = nil } }
    }

    /// A stopped animator at fraction 0.
    public init(duration: Duration, easing: Easing = .easeOut) {
        self.duration = min(duration, Self.maximumDuration)
        self.easing = easing
    }

    /// The linear time fraction 0…1 from the start (see the type's notes); set values are clamped
    /// and NaN counts as 0. Typically set while paused, e.g. from the finger during an
    /// interactive drag. Setting it drops a pace chosen by `continue(duration:)`: that pace was
    /// for the distance that was left then, and scrubbing back at it could take for ever.
    public var fractionComplete: Double {
        get { fraction }
        set {
            fraction = newValue.isNaN ? 0 : min(max(newValue, 0), 1)
            paceOverride = nil
        }
    }

    /// The eased progress: the number to draw with.
    public var value: Double { easing(fraction) }

    /// How fast `value` changes, in units per second (negative while running in reverse; zero
    /// unless running). Hand it to a ``SpringValue`` to take over the motion without a kink.
    public var velocity: Double {
        guard state == .running else { return 0 }
        let seconds = secondsPerRun
        guard seconds > 0 else { return 0 }
        return (isReversed ? -1 : 1) * easing.slope(at: fraction) / seconds
    }

    /// The fraction still to go in the current direction.
    public var remainingFraction: Double { isReversed ? fraction : 1 - fraction }

    /// The time the current run still needs at the current pace: remaining fraction × duration.
    public var remainingDuration: Duration { .seconds(saturating: remainingFraction * secondsPerRun) }

    /// Seconds a whole 0→1 run takes at the current pace.
    private var secondsPerRun: Double { paceOverride ?? duration.inSeconds }

    /// Runs from the current fraction at the pace of `duration`. Does nothing if already running.
    public func start() {
        guard state != .running else { return }
        paceOverride = nil
        state = .running
    }

    /// Holds the animator where it is. Also valid when inactive or finished, to prepare an
    /// interactive drag that scrubs `fractionComplete`.
    public func pause() {
        state = .paused
    }

    /// Resumes from the current fraction. With a `duration` (at most `maximumDuration`), the
    /// remaining part takes exactly that long; without one, the previous pace continues.
    public func `continue`(duration: Duration? = nil) {
        if let duration {
            let remaining = remainingFraction
            // Rate = remaining distance / remaining time; stored as the time a whole run would take.
            // However small the remainder, it then takes `seconds`: never more than the cap.
            let seconds = min(duration, Self.maximumDuration).inSeconds
            paceOverride = remaining > 0 ? seconds / remaining : nil
        }
        state = .running
    }

    /// Turns round from exactly where it is: the fraction (and so the value) stays, the direction
    /// flips, and the way back takes fraction-to-go × `duration`. A paused animator stays paused
    /// (`continue` then runs the new way); any other one runs.
    public func reverse() {
        isReversed.toggle()
        if state != .paused { state = .running }
    }

    /// Stops where it is without calling `completion`; the value stays as drawn.
    public func cancel() {
        state = .inactive
    }

    /// Jumps on purpose to the start, the end or the current fraction, and calls `completion`
    /// with that position.
    public func finish(at position: Position) {
        switch position {
        case .start: fraction = 0
        case .end: fraction = 1
        case .current: break
        }
        complete(at: position)
    }

    /// Advances a running animator by `dt`; when it arrives at its end it finishes and calls
    /// `completion`. Non-running animators ignore it, and so does every animator a `dt` below
    /// zero (time does not run backwards).
    public func step(_ dt: Duration) {
        guard state == .running, dt >= .zero else { return }
        let seconds = secondsPerRun
        // A zero-length animation arrives on its first step.
        let delta = seconds > 0 ? dt.inSeconds / seconds : .infinity
        if isReversed {
            fraction -= delta
            if fraction <= Self.arrivalTolerance {
                fraction = 0
                complete(at: .start)
            }
        } else {
            fraction += delta
            if fraction >= 1 - Self.arrivalTolerance {
                fraction = 1
                complete(at: .end)
            }
        }
    }

    private func complete(at position: Position) {
        state = .finished
        paceOverride = nil
        completion?(position)
    }
}

extension Animator: CustomStringConvertible {
    /// E.g. "Animator(running, 0.4 →)", for logs.
    public var description: String {
        "Animator(\(state.rawValue), \(fraction) \(isReversed ? "←" : "→"))"
    }
}
