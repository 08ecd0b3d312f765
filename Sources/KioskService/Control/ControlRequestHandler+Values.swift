import KioskCore
import KioskUI

/// `get` and `set`: controls' values, as their events carry them.
extension ControlRequestHandler {
    /// One control's value, or the whole state (`stateFields(of:)`).
    func get(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        if let name = request.string("control") {
            guard let control = scene.control(withID: name) else { throw Failure("no control \(quoted(name))") }
            guard let value = control.currentValue else { throw Failure("control \(quoted(name)) has no value") }
            return .ok(id: request.id, [("control", .string(name)), ("value", Self.json(value))])
        }
        return .ok(id: request.id, stateFields(of: scene))
    }

    /// Sets value fields as a finger would (clamped, with the drag's events).
    func set(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        let name = request.string("control")!
        guard let control = scene.control(withID: name) else { throw Failure("no control \(quoted(name))") }
        var fields: [(name: String, value: EventScalar)] = []
        for member in request.fields["value"]?.members ?? [] {
            switch member.value.kind {
            case .number(let n): fields.append((member.key, .number(n)))
            case .string(let s): fields.append((member.key, .string(s)))
            case .bool(let b): fields.append((member.key, .bool(b)))
            default:
                throw Failure("\(quoted("value." + member.key)) must be a number, a string or a boolean "
                              + "(found \(member.value.kindDescription))")
            }
        }
        guard !fields.isEmpty else { throw Failure("\"value\" must name at least one field") }
        do { try control.setValue(fields, sendsEvents: true) } catch { throw Failure(error.message) }
        return .ok(id: request.id, [("control", .string(name)), ("value", Self.json(control.currentValue ?? []))])
    }

    /// Every control of the scene: the screens' in order, then the panels'.
    static func controls(of scene: Scene) -> [Control] {
        scene.screens.flatMap(\.controls) + scene.registeredOverlays.compactMap { $0 as? Panel }.flatMap(\.controls)
    }

    /// A value as its JSON object, numbers rounded as the event lines round them.
    static func json(_ value: [(name: String, value: EventScalar)]) -> JSONValue {
        var object = JSONObject()
        for field in value where object[field.name] == nil { object[field.name] = EventEncoder.json(field.value) }
        return .object(object)
    }
}
