import Testing
import KioskMQTT

/// The bridge's logic without a broker: what goes where, with which QoS and retain flag.
@Suite struct MQTTRouterTests {
    let topics = MQTTTopics(prefix: "k")

    @Test("a request message is one line for the control protocol; its reply goes to PREFIX/reply at QoS 1, not retained")
    func requestToReply() throws {
        let router = MQTTRouter(topics: topics)
        #expect(router.received(topic: "k/request", payload: Array(#"{"op": "ping", "id": 1}"#.utf8))
                == .request(Array(#"{"op": "ping", "id": 1}"#.utf8)))
        #expect(router.reply(line: #"{"id": 1, "ok": true}"#)
                == MQTTMessage(topic: "k/reply", payload: #"{"id": 1, "ok": true}"#, qos: .atLeastOnce, retain: false))
    }

    @Test("a final newline (or CRLF) is dropped; two lines are refused before the protocol sees them")
    func lines() throws {
        let router = MQTTRouter(topics: topics)
        #expect(router.received(topic: "k/request", payload: Array("{\"op\": \"ping\"}\n".utf8)) == .request(Array(#"{"op": "ping"}"#.utf8)))
        #expect(router.received(topic: "k/request", payload: Array("{}\r\n".utf8)) == .request(Array("{}".utf8)))
        #expect(router.received(topic: "k/request", payload: Array("{}\n{}".utf8))
                == .refused(router.reply(line: #"{"id": null, "ok": false, "error": "one request per message"}"#)))
    }

    @Test("a request delivered retained is refused: it would be carried out again at every start and reconnection")
    func retainedRequest() throws {
        let router = MQTTRouter(topics: topics)
        let refused = router.received(topic: "k/request", payload: Array(#"{"op": "set", "control": "price", "value": {"lower": 1}}"#.utf8),
                                      retained: true)
        #expect(refused == .refused(router.reply(line: #"{"id": null, "ok": false, "error": "a retained request is not carried out "#
                                                  + #"(it would be again at every start and reconnection); publish requests without the retain flag"}"#)))
    }

    @Test("messages on other topics are not answered")
    func otherTopics() {
        let router = MQTTRouter(topics: topics)
        #expect(router.received(topic: "k/reply", payload: []) == nil)
        #expect(router.received(topic: "other/request", payload: []) == nil)
    }

    @Test("events go to PREFIX/events at QoS 0, not retained")
    func events() {
        let router = MQTTRouter(topics: topics)
        #expect(router.event(line: #"{"t": 1}"#) == MQTTMessage(topic: "k/events", payload: #"{"t": 1}"#, qos: .atMostOnce, retain: false))
    }

    @Test("a state is retained at QoS 1; the same value again publishes nothing")
    func states() {
        var router = MQTTRouter(topics: topics)
        #expect(router.state(id: "price", json: #"{"lower": 2}"#)
                == MQTTMessage(topic: "k/state/price", payload: #"{"lower": 2}"#, qos: .atLeastOnce, retain: true))
        #expect(router.state(id: "price", json: #"{"lower": 2}"#) == nil)
        #expect(router.state(id: "price", json: #"{"lower": 3}"#)?.payload == #"{"lower": 3}"#)
    }

    @Test("a connection publishes online, then the latest state of every control in first-seen order")
    func onConnect() {
        var router = MQTTRouter(topics: topics)
        _ = router.state(id: "price", json: "1")
        _ = router.state(id: "angle", json: "2")
        _ = router.state(id: "price", json: "3")
        #expect(router.messagesOnConnect().map(\.description) == [
            "k/status qos1 retained: online", "k/state/price qos1 retained: 3", "k/state/angle qos1 retained: 2",
        ])
        #expect(router.will.description == "k/status qos1 retained: offline")
    }
}
