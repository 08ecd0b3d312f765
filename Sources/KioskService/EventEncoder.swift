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

    static func encode(_ scalar: EventScalar) -> String { scalar.description }

    /// A field's value as JSON, as the event line writes it: numbers rounded to three decimals
    /// (the control socket's `get` replies say the same as the events).
    package static func json(_ scalar: EventScalar) -> JSONValue { scalar.json }
}
