import KioskCore

/// Events waiting for the next frame. Kinds that coalesce (`valueChanged`, and any kind made
/// with `coalesces: true`) go out at most once per frame per source and origin however many
/// touch moves arrive in between: the latest value wins, the event keeps its place in the order.
///
/// Only events of the same origin merge. A `set` from the owner in the middle of a drag would
/// otherwise replace the finger's `valueChanged` with its own (the person's move lost) or be
/// replaced by the finger's next one (the owner's change reported as a person's); kept apart,
/// each says who did it, in the order it happened.
package struct EventOutbox: Sendable {
    /// Each event with the control that sent it (nil for panels, popups and plain `post`),
    /// so that the scene can tell that control's observers.
    private var pending: [(event: ControlEvent, sender: ObjectIdentifier?)] = []
    /// The batch `drainWithSenders` handed out last, reused for the next one.
    private var spare: [(event: ControlEvent, sender: ObjectIdentifier?)] = []

    /// An empty outbox.
    package init() {}

    /// Nothing is waiting.
    package var isEmpty: Bool { pending.isEmpty }

    /// Queues `event`, replacing the source's latest pending event if both are of the same
    /// coalescing kind and origin.
    package mutating func post(_ event: ControlEvent) { post(event, sender: nil) }

    mutating func post(_ event: ControlEvent, sender: ObjectIdentifier?) {
        if event.kind.coalesces, let i = pending.lastIndex(where: { $0.event.source == event.source }),
           pending[i].event.kind == event.kind, pending[i].event.origin == event.origin {
            pending[i] = (event, sender ?? pending[i].sender)
            return
        }
        pending.append((event, sender))
    }

    /// Hands out everything posted since the last drain.
    package mutating func drain() -> [ControlEvent] { drainWithSenders().map(\.event) }

    /// Drained every frame: with nothing pending it hands out the empty array (no storage),
    /// otherwise two arrays take turns (as `Scene.takeDamage`), so draining allocates nothing.
    mutating func drainWithSenders() -> [(event: ControlEvent, sender: ObjectIdentifier?)] {
        guard !pending.isEmpty else { return [] }
        swap(&pending, &spare)
        pending.removeAll(keepingCapacity: true)
        return spare
    }
}
