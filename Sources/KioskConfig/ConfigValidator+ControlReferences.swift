import KioskCore

/// References from one control to another by id (a keypad's `field`), checked once every
/// control is known: the id must name a control, and one of the type the reference needs.
extension ConfigValidator {
    /// Notes that the value at `path` names the control `id`, which must be a `typeName`
    /// (empty: a control of any type).
    package func refer(toControl id: String, ofType typeName: String, at path: [any CodingKey]) {
        controlReferences.append((id, typeName, path))
    }

    /// Reports each reference to a control that does not exist (with the closest id as a
    /// suggestion, or what the id names instead) or is of another type. A control that did
    /// not decode (its `type` is wrong) has its own message, and the id that is missing may be
    /// its: nothing more is said about it here.
    func checkControlReferences() {
        guard !controlReferences.isEmpty else { return }
        var types: [String: String] = [:]
        for control in controls where types[control.config.id] == nil {
            types[control.config.id] = control.config.typeName
        }
        var candidates: [String: Suggestion.Candidates] = [:]
        for reference in controlReferences {
            if let type = types[reference.id] {
                if type != reference.typeName && !reference.typeName.isEmpty {
                    report("\(JSONWriter.quoted(reference.id)) is a \(type), not a \(reference.typeName)", at: reference.path)
                }
                continue
            }
            let kind = reference.typeName.isEmpty ? "control" : reference.typeName
            var message = "no \(kind) with id \(JSONWriter.quoted(reference.id))"
            if let target = declaredTarget(named: reference.id) {
                message += " (it is a \(target.rawValue))"
            } else if isClaimed(reference.id) || lostTrackOfControls {
                continue
            } else {
                let ids = candidates[reference.typeName]
                    ?? Suggestion.Candidates(controls.filter { reference.typeName.isEmpty || $0.config.typeName == reference.typeName }
                        .map(\.config.id))
                candidates[reference.typeName] = ids
                if let suggestion = ids.closest(to: reference.id, budget: suggestionBudget) {
                    message += "; did you mean \(JSONWriter.quoted(suggestion))?"
                }
            }
            report(message, at: reference.path)
        }
    }
}
