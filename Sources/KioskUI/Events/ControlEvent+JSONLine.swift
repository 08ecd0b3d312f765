import KioskCore

/// The JSON line of an event (Documentation/Contracts.md, "Events"), written here once: the
/// line `kiosk run` prints, the control socket and MQTT forward, and the event's own
/// `description`, so that what a program prints of an event is what the outside world reads.
///
///     {"t": 16, "source": "price", "event": "valueChanged", "value": {"lower": 2.3, "upper": 8}}
///     {"t": 40, "source": "price", "event": "valueCommitted", "origin": "owner", "value": {"lower": 3, "upper": 8}}
///
/// `t` is milliseconds since start (virtual time in headless mode). Values are rounded to
/// three decimals: a dragged slider's exact value is an artefact of finger pixels, and
/// consumers (shell scripts, PLC bridges) should not have to parse 2.3478260869565215.
extension ControlEvent {
    /// The event as one JSON line, without the newline: keys in a fixed order, numbers
    /// rounded to three decimals.
    package var jsonLine: String {
        var s = "{\"t\": \(NumberFormat.milliseconds(time.milliseconds)), "
        s += "\"source\": \(JSONValue.string(source).serialized()), "
        s += "\"event\": \(JSONValue.string(kind.rawValue).serialized())"
        if origin.isWritten { s += ", \"origin\": \(JSONValue.string(origin.rawValue).serialized())" }
        if !value.isEmpty {
            let fields = value.map { field in "\(JSONValue.string(field.name).serialized()): \(field.value)" }
            s += ", \"value\": {" + fields.joined(separator: ", ") + "}"
        }
        return s + "}"
    }

    /// The event's JSON line: `{"t": 150, "source": "light", "event": "toggled", "value": {"on": true}}`.
    public var description: String { jsonLine }
}

extension EventScalar: CustomStringConvertible {
    /// The value as the event's JSON line writes it: a number rounded to three decimals
    /// (−0 as 0), a string, a Boolean.
    package var json: JSONValue {
        switch self {
        case .number(let n): return .number((n * 1000).rounded() / 1000 + 0.0)   // + 0.0 turns −0 into 0
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        }
    }

    /// A JSON number, string or boolean as the scalar it is; nil for null, an array or an
    /// object (what a request's field, a state file's value or a property must not be).
    package init?(_ json: JSONValue) {
        switch json {
        case .number(let n): self = .number(n)
        case .string(let s): self = .string(s)
        case .bool(let b): self = .bool(b)
        case .null, .array, .object: return nil
        }
    }

    /// The value as the event's JSON line writes it: `90`, `2.348`, `"ok"`, `true`. So
    /// `print(event["angle"] ?? "")` prints `90`.
    public var description: String { json.serialized() }
}
