import KioskCore
import KioskUI

/// A control's value as the JSON object its events carry, `{"lower": 2, "upper": 8}`
/// (numbers rounded to three decimals, like the events): what `PREFIX/state/ID` holds and
/// what a `get` answers.
enum ControlValueJSON {
    static func object(_ fields: [(name: String, value: EventScalar)]) -> String {
        "{" + fields.map { "\(JSONValue.string($0.name).serialized()): \(EventEncoder.encode($0.value))" }
            .joined(separator: ", ") + "}"
    }

    /// Every control of `scene` that has a value, screens first and then panels, in order.
    static func controlsWithValues(in scene: Scene) -> [Control] {
        var seen = Set<String>()
        var result: [Control] = []
        let all = scene.screens.flatMap(\.controls)
            + scene.registeredOverlays.compactMap { $0 as? Panel }.flatMap(\.controls)
        for control in all where control.currentValue != nil && seen.insert(control.id).inserted {
            result.append(control)
        }
        return result
    }
}
