import KioskCore

/// What the bridge publishes, and in answer to what: the bridge's logic without a broker, so
/// that tests can drive it message by message.
///
/// It keeps the latest state of every control, whether or not the broker is reachable, so a
/// (re)connection publishes each one again: a value that changed while the broker was away
/// reaches it, and a broker that lost its retained messages gets them back.
public struct MQTTRouter {
    public let topics: MQTTTopics
    /// One JSON request line in, one JSON reply line out (the control socket's protocol).
    let handleRequest: (String) -> String

    /// The latest value JSON of each control, in the order they were first published.
    private var states: [String: String] = [:]
    private var stateOrder: [String] = []

    /// The longest request taken (the control socket's limit); a longer one gets an error reply
    /// without reaching the handler.
    public static let maximumRequestBytes = 64 * 1024

    public init(topics: MQTTTopics, handleRequest: @escaping (String) -> String) {
        self.topics = topics
        self.handleRequest = handleRequest
    }

    /// The last will, which the broker publishes if the kiosk vanishes without a clean stop.
    public var will: MQTTMessage { MQTTMessage(topic: topics.status, payload: "offline", qos: .atLeastOnce, retain: true) }

    /// What a clean stop publishes before disconnecting (a clean disconnect drops the will).
    public var offline: MQTTMessage { will }

    /// What a new connection publishes: `online`, then every control's state.
    public func messagesOnConnect() -> [MQTTMessage] {
        [MQTTMessage(topic: topics.status, payload: "online", qos: .atLeastOnce, retain: true)]
            + stateOrder.map { stateMessage(id: $0, json: states[$0]!) }
    }

    /// An event's JSON line on `PREFIX/events`.
    public func event(line: String) -> MQTTMessage {
        MQTTMessage(topic: topics.events, payload: line, qos: .atMostOnce, retain: false)
    }

    /// Records control `id`'s value; the message to publish, or nil when it is the value
    /// published last (a commit after a drag that ended where the last change was).
    public mutating func state(id: String, json: String) -> MQTTMessage? {
        if let old = states[id] {
            if old == json { return nil }
        } else {
            stateOrder.append(id)
        }
        states[id] = json
        return stateMessage(id: id, json: json)
    }

    /// The recorded value of control `id`.
    public func recordedState(of id: String) -> String? { states[id] }

    /// The answer to a message from the broker: a reply for a request, nil for anything else
    /// (the bridge subscribes only to `PREFIX/request`).
    public func received(topic: String, payload: [UInt8]) -> MQTTMessage? {
        guard topic == topics.request else { return nil }
        let reply: String
        if payload.count > Self.maximumRequestBytes {
            reply = Self.errorReply("request larger than \(Self.maximumRequestBytes / 1024) KiB")
        } else if let text = String(validating: payload, as: UTF8.self) {
            let line = text.hasSuffix("\n") ? String(text.dropLast()) : text
            reply = line.contains("\n") ? Self.errorReply("one request per message") : handleRequest(line)
        } else {
            reply = Self.errorReply("request is not valid UTF-8")
        }
        return MQTTMessage(topic: topics.reply, payload: reply, qos: .atLeastOnce, retain: false)
    }

    /// A reply the handler never saw the request of, so there is no id to echo.
    static func errorReply(_ message: String) -> String {
        #"{"id": null, "ok": false, "error": "# + JSONWriter.quoted(message) + "}"
    }

    private func stateMessage(id: String, json: String) -> MQTTMessage {
        MQTTMessage(topic: topics.state(of: id), payload: json, qos: .atLeastOnce, retain: true)
    }
}
