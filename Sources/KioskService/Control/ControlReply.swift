import KioskCore

/// The one reply line to one request, and what it asks of the connection.
public struct ControlReply: Sendable, Equatable {
    /// The JSON line, without its newline.
    public var line: String
    /// Whether the request succeeded (the line's `"ok"`); a refused request changed nothing.
    public var isOK: Bool
    /// The connection receives every event from now on (`subscribe`).
    public var subscribes: Bool

    /// `{"id": …, "ok": true, …fields}`; no `id` member when the request had none.
    static func ok(id: JSONValue?, _ fields: [(String, JSONValue)] = [], subscribes: Bool = false) -> ControlReply {
        var object = JSONObject()
        if let id { object["id"] = id }
        object["ok"] = true
        for (key, value) in fields { object[key] = value }
        return ControlReply(line: JSONValue.object(object).serialized(.spaced), isOK: true, subscribes: subscribes)
    }

    /// `{"id": …, "ok": false, "error": "…", …fields}`.
    static func error(id: JSONValue?, _ message: String, _ fields: [(String, JSONValue)] = []) -> ControlReply {
        var object = JSONObject()
        if let id { object["id"] = id }
        object["ok"] = false
        object["error"] = .string(message)
        for (key, value) in fields { object[key] = value }
        return ControlReply(line: JSONValue.object(object).serialized(.spaced), isOK: false, subscribes: false)
    }
}
