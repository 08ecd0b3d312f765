import KioskCore
import KioskConfig
import KioskUI

/// `get` and `set`: controls' values, as their events carry them.
extension ControlRequestHandler {
    /// One control's value and properties, or the whole state (`stateFields(of:)`).
    func get(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        if let name = request.string("control") {
            guard let control = scene.control(withID: name) else { throw Failure("no control \(quoted(name))") }
            var fields: [(String, JSONValue)] = [("control", .string(name))]
            if let value = control.disclosedValue { fields.append(("value", Self.json(value))) }
            if let properties = target.properties { fields.append(("properties", .object(properties.properties(of: control)))) }
            return .ok(id: request.id, fields)
        }
        return .ok(id: request.id, stateFields(of: scene))
    }

    /// Sets value fields as a finger would (clamped, with the drag's events) and properties as
    /// the config would (checked with its messages), in one go: when anything is wrong,
    /// nothing changes. A set that names image files is done once a worker has decoded them
    /// (`prepareImages`): until then the old picture stays, and nothing of the set is made.
    func set(_ request: ControlRequest) -> Performance {
        do throws(Failure) { return try carryOutSet(request, images: .deferred) } catch {
            return .replied(.error(id: request.id, error.message, error.fields))
        }
    }

    /// `set` with its image files had as `loading` says.
    func carryOutSet(_ request: ControlRequest, images loading: PropertyModel.ImageLoading) throws(Failure) -> Performance {
        let scene = try scene()
        let name = request.string("control")!
        guard let control = scene.control(withID: name) else { throw Failure("no control \(quoted(name))") }
        let valueNames = Set((control.currentValue ?? []).map(\.name))
        var fields: [(name: String, value: EventScalar)] = []
        var changes: [(name: String, value: JSONValue)] = []
        for member in request.fields["value"]?.members ?? [] {
            guard valueNames.contains(member.key) else {
                changes.append((member.key, member.value.value))
                continue
            }
            guard let scalar = EventScalar(member.value.value) else {
                throw Failure("\(quoted("value." + member.key)) must be a number, a string or a boolean "
                              + "(found \(member.value.kindDescription))")
            }
            fields.append((member.key, scalar))
        }
        guard !fields.isEmpty || !changes.isEmpty else { throw Failure("\"value\" must name at least one field") }
        var change: PropertyModel.Change?
        if !changes.isEmpty {
            guard let properties = target.properties else {
                throw Failure(Self.unknownField(changes[0].name, of: control, properties: []))
            }
            let names = properties.propertyNames(of: control)
            if let unknown = changes.first(where: { !names.contains($0.name) }) {
                throw Failure(Self.unknownField(unknown.name, of: control, properties: names))
            }
            do throws(ControlConfig.ChangeProblems) {
                change = try properties.check(changes, for: control, designSize: scene.designSize, images: loading)
            } catch {
                throw Failure(error.messages.joined(separator: "; "))
            }
            if let change, !change.filesToLoad.isEmpty {
                return .remaining(prepareImages(for: request, change, of: control))
            }
        }
        if !fields.isEmpty {
            do { try control.setValue(fields, sendsEvents: true) } catch { throw Failure(error.message) }
        }
        var reply: [(String, JSONValue)] = [("control", .string(name))]
        if let value = control.disclosedValue { reply.append(("value", Self.json(value))) }
        if let change, let properties = target.properties {
            properties.make(change, on: control)
            reply.append(("properties", .object(properties.properties(of: control))))
        }
        return .replied(.ok(id: request.id, reply))
    }

    /// `"middle" is not a value field or a property of "price" (value: lower, upper; properties:
    /// trackColor, …); did you mean …?`
    static func unknownField(_ name: String, of control: Control, properties: [String]) -> String {
        let values = (control.currentValue ?? []).map(\.name)
        var parts: [String] = []
        if !values.isEmpty { parts.append("value: " + values.joined(separator: ", ")) }
        if !properties.isEmpty { parts.append("properties: " + properties.joined(separator: ", ")) }
        var message = "\(JSONWriter.quoted(name)) is not a value field or a property of \(JSONWriter.quoted(control.id))"
        if !parts.isEmpty { message += " (" + parts.joined(separator: "; ") + ")" }
        if let suggestion = Suggestion.suggestion(for: name, among: values + properties) {
            message += "; did you mean \(JSONWriter.quoted(suggestion))?"
        }
        return message
    }

    /// Every control of the scene: the screens' in order, then the panels' (`Scene.allControls`).
    static func controls(of scene: Scene) -> [Control] { scene.allControls }

    /// A value as its JSON object, numbers rounded as the event lines round them.
    static func json(_ value: [(name: String, value: EventScalar)]) -> JSONValue {
        var object = JSONObject()
        for field in value where object[field.name] == nil { object[field.name] = field.value.json }
        return .object(object)
    }
}
