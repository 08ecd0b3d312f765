import Testing
import KioskMQTT

/// `PREFIX/set/ID`: a home-automation rule sets fields and properties without the request envelope.
@Suite struct MQTTSetTopicTests {
    let topics = MQTTTopics(prefix: "k")

    @Test("a JSON object on P/set/ID is the set request for that control")
    func setIsARequest() {
        let router = MQTTRouter(topics: topics)
        #expect(router.received(topic: "k/set/title", payload: Array(#"{"text": "21.5 °C"}"#.utf8))
                == .request(Array(#"{"op":"set","control":"title","value":{"text":"21.5 °C"}}"#.utf8)))
        // The level is percent-decoded as the state topics encode it.
        #expect(router.received(topic: "k/set/a%2Fb", payload: Array("{\"enabled\": false}\n".utf8))
                == .request(Array(#"{"op":"set","control":"a/b","value":{"enabled":false}}"#.utf8)))
    }

    @Test("what is not one JSON object is refused with where and why; a retained set is refused like a retained request",
          arguments: [
              ("21.5", #"k/set/t: expected a JSON object of fields and properties (found a number)"#),
              ("{\"text\": ", #"k/set/t: not JSON: 1:10: expected a value, found end of input"#),
          ])
    func refused(payload: String, message: String) {
        let router = MQTTRouter(topics: topics)
        #expect(router.received(topic: "k/set/t", payload: Array(payload.utf8))
                == .refused(router.reply(line: #"{"id": null, "ok": false, "error": "# + "\"\(message.replacingQuotes)\"}")))
        guard case .refused? = router.received(topic: "k/set/t", payload: Array("{}".utf8), retained: true) else {
            Issue.record("a retained set was not refused")
            return
        }
    }

    @Test("a set topic whose level is no control id gets an error reply naming the topic and why",
          arguments: [
              ("k/set/%ZZ", #"k/set/%ZZ: "%ZZ" is not an escape of a control id (%25, %2F, %2B, %23 or %00)"#),
              ("k/set/a%2", #"k/set/a%2: "%2" is cut short: a % starts one of %25, %2F, %2B, %23 or %00"#),
              ("k/set/%", #"k/set/%: "%" is cut short: a % starts one of %25, %2F, %2B, %23 or %00"#),
              ("k/set/", #"k/set/: the control id is empty"#),
              ("k/set/a/b", #"k/set/a/b: the control id is one topic level (a / is written %2F)"#),
          ])
    func malformedLevel(topic: String, message: String) {
        let router = MQTTRouter(topics: topics)
        #expect(router.received(topic: topic, payload: Array(#"{"enabled": true}"#.utf8))
                == .refused(router.reply(line: #"{"id": null, "ok": false, "error": "# + "\"\(message.replacingQuotes)\"}")))
        #expect(topics.controlID(ofSetTopic: topic) == nil)
    }

    @Test("the kiosk subscribes to every control's set topic")
    func filter() {
        #expect(topics.setFilter == "k/set/+")
        #expect(topics.controlID(ofSetTopic: "k/set/x") == "x")
        #expect(topics.controlID(ofSetTopic: "k/state/x") == nil)
    }
}

private extension String {
    var replacingQuotes: String { split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\\\"") }
}
