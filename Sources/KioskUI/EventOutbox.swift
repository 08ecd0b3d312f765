import KioskCore

/// Events waiting for the next frame. Kinds that coalesce (`valueChanged`, and any kind made
/// with `coalesces: true`) go out at most once per frame per source however many touch moves
/// arrive in between: the latest value wins, the event keeps its place in the order.
package struct EventOutbox: Sendable {
    /// Each event with the control that sent it (nil for panels, popups and plain `post`),
    /// so that the scene can tell that control's observers.
    private var pending: [(event: ControlEvent, origin: ObjectIdentifier?)] = []
    /// The batch `drainWithOrigins` handed out last, reused for the next one.
    private var spare: [(event: ControlEvent, origin: ObjectIdentifier?)] = []

    /// An empty outbox.
    package init() {}

    /// Nothing is waiting.
    package var isEmpty: Bool { pending.isEmpty }

    /// Queues `event`, replacing the source's latest pending event if both are of the same
    /// coalescing kind.
    package mutating func post(_ event: ControlEvent) { post(event, origin: nil) }

    mutating func post(_ event: ControlEvent, origin: ObjectIdentifier?) {
        if event.kind.coalesces,
           let i = pending.lastIndex(where: { $0.event.source == event.source }), pending[i].event.kind == event.kind {
            pending[i] = (event, origin ?? pending[i].origin)
            return
        }
        pending.append((event, origin))
    }

    /// Hands out everything posted since the last drain.
    package mutating func drain() -> [ControlEvent] { drainWithOrigins().map(\.event) }

    /// Drained every frame: with nothing pending it hands out the empty array (no storage),
    /// otherwise two arrays take turns (as `Scene.takeDamage`), so draining allocates nothing.
    mutating func drainWithOrigins() -> [(event: ControlEvent, origin: ObjectIdentifier?)] {
        guard !pending.isEmpty else { return [] }
        swap(&pending, &spare)
        pending.removeAll(keepingCapacity: true)
        return spare
    }
}
