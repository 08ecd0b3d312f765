import KioskCore

/// The state of one touch slot's gesture state machine (see `TouchSlot` for the handlers).
///
///     down ──► possible ──move beyond slop──► panning ──up/cancel──► ended
///                 │  └──up/cancel──► ended                ▲
///                 └──long-press deadline──► longPressed ───┘ move beyond slop
///                                               └──up/cancel──► ended
///
/// A touch in `longPressed` that later moves beyond the slop becomes a pan: people rest a
/// finger on a knob before they drag it, and the drag must not be lost to the rest. The pan
/// is measured from the touch-down point, as every pan is. A consumer for which the long
/// press is the whole gesture (a context menu) ignores the pan that follows it
/// (`Control.claimsLongPress` in KioskUI).
enum TouchSlotState: Sendable, Equatable {
    /// Down and within the slop; becomes a long press at `longPressDeadline` unless it moves
    /// beyond the slop or lifts first.
    case possible(longPressDeadline: Instant)
    /// Moved beyond the slop; every move is a `panChanged`.
    case panning
    /// Held still long enough; moves within the slop only update the position reported at
    /// release, a move beyond it starts a pan.
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
