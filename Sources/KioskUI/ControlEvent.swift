import KioskCore

/// A scalar carried in an event's value.
public enum EventScalar: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
}

/// What a control reports to the outside world (stdout JSON lines, IPC, state file).
/// Mirrors UIKit's target–action: `valueChanged` while dragging, `valueCommitted` when the
/// interaction ends, `tapped` for buttons.
public struct ControlEvent: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable {
        case valueChanged, valueCommitted, tapped
        /// A panel finished sliding in / is completely gone.
        case panelShown, panelDismissed
        /// A popup dialog's button was tapped (`source` is the popup, `value.button` the button).
        case buttonTapped
        /// A popup finished appearing / is completely gone.
        case popupShown, popupDismissed
    }

    public var time: Instant
    public var source: String
    public var kind: Kind
    /// Ordered fields of the event's `value` object; empty when the event has no value.
    public var value: [(name: String, value: EventScalar)]

    public init(time: Instant, source: String, kind: Kind, value: [(name: String, value: EventScalar)] = []) {
        self.time = time; self.source = source; self.kind = kind; self.value = value
    }

    public static func == (a: ControlEvent, b: ControlEvent) -> Bool {
        a.time == b.time && a.source == b.source && a.kind == b.kind
            && a.value.map(\.name) == b.value.map(\.name) && a.value.map(\.value) == b.value.map(\.value)
    }

    public var description: String {
        let fields = value.map { "\($0.name)=\($0.value)" }.joined(separator: ",")
        return "\(time) \(source).\(kind.rawValue)(\(fields))"
    }
}

/// Events waiting for the next frame. `valueChanged` is coalesced so that a control emits it
/// at most once per frame however many touch moves arrive in between (the latest value wins,
/// the event keeps its place in the order).
public struct EventOutbox: Sendable {
    private var pending: [ControlEvent] = []

    public init() {}

    public var isEmpty: Bool { pending.isEmpty }

    public mutating func post(_ event: ControlEvent) {
        if event.kind == .valueChanged,
           let i = pending.lastIndex(where: { $0.source == event.source }), pending[i].kind == .valueChanged {
            pending[i] = event
            return
        }
        pending.append(event)
    }

    /// Hands out everything posted since the last drain.
    public mutating func drain() -> [ControlEvent] {
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }
}
