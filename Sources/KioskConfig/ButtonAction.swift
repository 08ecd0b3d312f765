import KioskCore
import KioskUI

/// What a button does when tapped, written as an object with exactly one key naming the
/// action, plus modifiers for the actions that change screen:
///
/// ```json
/// {"switchScreen": "details"}
/// {"switchScreen": "details", "transition": "slideUp"}
/// {"switchScreen": "details", "transition": "fade", "duration": 0.5}
/// {"back": true}
/// {"back": true, "transition": "flipFromBottom", "duration": 0.4}
/// {"showPanel": "filters"}
/// {"showPopup": "hello"}
/// {"setLanguage": "de"}
/// ```
///
/// `transition` is one of `none`, `slideUp`, `flipFromBottom`, `fade`; `duration` is in
/// seconds, more than 0 and at most 10 (without it the scene's default, 0.3 s). Both go only
/// with `switchScreen` and `back`, and a `duration` needs a transition to time (for `back`,
/// leaving out `transition` means "the one that led here, played backwards", which has one).
public enum ButtonAction: Sendable, Equatable, Decodable {
    /// Shows the screen with this id.
    case switchScreen(String, transition: TransitionKind = .none, duration: Double? = nil)
    /// Returns to the previous screen; a nil transition plays the one that left it, backwards.
    case back(transition: TransitionKind? = nil, duration: Double? = nil)
    /// Slides in the panel with this id.
    case showPanel(String)
    /// Opens the popup with this id over everything else.
    case showPopup(String)
    /// Shows every text in this language, one of the config's `languages`.
    case setLanguage(String)

    /// The same action in the UI's terms (durations as `Duration`).
    public func controlAction() -> ControlAction {
        switch self {
        case .switchScreen(let id, let transition, let duration):
            return .switchScreen(id, transition: transition, duration: duration.map { .seconds(saturating: $0) })
        case .back(let transition, let duration):
            return .back(transition: transition, duration: duration.map { .seconds(saturating: $0) })
        case .showPanel(let id):
            return .showPanel(id)
        case .showPopup(let id):
            return .showPopup(id)
        case .setLanguage(let code):
            return .setLanguage(code)
        }
    }

    /// Decodes one action object on its own, by exactly the rules above, for requests that
    /// are not in a config (the control socket's `switchScreen` and `back`). The ids it names
    /// are not looked up: the caller checks them against the running scene. Problems come with
    /// the JSON path inside the object (`transition`, `duration`) and `file` as their file.
    package static func decode(_ node: JSONNode, file: String) -> Result<ButtonAction, ConfigErrors> {
        let diagnostics = Diagnostics(root: node)
        let action = JSONTreeDecoder.decode(ButtonAction.self, from: node, diagnostics: diagnostics)
        guard let action, diagnostics.isEmpty else { return .failure(ConfigErrors(problems: diagnostics.problems(file: file))) }
        return .success(action)
    }

    /// The action's name: the key that selects it.
    enum Verb: String, CaseIterable {
        case switchScreen, back, showPanel, showPopup, setLanguage

        /// Whether `transition` and `duration` go with it.
        var changesScreen: Bool { self == .switchScreen || self == .back }
    }

    /// Keys that modify the screen-changing actions.
    enum Modifier: String, CaseIterable {
        case transition, duration
    }

    /// Action names are the object's keys, so any key is read here and judged by name.
    struct ActionKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { return nil }
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: ActionKey.self)
        var verbs: [(verb: Verb, key: ActionKey)] = []
        var modifiers: [Modifier: ActionKey] = [:]
        var unknownKeys = false
        for key in fields.container.allKeys {
            if let verb = Verb(rawValue: key.stringValue) {
                verbs.append((verb, key))
            } else if let modifier = Modifier(rawValue: key.stringValue) {
                modifiers[modifier] = key
            } else {
                try fields.report(Self.unknownKeyMessage(key.stringValue))
                unknownKeys = true
            }
        }
        guard let first = verbs.first else {
            // A misspelt action has said what is wrong already.
            if !unknownKeys { try fields.report(#"expected an action such as {"switchScreen": "<screen id>"}"#) }
            throw ProblemAlreadyReported()
        }
        guard verbs.count == 1 else {
            let names = verbs.map { JSONWriter.quoted($0.key.stringValue) }
            let found = names.dropLast().joined(separator: ", ") + " and " + names.last!
            try fields.report("only one action per button; found \(found)")
            throw ProblemAlreadyReported()
        }
        let (verb, key) = first
        let (transition, duration) = try Self.modifiers(modifiers, of: verb, fields)
        /// The id the action names, noted for the check that something of that kind has it.
        func target(_ kind: ConfigValidator.Target) throws -> String {
            guard let id = try fields.reference(key, to: kind) else { throw ProblemAlreadyReported() }
            return id
        }
        switch verb {
        case .switchScreen:
            self = .switchScreen(try target(.screen), transition: transition ?? .none, duration: duration)
        case .showPanel:
            self = .showPanel(try target(.panel))
        case .showPopup:
            self = .showPopup(try target(.popup))
        case .setLanguage:
            guard let code = try fields.idString(key) else { throw ProblemAlreadyReported() }
            fields.validator?.refer(toLanguage: code, at: fields.path(of: key))
            self = .setLanguage(code)
        case .back:
            guard let back = try fields.required(key, as: Bool.self) else { throw ProblemAlreadyReported() }
            guard back else {
                try fields.report("must be true", at: key)
                throw ProblemAlreadyReported()
            }
            self = .back(transition: transition, duration: duration)
        }
    }

    /// Reads `transition` and `duration` for `verb`, reporting them where they do not belong.
    private static func modifiers(_ keys: [Modifier: ActionKey], of verb: Verb, _ fields: ConfigFields<ActionKey>)
        throws -> (TransitionKind?, Double?)
    {
        guard verb.changesScreen else {
            for modifier in Modifier.allCases {
                guard let key = keys[modifier] else { continue }
                try fields.report("\(JSONWriter.quoted(modifier.rawValue)) only goes with switchScreen or back", at: key)
            }
            return (nil, nil)
        }
        let transition = try keys[.transition].flatMap { key in
            try fields.optional(key, as: KeywordValue<TransitionKind>.self)?.word
        }
        guard let durationKey = keys[.duration], let duration = try fields.optionalNumber(durationKey, .duration) else {
            return (transition, nil)
        }
        // A switch without a transition is a cut; `back` without one replays the way in.
        let timed = transition.map { $0 != .none } ?? (verb == .back)
        // Only a transition that decoded is judged: a broken one has its own message.
        if !timed, keys[.transition] == nil || transition != nil {
            try fields.report(#""duration" needs a transition other than "none""#, at: durationKey)
            return (transition, nil)
        }
        return (transition, duration)
    }

    /// `unknown action "showPanle"; did you mean "showPanel"?`, or for a misspelt modifier
    /// `unknown key "transtion"; did you mean "transition"?`.
    private static func unknownKeyMessage(_ name: String) -> String {
        let verbs = Verb.allCases.map(\.rawValue)
        if let suggestion = Suggestion.closest(to: name, among: verbs) {
            return "unknown action \(JSONWriter.quoted(name)); did you mean \(JSONWriter.quoted(suggestion))?"
        }
        if let suggestion = Suggestion.closest(to: name, among: Modifier.allCases.map(\.rawValue)) {
            return "unknown key \(JSONWriter.quoted(name)); did you mean \(JSONWriter.quoted(suggestion))?"
        }
        return "unknown action \(JSONWriter.quoted(name)); expected one of \(verbs.sorted().joined(separator: ", "))"
    }
}
