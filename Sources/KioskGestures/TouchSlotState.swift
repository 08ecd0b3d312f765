import KioskCore

/// The state of one touch slot's gesture state machine (see `TouchSlot` for the handlers).
///
///     down ──► possible ──move beyond slop──► panning ──up/cancel──► ended
///                 │  └──up/cancel──► ended
///                 └──long-press deadline──► longPressed ──up/cancel──► ended
///
/// A touch in `longPressed` stays there when it later moves beyond the slop: the long press
/// has already been reported (a menu may be open), and turning it into a pan as well would
/// make one touch mean two things. A control that wants press-and-drag can watch `pressed`
/// and its own hit test instead.
enum TouchSlotState: Sendable, Equatable {
    /// Down and within the slop; becomes a long press at `longPressDeadline` unless it moves
    /// beyond the slop or lifts first.
    case possible(longPressDeadline: Instant)
    /// Moved beyond the slop; every move is a `panChanged`.
    case panning
    /// Held still long enough; moves only update the position reported at release.
    case longPressed
    /// Lifted or cancelled. The tracker forgets a slot as soon as it reaches this state.
    case ended

    /// A stable name for logs and tests (libinput names its tap states the same way).
    var name: String {
        switch self {
        case .possible: "possible"
        case .panning: "panning"
        case .longPressed: "longPressed"
        case .ended: "ended"
        }
    }
}

/// One input to a touch slot's state machine. Touch-down is not an input: it creates the slot.
enum TouchSlotInput: Sendable, Equatable {
    case move(Point, Instant)
    /// The finger lifted. No position: libinput's touch-up has none, the slot keeps the last.
    case up(Instant)
    case cancel(Instant)
    /// Time has reached the given instant with no touch event; fires what is due by then.
    case timeout(Instant)

    var time: Instant {
        switch self {
        case .move(_, let time), .up(let time), .cancel(let time), .timeout(let time): time
        }
    }
}
