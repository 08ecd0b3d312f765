import KioskCore
import KioskUI

/// A control's state as JSON, its value as its events carry it (`{"lower": 2, "upper": 8}`,
/// numbers rounded to three decimals) with the properties its owner set: what
/// `PREFIX/state/ID` holds.
enum ControlValueJSON {
    /// What `PREFIX/state/ID` holds: the value's fields, then the properties the owner set at
    /// run time (`{"lower": 2, "upper": 8}`, `{"text": "21.5 °C"}`), the same flat object
    /// `PREFIX/set/ID` takes; nil for a control with neither. A secret value
    /// (`Control.valueIsSecret`) is left out.
    static func state(of control: Control) -> String? {
        // Retained at the broker, a secret value (a masked field's PIN) would outlive its
        // moment: its events carry it, the state does not.
        let value = control.valueIsSecret ? nil : control.currentValue
        guard value != nil || !control.ownerProperties.isEmpty else { return nil }
        var parts = (value ?? []).map { "\(JSONValue.string($0.name).serialized()): \($0.value)" }
        let names = Set((value ?? []).map(\.name))
        for property in control.ownerProperties where !names.contains(property.name) {
            parts.append("\(JSONValue.string(property.name).serialized()): \(property.value.serialized())")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    /// Every control of `scene` that has a state (a value, or properties the owner set), screens first and then panels, in order.
    static func controlsWithState(in scene: Scene) -> [Control] {
        var seen = Set<String>()
        var result: [Control] = []
        for control in scene.allControls where ((control.currentValue != nil && !control.valueIsSecret) || !control.ownerProperties.isEmpty)
            && seen.insert(control.id).inserted {
            result.append(control)
        }
        return result
    }
}
