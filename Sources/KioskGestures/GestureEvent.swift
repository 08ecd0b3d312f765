import KioskCore

/// What a `GestureTracker` recognised. Every event names the touch slot it is about, so
/// consumers can route each finger to the control it grabbed on `pressed`.
///
/// Per slot, the events of one touch come in one of these orders:
///
///     pressed, tapped, doubleTapped?, released
///     pressed, longPressed, released
///     pressed, longPressed?, panBegan, panChanged*, panEnded, swiped?, released
///     pressed, longPressed?, (panBegan, panChanged*)?, cancelled
///
/// A long press followed by a pan is a finger that rested, then dragged. A tap is reported
/// at once, never held back to see whether another follows: the second tap of a double tap
/// is a `tapped` like the first, and its `doubleTapped` comes right after it.
public enum GestureEvent: Sendable, Equatable {
    /// A finger touched down (sent at once, for visual feedback and for grabbing a control).
    case pressed(slot: Int, location: Point, time: Instant)
    /// The finger lifted before it left the slop and before the long press fired.
    case tapped(slot: Int, location: Point, time: Instant)
    /// Sent right after the `tapped` of a second tap: a touch that went down within
    /// `GestureConfiguration.doubleTapInterval` of the previous touch's tap (in any slot, with
    /// no touch-down in between) and within `doubleTapDistance` of where that one lifted,
    /// and was a tap itself. The tap after a double tap starts counting anew.
    case doubleTapped(slot: Int, location: Point, time: Instant)
    /// The finger stayed within the slop for the long-press duration. `time` is when that
    /// happened (touch-down + duration), whichever call noticed it.
    case longPressed(slot: Int, location: Point, time: Instant)
    /// The finger first moved beyond the slop (also after a long press: it rested, then
    /// dragged). `start` is the touch-down point, so a control can apply the whole distance
    /// travelled and no movement is lost to the slop.
    case panBegan(slot: Int, start: Point, location: Point, time: Instant)
    /// A further move during a pan. `translation` is `location - start`; `velocity` is in px/s.
    case panChanged(slot: Int, location: Point, translation: Point, velocity: Point, time: Instant)
    /// The finger lifted during a pan; `velocity` is the release velocity in px/s.
    case panEnded(slot: Int, location: Point, translation: Point, velocity: Point, time: Instant)
    /// Sent right after `panEnded` when the release speed reached the fling velocity.
    case swiped(slot: Int, direction: SwipeDirection, velocity: Point, time: Instant)
    /// The finger lifted (after any `tapped`, `panEnded` or `swiped`). Not sent after a cancel.
    case released(slot: Int, location: Point, time: Instant)
    /// The touch was cancelled (by the input device or `GestureTracker.cancelAll(time:)`).
    /// Whatever it was doing should be undone or abandoned; no `released` follows.
    case cancelled(slot: Int, time: Instant)

    /// The touch slot the event is about.
    public var slot: Int {
        switch self {
        case .pressed(let slot, _, _), .tapped(let slot, _, _), .doubleTapped(let slot, _, _),
             .longPressed(let slot, _, _),
             .panBegan(let slot, _, _, _), .panChanged(let slot, _, _, _, _),
             .panEnded(let slot, _, _, _, _), .swiped(let slot, _, _, _),
             .released(let slot, _, _), .cancelled(let slot, _):
            return slot
        }
    }

    /// When the event happened (never when it was noticed).
    public var time: Instant {
        switch self {
        case .pressed(_, _, let time), .tapped(_, _, let time), .doubleTapped(_, _, let time),
             .longPressed(_, _, let time),
             .panBegan(_, _, _, let time), .panChanged(_, _, _, _, let time),
             .panEnded(_, _, _, _, let time), .swiped(_, _, _, let time),
             .released(_, _, let time), .cancelled(_, let time):
            return time
        }
    }
}

extension GestureEvent {
    /// The same gesture with every position clamped into `reach` (NaN to its low edge), every
    /// translation to at most the reach's size along each axis, and every velocity to
    /// `VelocityEstimator.maximumSpeed` (its direction kept; zero when not finite). A scene
    /// applies it to whatever it is handed, so that no control or overlay ever sees a number
    /// it could overflow on.
    public func limited(to reach: Rect) -> GestureEvent {
        let span = Rect(-reach.width, -reach.height, 2 * reach.width, 2 * reach.height)
        func p(_ point: Point) -> Point { point.clamped(to: reach) }
        func tr(_ translation: Point) -> Point { translation.clamped(to: span) }
        func v(_ velocity: Point) -> Point { VelocityEstimator.capped(velocity) }
        switch self {
        case let .pressed(s, l, t): return .pressed(slot: s, location: p(l), time: t)
        case let .tapped(s, l, t): return .tapped(slot: s, location: p(l), time: t)
        case let .doubleTapped(s, l, t): return .doubleTapped(slot: s, location: p(l), time: t)
        case let .longPressed(s, l, t): return .longPressed(slot: s, location: p(l), time: t)
        case let .panBegan(s, start, l, t): return .panBegan(slot: s, start: p(start), location: p(l), time: t)
        case let .panChanged(s, l, d, vel, t):
            return .panChanged(slot: s, location: p(l), translation: tr(d), velocity: v(vel), time: t)
        case let .panEnded(s, l, d, vel, t):
            return .panEnded(slot: s, location: p(l), translation: tr(d), velocity: v(vel), time: t)
        case let .swiped(s, direction, vel, t): return .swiped(slot: s, direction: direction, velocity: v(vel), time: t)
        case let .released(s, l, t): return .released(slot: s, location: p(l), time: t)
        case .cancelled: return self
        }
    }
}
