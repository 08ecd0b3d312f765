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
    static func ok(id: RequestID?, _ fields: [(String, JSONValue)] = [], subscribes: Bool = false) -> ControlReply {
        ControlReply(line: line(id: id, ok: true, fields), isOK: true, subscribes: subscribes)
    }

    /// `{"id": …, "ok": false, "error": "…", …fields}`.
    static func error(id: RequestID?, _ message: String, _ fields: [(String, JSONValue)] = []) -> ControlReply {
        ControlReply(line: line(id: id, ok: false, [("error", .string(message))] + fields), isOK: false, subscribes: false)
    }

    /// The reply's JSON, the id spliced in as the request's own token (see `RequestID`).
    private static func line(id: RequestID?, ok: Bool, _ fields: [(String, JSONValue)]) -> String {
        var object = JSONObject()
        object["ok"] = .bool(ok)
        for (key, value) in fields { object[key] = value }
        let rest = JSONValue.object(object).serialized(.spaced)
        guard let id else { return rest }
        return "{\"id\": " + id.token + ", " + rest.dropFirst()
    }
}
