import KioskCore

/// What the bridge publishes, and in answer to what: the bridge's logic without a broker, so
/// that tests can drive it message by message.
///
/// It keeps the latest state of every control, whether or not the broker is reachable, so a
/// (re)connection publishes each one again: a value that changed while the broker was away
/// reaches it, and a broker that lost its retained messages gets them back.
package struct MQTTRouter {
    package let topics: MQTTTopics

    /// The latest value JSON of each control, in the order they were first published.
    private var states: [String: String] = [:]
    private var stateOrder: [String] = []

    /// A router for the topics under `topics.prefix`.
    package init(topics: MQTTTopics) {
        self.topics = topics
    }

    /// What a message on the request topic is.
    package enum Incoming: Sendable, Equatable {
        /// One request line for the control protocol (final newline removed); its reply goes
        /// out through `reply(line:)`. Size and encoding are the protocol's to check, with the
        /// socket's words.
        case request([UInt8])
        /// Answered here, without reaching the protocol: a retained request, or more than one line.
        case refused(MQTTMessage)
    }

    /// The last will, which the broker publishes if the kiosk vanishes without a clean stop.
    package var will: MQTTMessage { MQTTMessage(topic: topics.status, payload: "offline", qos: .atLeastOnce, retain: true) }

    /// What a clean stop publishes before disconnecting (a clean disconnect drops the will).
    package var offline: MQTTMessage { will }

    /// What a new connection publishes: `online`, then every control's state.
    package func messagesOnConnect() -> [MQTTMessage] {
        [MQTTMessage(topic: topics.status, payload: "online", qos: .atLeastOnce, retain: true)]
            + stateOrder.map { stateMessage(id: $0, json: states[$0]!) }
    }

    /// An event's JSON line on `PREFIX/events`.
    package func event(line: String) -> MQTTMessage {
        MQTTMessage(topic: topics.events, payload: line, qos: .atMostOnce, retain: false)
    }

    /// Records control `id`'s value; the message to publish, or nil when it is the value
    /// published last (a commit after a drag that ended where the last change was).
    package mutating func state(id: String, json: String) -> MQTTMessage? {
        if let old = states[id] {
            if old == json { return nil }
        } else {
            stateOrder.append(id)
        }
        states[id] = json
        return stateMessage(id: id, json: json)
    }

    /// The recorded value of control `id`.
    package func recordedState(of id: String) -> String? { states[id] }

    /// What to do with a message from the broker; nil for a topic other than the request
    /// topic (the bridge subscribes to that one only).
    ///
    /// A request delivered with the retain flag is refused: the broker keeps a retained
    /// message and hands it to every new subscription, so it would be carried out again at
    /// every start and every reconnection, undoing what people set by touch since. (A retained
    /// request published while the kiosk is connected arrives without the flag and is carried
    /// out once, as any other.)
    package func received(topic: String, payload: [UInt8], retained: Bool = false) -> Incoming? {
        let setTarget = topics.setTarget(of: topic)
        guard topic == topics.request || setTarget != nil else { return nil }
        if retained {
            return .refused(reply(line: Self.errorReply("a retained request is not carried out (it would be again at "
                                                        + "every start and reconnection); publish requests without the retain flag")))
        }
        var line = payload[...]
        if line.last == UInt8(ascii: "\n") { line = line.dropLast() }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        switch setTarget {
        case .control(let id)?: return setRequest(control: id, payload: Array(line))
        case .malformed(let problem)?: return .refused(reply(line: Self.errorReply("\(topic): \(problem)")))
        case nil: break
        }
        if line.contains(UInt8(ascii: "\n")) { return .refused(reply(line: Self.errorReply("one request per message"))) }
        return .request(Array(line))
    }

    /// `PREFIX/set/ID` with `{"text": "21.5 °C"}` is the request `{"op": "set", "control":
    /// ID, "value": {"text": "21.5 °C"}}`: what a home-automation rule can publish without
    /// knowing the request envelope. The payload must be one JSON object.
    private func setRequest(control id: String, payload: [UInt8]) -> Incoming {
        guard let text = String(validating: payload, as: UTF8.self) else {
            return .refused(reply(line: Self.errorReply("\(topics.prefix)/set/\(id): the message is not UTF-8")))
        }
        let value: JSONValue
        do { value = try JSONParser(maxDepth: 16).parseValue(text) } catch {
            return .refused(reply(line: Self.errorReply("\(topics.prefix)/set/\(id): not JSON: \(error.line):\(error.column): \(error.message)")))
        }
        guard value.objectValue != nil else {
            return .refused(reply(line: Self.errorReply("\(topics.prefix)/set/\(id): expected a JSON object of fields "
                                                        + "and properties (found \(value.kindDescription))")))
        }
        let request: JSONValue = ["op": "set", "control": .string(id), "value": value]
        return .request(Array(request.serialized().utf8))
    }

    /// A reply line on `PREFIX/reply`, at QoS 1, not retained.
    package func reply(line: String) -> MQTTMessage {
        MQTTMessage(topic: topics.reply, payload: line, qos: .atLeastOnce, retain: false)
    }

    /// A reply the handler never saw the request of, so there is no id to echo.
    static func errorReply(_ message: String) -> String {
        #"{"id": null, "ok": false, "error": "# + JSONWriter.quoted(message) + "}"
    }

    private func stateMessage(id: String, json: String) -> MQTTMessage {
        MQTTMessage(topic: topics.state(of: id), payload: json, qos: .atLeastOnce, retain: true)
    }
}
