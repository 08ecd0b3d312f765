/// The topics of one kiosk, all under its prefix (Contracts.md, "MQTT"):
///
/// | topic | what |
/// |---|---|
/// | `PREFIX/status` | `online` (retained) while connected; `offline` as the last will and on a clean stop |
/// | `PREFIX/events` | every event, as its JSON line |
/// | `PREFIX/state/ID` | control `ID`'s current value (retained) |
/// | `PREFIX/request` | the control socket's JSON request lines, to the kiosk |
/// | `PREFIX/set/ID` | a JSON object of value fields and properties for control `ID`: a `set` without the envelope |
/// | `PREFIX/reply` | one reply line per request, from the kiosk |
package struct MQTTTopics: Sendable, Equatable {
    package let prefix: String

    package init(prefix: String) { self.prefix = prefix }

    package var status: String { prefix + "/status" }
    package var events: String { prefix + "/events" }
    package var request: String { prefix + "/request" }
    package var reply: String { prefix + "/reply" }
    /// Where `set` messages for every control arrive: `PREFIX/set/ID`.
    package var setFilter: String { prefix + "/set/+" }
    /// The control id a `PREFIX/set/…` topic is for; nil for any other topic.
    package func controlID(ofSetTopic topic: String) -> String? {
        let head = prefix + "/set/"
        guard topic.hasPrefix(head) else { return nil }
        return Self.unescape(String(topic.dropFirst(head.count)))
    }
    /// The level under which every control's state lies: subscribe to `stateFilter`.
    package var stateFilter: String { prefix + "/state/+" }

    /// `PREFIX/state/ID`, with the id made one valid topic level: `%`, `/`, `+`, `#` and NUL
    /// are percent-encoded (`a/b` → `a%2Fb`), since a `/` would split the level and a wildcard
    /// cannot be published to. Ids of the built-in configs never contain them, so their topics
    /// read as the id itself.
    package func state(of controlID: String) -> String { prefix + "/state/" + Self.level(controlID) }

    /// The control id a `PREFIX/state/…` topic stands for; nil for any other topic.
    package func controlID(ofStateTopic topic: String) -> String? {
        let head = prefix + "/state/"
        guard topic.hasPrefix(head) else { return nil }
        return Self.unescape(String(topic.dropFirst(head.count)))
    }

    static func level(_ id: String) -> String {
        var out = ""
        for scalar in id.unicodeScalars {
            switch scalar {
            case "%": out += "%25"
            case "/": out += "%2F"
            case "+": out += "%2B"
            case "#": out += "%23"
            case "\0": out += "%00"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unescape(_ level: String) -> String? {
        var out = ""
        var scalars = level.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "%" else {
                if scalar == "/" { return nil }
                out.unicodeScalars.append(scalar)
                continue
            }
            guard let high = scalars.next(), let low = scalars.next() else { return nil }
            switch (String(high) + String(low)).uppercased() {
            case "25": out += "%"
            case "2F": out += "/"
            case "2B": out += "+"
            case "23": out += "#"
            case "00": out += "\0"
            default: return nil
            }
        }
        return out
    }
}
