import KioskConfig
import KioskCore
import KioskUI

/// `switchScreen` and `back`, their `transition` and `duration` read by the rules of a
/// button's action (`ButtonAction.decode`), so a request and a config say the same.
extension ControlRequestHandler {
    func switchScreen(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        let name = request.string("screen")!
        guard scene.screen(withID: name) != nil else { throw Failure("no screen \(quoted(name))") }
        return try changeScreen(request, scene, action: ("switchScreen", request.fields["screen"]!))
    }

    func back(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        return try changeScreen(request, scene, action: ("back", JSONNode(.bool(true), at: .start)))
    }

    /// `setLanguage`: shows every text in `language`, one of the config's.
    func setLanguage(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        let code = request.string("language")!
        guard scene.languages.contains(code) else {
            throw Failure(scene.languages.isEmpty ? "this kiosk has no languages (the config names none)"
                          : "no language \(quoted(code)) (the kiosk has \(scene.languages.joined(separator: ", ")))")
        }
        guard scene.setLanguage(code) else { throw Failure("the language is \(quoted(code)) already") }
        return .ok(id: request.id, [("language", .string(code))])
    }

    /// Decodes `action` (a button action's key and value) with the request's `transition` and
    /// `duration` as a button's would be, and carries it out.
    private func changeScreen(_ request: ControlRequest, _ scene: Scene,
                              action member: (key: String, value: JSONNode)) throws(Failure) -> ControlReply {
        let start = JSONPosition.start
        var members = [JSONNode.Member(key: member.key, keyPosition: start, value: member.value)]
        for key in ["transition", "duration"] {
            if let node = request.fields[key] { members.append(JSONNode.Member(key: key, keyPosition: start, value: node)) }
        }
        let action: ButtonAction
        switch ButtonAction.decode(JSONNode(.object(members), at: start), file: "request") {
        case .success(let decoded): action = decoded
        case .failure(let errors):
            let problem = errors.problems[0]
            let field = problem.path == "switchScreen" ? "screen" : problem.path
            throw Failure(field.isEmpty ? problem.message : "\(quoted(field)): \(problem.message)")
        }
        switch action {
        case let .switchScreen(name, transition, duration):
            // Never refused for a transition that runs: it turns towards this screen.
            guard scene.showScreen(name, transition: transition,
                                   duration: duration.map { .seconds(saturating: $0) } ?? Scene.defaultTransitionDuration) else {
                throw Failure("screen \(quoted(name)) is already shown")
            }
            return .ok(id: request.id, [("screen", .string(name))])
        case let .back(transition, duration):
            guard scene.goBack(transition: transition, duration: duration.map { .seconds(saturating: $0) }) else {
                throw Failure("no screen to go back to")
            }
            return .ok(id: request.id, [("screen", .string(scene.currentScreen.id))])
        case .showPanel, .showPopup, .setLanguage:
            preconditionFailure("only screen changes are decoded here")
        }
    }
}
