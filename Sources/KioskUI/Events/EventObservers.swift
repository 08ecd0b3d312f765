/// Identifies one observer added with `Control.addObserver(for:_:)` or
/// `Scene.addObserver(for:source:_:)`; hand it to the matching `removeObserver(_:)` to stop
/// the calls.
///
/// A token does not remove its observer when it goes away (unlike Combine's
/// `AnyCancellable`): a kiosk wires its observers once and keeps them for as long as the
/// control lives, as UIKit's `addAction(_:for:)` does, and a discarded result must not
/// silently unplug one.
public final class ObservationToken: Hashable {
    init() {}

    public static func == (a: ObservationToken, b: ObservationToken) -> Bool { a === b }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// Observers of one control or of a whole scene, in the order they were added.
///
/// `notify` calls a snapshot of them, so an observer may add or remove observers (itself
/// included) while it runs: one added is called from the next event on, one removed is not
/// called again, not even for the event being handed out.
struct EventObservers {
    private struct Entry {
        let token: ObservationToken
        let kind: ControlEvent.Kind?
        let source: String?
        let handler: (ControlEvent) -> Void
    }

    private var entries: [Entry] = []

    var isEmpty: Bool { entries.isEmpty }

    mutating func add(kind: ControlEvent.Kind?, source: String? = nil,
                      _ handler: @escaping (ControlEvent) -> Void) -> ObservationToken {
        let token = ObservationToken()
        entries.append(Entry(token: token, kind: kind, source: source, handler: handler))
        return token
    }

    @discardableResult
    mutating func remove(_ token: ObservationToken) -> Bool {
        guard let i = entries.firstIndex(where: { $0.token === token }) else { return false }
        entries.remove(at: i)
        return true
    }

    func contains(_ token: ObservationToken) -> Bool { entries.contains { $0.token === token } }

    /// The handlers `event` goes to, with the tokens that must still be registered when each
    /// one's turn comes.
    func matches(_ event: ControlEvent) -> [(token: ObservationToken, handler: (ControlEvent) -> Void)] {
        entries.filter { ($0.kind == nil || $0.kind == event.kind) && ($0.source == nil || $0.source == event.source) }
            .map { ($0.token, $0.handler) }
    }
}
