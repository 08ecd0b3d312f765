/// A single number driven by a ``Spring`` towards a target, e.g. the offset of a dragged panel that
/// springs back when the finger lifts.
///
/// Typical use: while dragging, set ``value`` from the finger; on release, set ``velocity`` from
/// the gesture's release velocity and ``target`` to the resting place, and step it every simulation
/// step until ``isSettled``. Changing ``target`` mid-flight is fine: the motion bends smoothly,
/// because position and velocity carry over.
///
/// Used only from the main thread, so it is a plain (non-`Sendable`) class; a control holds it
/// by reference, steps it in `advance(by:)` and reads ``value`` to draw.
///
/// ## Always settles
///
/// Whatever it is given, a spring value comes to rest within `maximumDuration` of the last
/// change made to it from outside: a NaN or infinite target is replaced by the value (it stays
/// where it is), a value or velocity that is not finite, or overflows, snaps onto the target,
/// and a motion still going after `maximumDuration` (an undamped spring swings for ever, and a
/// start at 1e300 takes a minute to come down to a tolerance of 0.001) is stopped at its target.
public final class SpringValue {
    /// The longest a motion may run after the last change from outside: ten seconds. A UI
    /// spring settles in well under one (the panel's in about half a second).
    public static let maximumDuration = Duration.seconds(10)

    /// The spring's constants; may be changed at any time.
    public var spring: Spring { didSet { motionTime = .zero } }
    /// Where the value comes to rest; a NaN or infinite target is replaced by the value.
    public var target: Double { didSet { motionTime = .zero } }
    /// The current value: the number to draw with.
    public var value: Double { didSet { motionTime = .zero } }
    /// Units per second; positive moves towards larger values.
    public var velocity: Double { didSet { motionTime = .zero } }
    /// How long the spring has moved on its own since the last change from outside.
    private var motionTime = Duration.zero
    /// How close to the target counts as arrived, in the value's own units (e.g. half a pixel).
    public var tolerance: Double

    /// A value at rest at `value`, heading for `target` (by default: staying where it is).
    public init(value: Double, target: Double? = nil, velocity: Double = 0,
                spring: Spring = Spring(), tolerance: Double = 0.001) {
        precondition(tolerance > 0, "a spring needs a positive tolerance to ever settle")
        self.spring = spring
        self.value = value
        self.target = target ?? value
        self.velocity = velocity
        self.tolerance = tolerance
    }

    /// The value and velocity as one state.
    public var state: SpringState {
        get { SpringState(position: value, velocity: velocity) }
        set {
            value = newValue.position
            velocity = newValue.velocity
        }
    }

    /// True once the value rests at the target (see ``Spring/isSettled(_:target:tolerance:)``).
    public var isSettled: Bool { spring.isSettled(state, target: target, tolerance: tolerance) }

    /// Advances the motion by `dt`.
    ///
    /// When the step leaves the value settled, it snaps exactly onto the target with zero velocity:
    /// the last frame drawn is then the resting place itself, not a point a fraction of a pixel
    /// short of it, and later steps cost nothing.
    ///
    /// A motion that has run for `maximumDuration` without a change from outside also snaps
    /// onto its target (see the type's notes).
    public func step(_ dt: Duration) {
        if !target.isFinite { target = value.isFinite ? value : 0 }
        guard !(value == target && velocity == 0) else { return }
        let elapsed = motionTime + dt
        // `Spring.step` brings a state that is not finite to rest at the target.
        state = spring.step(state, target: target, dt: dt)
        if isSettled || elapsed >= Self.maximumDuration {
            value = target
            velocity = 0
        }
        // After the assignments above, whose observers restart the count.
        motionTime = elapsed
    }
}
