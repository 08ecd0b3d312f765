/// One message the bridge publishes: where, what, and how it is delivered.
package struct MQTTMessage: Sendable, Equatable, CustomStringConvertible {
    /// MQTT's delivery guarantees.
    package enum QoS: Int32, Sendable {
        /// At most once: events, which a reader that missed one can read again as state.
        case atMostOnce = 0
        /// At least once: state, replies and status, which a reader must not miss (a
        /// duplicate of a retained value or of a reply with its id is harmless).
        case atLeastOnce = 1
    }

    package var topic: String
    package var payload: String
    package var qos: QoS
    /// The broker keeps the last retained message of a topic for new subscribers.
    package var retain: Bool

    package init(topic: String, payload: String, qos: QoS, retain: Bool) {
        self.topic = topic
        self.payload = payload
        self.qos = qos
        self.retain = retain
    }

    /// `topic qos1 retained: payload`, for test failures.
    package var description: String { "\(topic) qos\(qos.rawValue)\(retain ? " retained" : ""): \(payload)" }
}
