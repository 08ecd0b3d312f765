import KioskCore
import KioskUI

/// PLACEHOLDER until the control socket's request handler is merged (issue 10, "Control
/// socket"): the lead replaces this with the shared handler, so that MQTT and the socket answer
/// every op alike. It knows only `ping`, `get` and `set`, built on `Scene.control(withID:)`,
/// `Control.currentValue` and `Control.setValue(_:sendsEvents:)`, and replies in the socket's
/// shape: `{"id": …, "ok": true, …}` or `{"id": …, "ok": false, "error": "…"}`.
///
///     {"op": "ping", "id": 1}                                  → {"id": 1, "ok": true}
///     {"op": "get", "id": 2, "control": "price"}               → {"id": 2, "ok": true, "value": {"lower": 2, "upper": 8}}
///     {"op": "set", "id": 3, "control": "price", "value": {"lower": 3}} → {"id": 3, "ok": true, "value": {"lower": 3, "upper": 8}}
public enum PlaceholderControlRequests {
    public static func handle(_ line: String, scene: Scene?) -> String {
        let request: JSONValue
        do { request = try JSONParser().parseValue(line) } catch {
            return reply(id: .null, error: "malformed request: \(error)")
        }
        guard case .object(let object) = request else { return reply(id: .null, error: "a request must be a JSON object") }
        let id = object["id"] ?? .null
        guard let op = object["op"]?.stringValue else { return reply(id: id, error: "missing \"op\"") }
        guard let scene else { return reply(id: id, error: "the scene is not ready") }
        switch op {
        case "ping":
            return reply(id: id, fields: "")
        case "get":
            guard let name = object["control"]?.stringValue else {
                let all = ControlValueJSON.controlsWithValues(in: scene).map {
                    "\(JSONWriter.quoted($0.id)): \(ControlValueJSON.object($0.currentValue ?? []))"
                }
                return reply(id: id, fields: ", \"values\": {" + all.joined(separator: ", ") + "}")
            }
            guard let control = scene.control(withID: name) else { return reply(id: id, error: "no control \(JSONWriter.quoted(name))") }
            guard let value = control.currentValue else { return reply(id: id, error: "'\(name)' has no value") }
            return reply(id: id, fields: ", \"value\": " + ControlValueJSON.object(value))
        case "set":
            guard let name = object["control"]?.stringValue else { return reply(id: id, error: "missing \"control\"") }
            guard let control = scene.control(withID: name) else { return reply(id: id, error: "no control \(JSONWriter.quoted(name))") }
            guard let value = object["value"]?.objectValue else { return reply(id: id, error: "\"value\" must be an object") }
            var fields: [(name: String, value: EventScalar)] = []
            for member in value {
                switch member.value {
                case .number(let n): fields.append((member.key, .number(n)))
                case .string(let s): fields.append((member.key, .string(s)))
                case .bool(let b): fields.append((member.key, .bool(b)))
                default: return reply(id: id, error: "\(JSONWriter.quoted(member.key)) must be a number, a string or a boolean")
                }
            }
            do { try control.setValue(fields) } catch { return reply(id: id, error: error.message) }
            return reply(id: id, fields: ", \"value\": " + ControlValueJSON.object(control.currentValue ?? []))
        default:
            return reply(id: id, error: "unknown op \(JSONWriter.quoted(op))")
        }
    }

    private static func reply(id: JSONValue, fields: String) -> String {
        "{\"id\": \(id.serialized()), \"ok\": true\(fields)}"
    }

    private static func reply(id: JSONValue, error: String) -> String {
        "{\"id\": \(id.serialized()), \"ok\": false, \"error\": \(JSONWriter.quoted(error))}"
    }
}
