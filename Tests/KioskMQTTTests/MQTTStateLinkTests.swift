import KioskControls
import Testing
import KioskCore
import KioskMQTT
import KioskTestSupport
@testable import KioskService
import KioskUI

/// The glue between the runner and the bridge, with the bridge replaced by the router and a
/// recorder: events and states in the order the bridge would publish them.
@Suite struct MQTTStateLinkTests {
    final class Recorder {
        var published: [String] = []
    }

    func scene() -> Scene {
        let price = RangeSlider(id: "price", frame: Rect(20, 20, 280, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let dial = CircularSlider(id: "angle", frame: Rect(20, 80, 200, 200), angle: 90)
        let label = Label(id: "title", frame: Rect(20, 300, 200, 30), text: "Hi")
        return Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [price, dial, label])])
    }

    func link(_ recorder: Recorder) -> MQTTStateLink {
        MQTTStateLink(publishEvent: { recorder.published.append("event \($0)") },
                      publishState: { recorder.published.append("state \($0) \($1)") })
    }

    @Test("at start every control with a value publishes its state; a label has none")
    func initialStates() {
        let recorder = Recorder()
        link(recorder).publishAllStates(of: scene())
        #expect(recorder.published == [#"state price {"lower": 20, "upper": 80}"#, #"state angle {"angle": 90}"#])
    }

    @Test("while dragging, state goes out at most every 250 ms; the commit always carries the final value")
    func dragThrottle() {
        let recorder = Recorder()
        let scene = scene()
        let link = link(recorder)
        link.publishAllStates(of: scene)
        recorder.published = []
        let price = scene.control(withID: "price")!
        func emit(_ kind: ControlEvent.Kind, lower: Double, at ms: Double) {
            try! price.setValue([("lower", .number(lower))], sendsEvents: false)
            link.emitted(ControlEvent(time: .milliseconds(ms), source: "price", kind: kind,
                                      value: price.currentValue!), scene: scene)
        }
        emit(.valueChanged, lower: 21, at: 1000)   // first change: published
        emit(.valueChanged, lower: 22, at: 1016)   // within 250 ms: held back
        emit(.valueChanged, lower: 23, at: 1250)   // 250 ms on: published
        emit(.valueChanged, lower: 24, at: 1266)
        emit(.valueCommitted, lower: 24, at: 1266) // the commit: published
        let states = recorder.published.filter { $0.hasPrefix("state") }
        #expect(states == [#"state price {"lower": 21, "upper": 80}"#, #"state price {"lower": 23, "upper": 80}"#,
                           #"state price {"lower": 24, "upper": 80}"#])
        #expect(recorder.published.filter { $0.hasPrefix("event") }.count == 5)
    }

    @Test("an event that leaves the value as published sends the event line only")
    func unchanged() {
        let recorder = Recorder()
        let scene = scene()
        let link = link(recorder)
        link.publishAllStates(of: scene)
        recorder.published = []
        link.emitted(ControlEvent(time: .milliseconds(5), source: "price", kind: .valueCommitted,
                                  value: [("lower", 20), ("upper", 80)]), scene: scene)
        link.emitted(ControlEvent(time: .milliseconds(5), source: "ok", kind: .buttonTapped), scene: scene)
        #expect(recorder.published == [
            #"event {"t": 5, "source": "price", "event": "valueCommitted", "value": {"lower": 20, "upper": 80}}"#,
            #"event {"t": 5, "source": "ok", "event": "buttonTapped"}"#,
        ])
    }

    @Test("a request over MQTT reaches the control socket's handler with the socket's checks, sets the control, and the reply goes to PREFIX/reply")
    func requestThroughRouter() throws {
        let scene = scene()
        let target = ControlTestTarget(scene: scene)
        let router = MQTTRouter(topics: MQTTTopics(prefix: "k"))
        func answer(_ payload: [UInt8]) -> MQTTMessage? {
            guard case .request(let line)? = router.received(topic: "k/request", payload: payload) else { return nil }
            var reply: MQTTMessage?
            target.submit(line, from: nil) { reply = router.reply(line: $0.line) }
            return reply
        }
        #expect(answer(Array(#"{"op": "set", "id": 9, "control": "angle", "value": {"angle": 180}}"#.utf8))
                == MQTTMessage(topic: "k/reply", payload: #"{"id": 9, "ok": true, "control": "angle", "value": {"angle": 180}}"#,
                               qos: .atLeastOnce, retain: false))
        #expect(scene.control(withID: "angle")?.currentValue?.first?.value == .number(180))
        // The words of the control socket, not words of MQTT's own.
        #expect(answer([0xFF, 0xFE])?.payload == #"{"ok": false, "error": "request is not UTF-8"}"#)
        #expect(answer([UInt8](repeating: 0x20, count: 65_537))?.payload == #"{"ok": false, "error": "request is longer than 65536 bytes"}"#)
    }
}
