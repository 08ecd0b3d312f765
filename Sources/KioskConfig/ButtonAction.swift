import KioskCore

/// What a button does when tapped, written as an object with one key naming the action:
/// `{"switchScreen": "details"}`.
public enum ButtonAction: Sendable, Equatable, Decodable {
    /// Shows the screen with this id.
    case switchScreen(String)

    /// Action names are the object's keys, so any key is read here and judged by name.
    struct ActionKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    static let names = ["switchScreen"]

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: ActionKey.self)
        var action: ButtonAction?
        let keys = fields.container.allKeys
        for key in keys {
            switch key.stringValue {
            case "switchScreen":
                guard let target = try fields.required(key, as: String.self) else { continue }
                fields.validator?.refer(toScreen: target, at: fields.path(of: key))
                action = .switchScreen(target)
            default:
                var message = "unknown action \(JSONWriter.quoted(key.stringValue)); "
                if let suggestion = Suggestion.closest(to: key.stringValue, among: Self.names) {
                    message += "did you mean \(JSONWriter.quoted(suggestion))?"
                } else {
                    message += "expected \(Self.names.joined(separator: ", "))"
                }
                try fields.report(message)
            }
        }
        if keys.isEmpty {
            try fields.report(#"expected an action such as {"switchScreen": "<screen id>"}"#)
        }
        guard let action else { throw ProblemAlreadyReported() }
        self = action
    }
}
