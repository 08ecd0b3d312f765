import KioskCore

/// Run-time changes of a control's properties, checked as the config file is.
extension ControlConfig {
    /// Why a run-time change was refused: one message per problem, each starting with the key
    /// it is about (`text: …`), in the config's words.
    package struct ChangeProblems: Error, Equatable {
        /// The messages, in the order the keys were decoded.
        package var messages: [String]
        package init(_ messages: [String]) { self.messages = messages }
    }

    /// This control's config with each of `changes` (config key, new value; null: back to the
    /// default) written into its config object, decoded again as the config file would be:
    /// the same checks, the same messages, and nothing changed when anything is wrong. Only
    /// `properties` may change; `designSize` is the layout the frame is checked against.
    package func changing(_ changes: [(name: String, value: JSONValue)],
                          designSize: Size) -> Result<ControlConfig, ChangeProblems> {
        guard let source, var members = source.members else {
            return .failure(ChangeProblems(["\(JSONWriter.quoted(id)) was made in code: "
                                            + "change its Swift properties instead"]))
        }
        let properties = self.properties
        for change in changes {
            guard let property = properties.first(where: { $0.name == change.name }) else {
                return .failure(ChangeProblems([Self.notAProperty(change.name, of: self)]))
            }
            members.removeAll { $0.key == property.name || property.aliases.contains($0.key) }
            guard change.value != .null else { continue }
            members.append(JSONNode.Member(key: property.name, keyPosition: source.position,
                                           value: JSONNode(value: change.value, at: source.position)))
        }
        let node = JSONNode(.object(members), at: source.position)
        let diagnostics = Diagnostics(root: node)
        let validator = ConfigValidator(diagnostics: diagnostics, designSize: designSize)
        let registry = self.registry ?? ControlRegistry().registering(type(of: base))
        let decoded = JSONTreeDecoder.decode(ControlConfig.self, from: node, diagnostics: diagnostics,
                                             userInfo: [ConfigValidator.userInfoKey: validator,
                                                        ControlRegistry.userInfoKey: registry])
        guard let decoded, diagnostics.isEmpty else {
            let problems = diagnostics.problems(file: "")
            return .failure(ChangeProblems(problems.map { $0.path.isEmpty ? $0.message : "\($0.path): \($0.message)" }))
        }
        return .success(decoded)
    }

    /// The property called `name`, if the control has one.
    package func property(named name: String) -> ControlProperty? { properties.first { $0.name == name } }

    /// `"frame" is not a property of "title" (a label): it has text, color, …`, with a
    /// suggestion when a property is close.
    static func notAProperty(_ name: String, of control: ControlConfig) -> String {
        let names = control.properties.map(\.name)
        var message = "\(JSONWriter.quoted(name)) is not a property of \(JSONWriter.quoted(control.id)) "
            + "(a \(control.typeName)): it has \(names.joined(separator: ", "))"
        if let suggestion = Suggestion.closest(to: name, among: names) {
            message += "; did you mean \(JSONWriter.quoted(suggestion))?"
        }
        return message
    }
}
