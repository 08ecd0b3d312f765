import KioskCore
import KioskUI

/// Turns control events into the JSON lines the outside world reads:
///
///     {"t": 16, "source": "price", "event": "valueChanged", "value": {"lower": 2.3, "upper": 8}}
///
/// `t` is milliseconds since start (virtual time in headless mode). Values are rounded to
/// three decimals: a dragged slider's exact value is an artefact of finger pixels, and
/// consumers (shell scripts, PLC bridges) should not have to parse 2.3478260869565215. The
/// format is written once, with the event (an event's `description` is its line).
package enum EventEncoder {
    /// The event as one JSON line, without the newline: keys in a fixed order, numbers rounded to three decimals.
    package static func line(_ event: ControlEvent) -> String { event.jsonLine }

    /// The line as subscribers read it (the socket's `subscribe`, MQTT's `PREFIX/events`):
    /// with `"seq"` last, the event's number among all the kiosk has handed out since it
    /// started (1, 2, …), so that a subscriber can tell which events the state in its
    /// `subscribe` reply (`"seq"` there: the last one it includes) already holds.
    package static func line(_ event: ControlEvent, sequence: Int) -> String {
        String(event.jsonLine.dropLast()) + ", \"seq\": \(sequence)}"
    }

    static func encode(_ scalar: EventScalar) -> String { scalar.description }

    /// A field's value as JSON, as the event line writes it: numbers rounded to three decimals
    /// (the control socket's `get` replies say the same as the events).
    package static func json(_ scalar: EventScalar) -> JSONValue { scalar.json }
}
