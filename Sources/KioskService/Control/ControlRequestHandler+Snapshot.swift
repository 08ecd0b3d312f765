import KioskCore
import KioskUI

/// The kiosk's state as one reply: what `get` without a control answers and what `subscribe`
/// answers before the first event, so that a subscriber that arrives late starts from what
/// the screen shows and misses nothing after it.
extension ControlRequestHandler {
    /// The members of the state: `screen` (the current one: during a transition, where it
    /// goes), `overlays` (the panels and popups shown, bottom first, not those on their way
    /// out), `values` (every control with a value: screens in order, then panels),
    /// `properties` (run-time properties by control, only when some control has any; see
    /// `runTimeProperties(of:)`), `focused` (the field typing goes to, when one has the
    /// focus), and with screen power `power` and `keepAwake`.
    func stateFields(of scene: Scene) -> [(String, JSONValue)] {
        var values = JSONObject(), properties = JSONObject()
        for control in Self.controls(of: scene) where values[control.id] == nil && properties[control.id] == nil {
            if let value = control.disclosedValue { values[control.id] = Self.json(value) }
            let fields = Self.runTimeProperties(of: control)
            if !fields.isEmpty { properties[control.id] = .object(fields) }
        }
        let overlays = JSONValue.array(scene.overlays.filter { !$0.isLeaving }.map { .string($0.id) })
        var fields: [(String, JSONValue)] = [("screen", .string(scene.currentScreen.id)), ("overlays", overlays),
                                             ("values", .object(values))]
        if !properties.isEmpty { fields.append(("properties", .object(properties))) }
        if let focused = scene.focusedControl { fields.append(("focused", .string(focused.id))) }
        if !scene.languages.isEmpty { fields.append(("language", .string(scene.language.code))) }
        if let status = target.screenPowerStatus {
            fields += [("power", .string(status.state.rawValue)), ("keepAwake", .bool(status.keepsAwake))]
        }
        return fields
    }

    /// The properties the owner set at run time on `control` (`Control.ownerProperties`),
    /// as they would be `set`: what `get` and `subscribe` report beside the values.
    static func runTimeProperties(of control: Control) -> JSONObject {
        var object = JSONObject()
        for property in control.ownerProperties { object[property.name] = property.value }
        return object
    }

    /// `subscribe`: the reply is the state (as `get` without a control), and the connection
    /// receives every event handed out from now on, so nothing between the two is lost. The
    /// events whose changes the state already shows are handed out first, before the
    /// connection subscribes, and the reply's `seq` is the last of them: every event the
    /// subscriber then reads has a higher one.
    func subscribe(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        let sequence = target.handOutPendingEvents()
        var fields = stateFields(of: scene)
        if let sequence { fields.append(("seq", .number(Double(sequence)))) }
        return .ok(id: request.id, fields, subscribes: true)
    }
}
