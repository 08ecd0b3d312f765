import Testing
import KioskCore
import KioskUI
import KioskService

/// What a program prints of an event is what the outside world reads: a value as its JSON,
/// an event as its JSON line.
@Suite("Events printed")
struct EventDescriptionTests {
    @Test("a value prints as the event line writes it: 90, 2.348, \"ok\", true")
    func scalars() {
        #expect(String(describing: EventScalar.number(90)) == "90")
        #expect(String(describing: EventScalar.number(2.3478260869565215)) == "2.348")
        #expect(String(describing: EventScalar.number(-0.0001)) == "0")
        #expect(String(describing: EventScalar.string("ok")) == #""ok""#)
        #expect(String(describing: EventScalar.bool(true)) == "true")
        #expect("\(EventScalar.string("say \"hi\""))" == #""say \"hi\"""#)
    }

    @Test("print(event[\"angle\"] ?? \"\") in an observer prints 90, not number(90.0)")
    func observerSample() {
        let event = ControlEvent(time: .milliseconds(16), source: "volume", kind: .valueCommitted,
                                 value: [("angle", 90)])
        #expect(String(describing: event["angle"] ?? "") == "90")
    }

    @Test("an event prints as its JSON line, the one kiosk run writes")
    func eventIsItsLine() {
        let event = ControlEvent(time: .milliseconds(8.333), source: "price", kind: .valueChanged,
                                 value: [("lower", 2.3), ("upper", 8)])
        let line = #"{"t": 8.333, "source": "price", "event": "valueChanged", "value": {"lower": 2.3, "upper": 8}}"#
        #expect(event.description == line)
        #expect(event.description == line)
        let bare = ControlEvent(time: .zero, source: "filters", kind: .panelShown)
        #expect("\(bare)" == #"{"t": 0, "source": "filters", "event": "panelShown"}"#)
    }

    @Test("a kind read back from its name coalesces as declared: the built-ins do, unknown names do not")
    func kindsReadBack() {
        #expect(ControlEvent.Kind(rawValue: "valueChanged").coalesces)
        #expect(!ControlEvent.Kind(rawValue: "valueCommitted").coalesces)
        #expect(!ControlEvent.Kind(rawValue: "scrubbed").coalesces)
        #expect(ControlEvent.Kind(rawValue: "scrubbed") == .scrubbed)
    }
}
