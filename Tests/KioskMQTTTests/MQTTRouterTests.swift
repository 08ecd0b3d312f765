import Testing
import KioskMQTT

/// The bridge's logic without a broker: what goes where, with which QoS and retain flag.
@Suite struct MQTTRouterTests {
    final class StubHandler {
        var requests: [String] = []
        func handle(_ line: String) -> String {
            requests.append(line)
            return #"{"id": 1, "ok": true}"#
        }
    }

    let topics = MQTTTopics(prefix: "k")

    @Test("a request message goes to the handler, and its reply to PREFIX/reply at QoS 1, not retained")
    func requestToReply() throws {
        let stub = StubHandler()
        let router = MQTTRouter(topics: topics, handleRequest: stub.handle)
        let reply = try #require(router.received(topic: "k/request", payload: Array(#"{"op": "ping", "id": 1}"#.utf8)))
        #expect(stub.requests == [#"{"op": "ping", "id": 1}"#])
        #expect(reply == MQTTMessage(topic: "k/reply", payload: #"{"id": 1, "ok": true}"#, qos: .atLeastOnce, retain: false))
    }

    @Test("a request with a final newline is one line; two lines, bad UTF-8 or 64 KiB are refused before the handler")
    func badRequests() throws {
        let stub = StubHandler()
        let router = MQTTRouter(topics: topics, handleRequest: stub.handle)
        _ = router.received(topic: "k/request", payload: Array("{\"op\": \"ping\"}\n".utf8))
        #expect(stub.requests == [#"{"op": "ping"}"#])
        let cases: [([UInt8], String)] = [
            (Array("{}\n{}".utf8), #"{"id": null, "ok": false, "error": "one request per message"}"#),
            ([0xFF, 0xFE], #"{"id": null, "ok": false, "error": "request is not valid UTF-8"}"#),
            ([UInt8](repeating: 0x20, count: 64 * 1024 + 1), #"{"id": null, "ok": false, "error": "request larger than 64 KiB"}"#),
        ]
        for (payload, expected) in cases {
            #expect(router.received(topic: "k/request", payload: payload)?.payload == expected)
        }
        #expect(stub.requests.count == 1)
    }

    @Test("messages on other topics are not answered")
    func otherTopics() {
        let router = MQTTRouter(topics: topics, handleRequest: StubHandler().handle)
        #expect(router.received(topic: "k/reply", payload: []) == nil)
        #expect(router.received(topic: "other/request", payload: []) == nil)
    }

    @Test("events go to PREFIX/events at QoS 0, not retained")
    func events() {
        let router = MQTTRouter(topics: topics, handleRequest: StubHandler().handle)
        #expect(router.event(line: #"{"t": 1}"#) == MQTTMessage(topic: "k/events", payload: #"{"t": 1}"#, qos: .atMostOnce, retain: false))
    }

    @Test("a state is retained at QoS 1; the same value again publishes nothing")
    func states() {
        var router = MQTTRouter(topics: topics, handleRequest: StubHandler().handle)
        #expect(router.state(id: "price", json: #"{"lower": 2}"#)
                == MQTTMessage(topic: "k/state/price", payload: #"{"lower": 2}"#, qos: .atLeastOnce, retain: true))
        #expect(router.state(id: "price", json: #"{"lower": 2}"#) == nil)
        #expect(router.state(id: "price", json: #"{"lower": 3}"#)?.payload == #"{"lower": 3}"#)
    }

    @Test("a connection publishes online, then the latest state of every control in first-seen order")
    func onConnect() {
        var router = MQTTRouter(topics: topics, handleRequest: StubHandler().handle)
        _ = router.state(id: "price", json: "1")
        _ = router.state(id: "angle", json: "2")
        _ = router.state(id: "price", json: "3")
        #expect(router.messagesOnConnect().map(\.description) == [
            "k/status qos1 retained: online", "k/state/price qos1 retained: 3", "k/state/angle qos1 retained: 2",
        ])
        #expect(router.will.description == "k/status qos1 retained: offline")
    }
}
