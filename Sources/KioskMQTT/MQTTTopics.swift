import KioskCore

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
    /// The control id a `PREFIX/set/…` topic is for; nil for any other topic and for a level
    /// that is not one (`setTarget(of:)` says why).
    package func controlID(ofSetTopic topic: String) -> String? {
        if case .control(let id)? = setTarget(of: topic) { id } else { nil }
    }

    /// What a `PREFIX/set/…` topic names: a control's id, or why its level names none.
    package enum SetTarget: Sendable, Equatable {
        case control(String)
        /// The level's problem, to follow the topic in the error reply.
        case malformed(String)
    }

    /// What `topic` names under `PREFIX/set/`; nil for any other topic.
    package func setTarget(of topic: String) -> SetTarget? {
        let head = prefix + "/set/"
        guard topic.hasPrefix(head) else { return nil }
        switch Self.decode(String(topic.dropFirst(head.count))) {
        case .success(let id): return .control(id)
        case .failure(let problem): return .malformed(problem.reason)
        }
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

    static func unescape(_ level: String) -> String? { try? decode(level).get() }

    /// Why a topic level is not one `level(_:)` makes.
    struct LevelProblem: Error { let reason: String }

    /// The id `level(_:)` made `level` from, or why it made none: an empty level, a `/` (more
    /// than one level), a `%` not followed by one of the five escapes it writes.
    static func decode(_ level: String) -> Result<String, LevelProblem> {
        let escapes = "%25, %2F, %2B, %23 or %00"
        guard !level.isEmpty else { return .failure(LevelProblem(reason: "the control id is empty")) }
        var out = ""
        let scalars = Array(level.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            guard scalar == "%" else {
                if scalar == "/" { return .failure(LevelProblem(reason: "the control id is one topic level (a / is written %2F)")) }
                out.unicodeScalars.append(scalar)
                i += 1
                continue
            }
            guard i + 2 < scalars.count else {
                return .failure(LevelProblem(reason: "\(JSONWriter.quoted(String(String.UnicodeScalarView(scalars[i...])))) "
                                             + "is cut short: a % starts one of \(escapes)"))
            }
            let escape = String(String.UnicodeScalarView(scalars[i...(i + 2)]))
            switch escape.uppercased() {
            case "%25": out += "%"
            case "%2F": out += "/"
            case "%2B": out += "+"
            case "%23": out += "#"
            case "%00": out += "\0"
            default:
                return .failure(LevelProblem(reason: "\(JSONWriter.quoted(escape)) is not an escape of a control id "
                                             + "(\(escapes))"))
            }
            i += 3
        }
        return .success(out)
    }
}
