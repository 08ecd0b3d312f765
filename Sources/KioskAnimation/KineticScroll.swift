import KioskCore

/// The motion of content scrolled by a finger along one axis (a list's rows): the offset
/// follows the finger, glides on after a fling with exponential deceleration, resists being
/// pulled past either end (a rubber band) and springs back there. A pure value stepped on the
/// fixed simulation step, so the same touches give the same offsets on every run.
///
/// `offset` is how far the content is scrolled: 0 shows its start, `maximumOffset` its end;
/// outside that range only while rubber-banding. Velocities are in units of the offset per
/// second (positive: the offset grows, the content moves up).
///
/// The constants are UIScrollView's, which people's hands know: a glide loses velocity at its
/// "normal" deceleration rate of 0.998 per millisecond (a time constant of 0.4995 s, so a
/// fling at v travels about v × 0.5 s), and a finger pulling past an end moves the content by
/// `(1 − 1 / (x × 0.55 / d + 1)) × d` for a pull of x on a viewport of d.
package struct KineticScroll: Sendable, Equatable {
    /// What the content is doing, one state at a time.
    package enum Phase: Sendable, Equatable, CustomStringConvertible {
        /// Still: nothing to step.
        case resting
        /// A finger holds it; `anchor` is the unbounded offset at the touch-down point (the
        /// rubber band is applied to `anchor − translation`).
        case dragging(anchor: Double)
        /// Gliding after a fling, slowing down exponentially.
        case gliding
        /// Springing back to the nearer end after an over-scroll, towards `target`.
        case springing(target: Double)

        /// The phase's name, for logs and test messages.
        package var description: String {
            switch self {
            case .resting: return "resting"
            case .dragging: return "dragging"
            case .gliding: return "gliding"
            case .springing: return "springing"
            }
        }
    }

    /// How far the content is scrolled now.
    package private(set) var offset: Double
    /// How fast the offset changes now (units per second); 0 while resting or dragging.
    package private(set) var velocity: Double = 0
    /// What the content is doing.
    package private(set) var phase: Phase = .resting
    /// The content's length along the axis (a list: rows × row height).
    package var contentLength: Double { didSet { clampAtRest() } }
    /// The visible length along the axis (a list: its frame's height).
    package var viewportLength: Double { didSet { clampAtRest() } }

    /// The time constant of a glide's deceleration: UIScrollView's 0.998 per millisecond.
    package static let glideTimeConstant = 0.4995
    /// A glide slower than this (units per second) has stopped: below it a frame moves the
    /// content by less than a sixth of a pixel.
    package static let stopVelocity = 20.0
    /// Flings are taken at most this fast (a glide of about 5 000 units).
    package static let maximumVelocity = 10_000.0
    /// How stiffly a pull past an end resists (UIScrollView's 0.55).
    package static let rubberBandCoefficient = 0.55
    /// The spring that brings an over-scrolled content back to its end: critically damped, so
    /// it lands without bouncing, in about 0.4 s.
    package static let springBack = Spring(response: .milliseconds(400), dampingRatio: 1)

    /// Content of `contentLength` in a viewport of `viewportLength`, scrolled to `offset`
    /// (clamped to the content).
    package init(contentLength: Double, viewportLength: Double, offset: Double = 0) {
        self.contentLength = Self.sane(contentLength)
        self.viewportLength = Self.sane(viewportLength)
        self.offset = 0
        self.offset = clamped(Self.sane(offset))
    }

    /// The largest offset at rest: the content's end at the viewport's end (0 when it fits).
    package var maximumOffset: Double { max(0, contentLength - viewportLength) }

    /// Whether something moves on its own (a glide or a spring): the content needs stepping.
    package var isMoving: Bool {
        switch phase {
        case .gliding, .springing: return true
        case .resting, .dragging: return false
        }
    }

    /// Whether a finger holds the content.
    package var isDragging: Bool {
        if case .dragging = phase { return true }
        return false
    }

    // MARK: Finger

    /// A finger took hold of the content (at its touch-down point): whatever it was doing
    /// stops where it is, a glide or a spring-back included (the finger catches it). Returns
    /// whether it was moving, i.e. whether this touch caught a fling.
    @discardableResult
    package mutating func grab() -> Bool {
        let wasMoving = isMoving
        velocity = 0
        phase = .dragging(anchor: unbounded(offset))
        return wasMoving
    }

    /// The finger has moved `translation` along the axis since it touched down (positive:
    /// towards the end of the axis, which pulls the content back towards its start). Past
    /// either end the content follows with the rubber band's resistance.
    package mutating func drag(translation: Double) {
        guard case .dragging(let anchor) = phase, translation.isFinite else { return }
        offset = banded(anchor - translation)
    }

    /// The finger let go, moving at `fingerVelocity` along the axis (the gesture tracker's
    /// release velocity; 0 for a finger that stopped): the content glides on against it,
    /// springs back if it was pulled past an end, or rests.
    package mutating func release(fingerVelocity: Double) {
        guard isDragging else { return }
        let v = fingerVelocity.isFinite ? -fingerVelocity : 0
        velocity = min(max(v, -Self.maximumVelocity), Self.maximumVelocity)
        if offset < 0 || offset > maximumOffset {
            phase = .springing(target: offset < 0 ? 0 : maximumOffset)
        } else if abs(velocity) >= Self.stopVelocity {
            phase = .gliding
        } else {
            velocity = 0
            phase = .resting
        }
    }

    /// Jumps to `offset` (clamped to the content) and stops: an owner scrolling the list.
    package mutating func scroll(to offset: Double) {
        velocity = 0
        phase = .resting
        self.offset = clamped(Self.sane(offset))
    }

    // MARK: Time

    /// One simulation step of `dt`. Returns whether the content still moves on its own.
    @discardableResult
    package mutating func step(_ dt: Duration) -> Bool {
        let seconds = dt.inSeconds
        guard seconds > 0 else { return isMoving }
        switch phase {
        case .resting, .dragging:
            return false
        case .gliding:
            // Exact over the step: v(t) = v₀·e^(−t/τ), so the offset moves by v₀·τ·(1 − e^(−dt/τ)).
            let decay = Trig.exp(-seconds / Self.glideTimeConstant)
            offset += velocity * Self.glideTimeConstant * (1 - decay)
            velocity *= decay
            if offset < 0 || offset > maximumOffset {
                // Past an end the spring takes the glide's velocity and turns it round.
                phase = .springing(target: offset < 0 ? 0 : maximumOffset)
            } else if abs(velocity) < Self.stopVelocity {
                velocity = 0
                phase = .resting
                return false
            }
            return true
        case .springing(let target):
            let next = Self.springBack.step(SpringState(position: offset, velocity: velocity), target: target, dt: dt)
            offset = next.position
            velocity = next.velocity
            if Self.springBack.isSettled(next, target: target, tolerance: 0.25) {
                offset = target
                velocity = 0
                phase = .resting
                return false
            }
            return true
        }
    }

    // MARK: Rubber band

    /// The offset shown for an unbounded one: itself within the content, resisted past an end.
    func banded(_ raw: Double) -> Double {
        if raw < 0 { return -Self.rubberBand(-raw, viewport: viewportLength) }
        let end = maximumOffset
        if raw > end { return end + Self.rubberBand(raw - end, viewport: viewportLength) }
        return raw
    }

    /// The unbounded offset that `banded` shows as `shown`: where a finger grabbing an
    /// over-scrolled content must be anchored for the content not to jump.
    func unbounded(_ shown: Double) -> Double {
        if shown < 0 { return -Self.inverseRubberBand(-shown, viewport: viewportLength) }
        let end = maximumOffset
        if shown > end { return end + Self.inverseRubberBand(shown - end, viewport: viewportLength) }
        return shown
    }

    /// How far the content moves for a pull of `x` past an end: `(1 − 1 / (x·c/d + 1))·d`,
    /// which starts at the finger's pace (times c) and never reaches the viewport's length.
    package static func rubberBand(_ x: Double, viewport d: Double) -> Double {
        guard d > 0 else { return 0 }
        return (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
    }

    /// The pull that `rubberBand` turns into `y` (less than the viewport's length `d`).
    static func inverseRubberBand(_ y: Double, viewport d: Double) -> Double {
        guard d > 0 else { return 0 }
        let f = min(y / d, 0.999)
        return (1 / (1 - f) - 1) * d / rubberBandCoefficient
    }

    private func clamped(_ value: Double) -> Double { min(max(value, 0), maximumOffset) }

    private mutating func clampAtRest() {
        if phase == .resting { offset = clamped(offset) }
    }

    private static func sane(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
}
