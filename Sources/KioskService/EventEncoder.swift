import KioskCore
import KioskUI

/// Turns control events into the JSON lines the outside world reads:
///
///     {"t": 16, "source": "price", "event": "valueChanged", "value": {"lower": 2.3, "upper": 8}}
///
/// `t` is milliseconds since start (virtual time in headless mode). Values are rounded to
/// three decimals: a dragged slider's exact value is an artefact of finger pixels, and
/// consumers (shell scripts, PLC bridges) should not have to parse 2.3478260869565215.
public enum EventEncoder {
    /// The event as one JSON line, without the newline: keys in a fixed order, numbers rounded to three decimals.
    public static func line(_ event: ControlEvent) -> String {
        var s = "{\"t\": \(Instant.formatMilliseconds(event.time.milliseconds)), "
        s += "\"source\": \(JSONValue.string(event.source).serialized()), "
        s += "\"event\": \(JSONValue.string(event.kind.rawValue).serialized())"
        if !event.value.isEmpty {
            let fields = event.value.map { field in
                "\(JSONValue.string(field.name).serialized()): \(encode(field.value))"
            }
            s += ", \"value\": {" + fields.joined(separator: ", ") + "}"
        }
        return s + "}"
    }

    static func encode(_ scalar: EventScalar) -> String { json(scalar).serialized() }

    /// A field's value as JSON, as the event line writes it: numbers rounded to three decimals
    /// (the control socket's `get` replies say the same as the events).
    public static func json(_ scalar: EventScalar) -> JSONValue {
        switch scalar {
        case .number(let n): return .number((n * 1000).rounded() / 1000 + 0.0)   // + 0.0 turns −0 into 0
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        }
    }
}
