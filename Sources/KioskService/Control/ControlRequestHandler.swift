import KioskConfig
import KioskCore
import KioskRender
import KioskUI

/// The control protocol without a socket: one JSON request line in, exactly one reply line
/// out, the kiosk changed only by a request that succeeded (Documentation/Contracts.md,
/// "Control socket"). The socket server and any other transport (an MQTT bridge) share it.
///
///     {"id": 7, "op": "set", "control": "price", "value": {"lower": 3}}
///     {"id": 7, "ok": true, "value": {"lower": 3, "upper": 8}}
///
/// What a request changes shows in the next frame, and the events it causes (a `set`'s
/// `valueChanged` and `valueCommitted`) go out then, after the reply.
public struct ControlRequestHandler {
    /// The longest request line, in bytes without its newline.
    public static let maximumRequestBytes = 65_536

    /// The kiosk the requests act on.
    public let target: ControlTarget

    /// A handler acting on `target`; it keeps no state of its own, so transports may share one.
    public init(target: ControlTarget) { self.target = target }

    /// The reply to one line's bytes (without the newline): UTF-8 and size are checked here.
    /// Everything is done before it returns, a screenshot's encoding too (see
    /// `ControlRequestQueue` for requests carried out a budget at a time).
    public func reply(toLine bytes: [UInt8]) -> ControlReply {
        switch Self.admit(bytes) {
        case .refused(let reply): return reply
        case .admitted(let request): return perform(request).finished
        }
    }

    /// The reply to a request longer than `maximumRequestBytes` (its id was never read).
    public static var tooLongReply: ControlReply {
        .error(id: nil, "request is longer than \(maximumRequestBytes) bytes")
    }

    /// The reply to one request.
    public func reply(to text: String) -> ControlReply { reply(toLine: Array(text.utf8)) }

    /// What a line is, before anything is done: a request to carry out, or the reply that
    /// refuses it (too long, not UTF-8, not a request).
    enum Admission {
        case admitted(ControlRequest)
        case refused(ControlReply)
    }

    /// Checks one line's size and encoding and parses it; changes nothing.
    static func admit(_ bytes: [UInt8]) -> Admission {
        guard bytes.count <= Self.maximumRequestBytes else { return .refused(Self.tooLongReply) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            return .refused(.error(id: nil, "request is not UTF-8"))
        }
        do { return .admitted(try ControlRequest.parse(text)) } catch {
            return .refused(.error(id: error.id, error.message))
        }
    }

    /// What carrying out a request gave: its reply, or (a screenshot) the rest of the work,
    /// which touches nothing of the kiosk's and may run on another thread.
    enum Performance {
        case replied(ControlReply)
        case remaining(@Sendable () -> ControlReply)

        /// The reply, the remaining work done here and now.
        var finished: ControlReply {
            switch self {
            case .replied(let reply): reply
            case .remaining(let work): work()
            }
        }
    }

    /// Carries out `request` on the kiosk (the loop's thread).
    func perform(_ request: ControlRequest) -> Performance {
        if request.op == .screenshot { return screenshot(request) }
        do {
            return .replied(try carryOut(request))
        } catch {
            return .replied(.error(id: request.id, error.message, error.fields))
        }
    }

    /// A request that was well formed but cannot be done.
    struct Failure: Error {
        var message: String
        var fields: [(String, JSONValue)] = []
        init(_ message: String, _ fields: [(String, JSONValue)] = []) { self.message = message; self.fields = fields }
    }

    private func carryOut(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let id = request.id
        switch request.op {
        case .ping: return .ok(id: id)
        case .subscribe: return .ok(id: id, subscribes: true)
        case .reload: return try reload(id: id)
        case .screenshot: preconditionFailure("a screenshot is performed in parts (perform(_:))")
        case .wake, .sleep, .keepAwake: return try power(request)
        default: break
        }
        guard let scene = target.scene else { throw Failure("the kiosk has no scene yet (waiting for the display)") }
        switch request.op {
        case .get: return try get(request, scene)
        case .set: return try set(request, scene)
        case .showPanel:
            let name = request.string("panel")!
            guard scene.registeredOverlay(withID: name) is Panel else { throw Failure("no panel \(quoted(name))") }
            scene.showOverlay(name)
            return .ok(id: id, [("panel", .string(name))])
        case .showPopup: return try showPopup(request, scene)
        case .dismiss: return try dismiss(request, scene)
        case .switchScreen, .back: return try changeScreen(request, scene)
        case .ping, .subscribe, .reload, .screenshot, .wake, .sleep, .keepAwake: preconditionFailure("handled above")
        }
    }

    // MARK: Values

    private func get(_ request: ControlRequest, _ scene: Scene) throws(Failure) -> ControlReply {
        if let name = request.string("control") {
            guard let control = scene.control(withID: name) else { throw Failure("no control \(quoted(name))") }
            guard let value = control.currentValue else { throw Failure("control \(quoted(name)) has no value") }
            return .ok(id: request.id, [("control", .string(name)), ("value", Self.json(value))])
        }
        var values = JSONObject()
        for control in Self.controls(of: scene) where values[control.id] == nil {
            if let value = control.currentValue { values[control.id] = Self.json(value) }
        }
        let overlays = JSONValue.array(scene.overlays.filter { !$0.isLeaving }.map { .string($0.id) })
        var fields: [(String, JSONValue)] = [("screen", .string(scene.currentScreen.id)), ("overlays", overlays),
                                             ("values", .object(values))]
        if let status = target.screenPowerStatus {
            fields += [("power", .string(status.state.rawValue)), ("keepAwake", .bool(status.keepsAwake))]
        }
        return .ok(id: request.id, fields)
    }

    private func set(_ request: ControlRequest, _ scene: Scene) throws(Failure) -> ControlReply {
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

    // MARK: Overlays

    private func showPopup(_ request: ControlRequest, _ scene: Scene) throws(Failure) -> ControlReply {
        let name = request.string("popup")!
        guard let popup = scene.registeredOverlay(withID: name) as? PopupDialog else { throw Failure("no popup \(quoted(name))") }
        let title = request.string("title"), text = request.string("text")
        for (field, value) in [("title", title), ("text", text)] {
            if let value, let problem = TextRule.displayText.problem(with: value) { throw Failure("\(quoted(field)) \(problem)") }
        }
        var content = popup.defaultContent
        if let title { content.title = title }
        if let text { content.text = text }
        // A dismissed popup is gone for the protocol at once: shown again while it still fades
        // out, it turns round with the words asked for (as a panel's motion is interruptible).
        if scene.isShowing(popup) {
            guard popup.isLeaving || popup.content == content else {
                throw Failure("popup \(quoted(name)) is already shown; dismiss it before showing other text")
            }
        } else {
            scene.present(popup)
        }
        popup.show(content: content)
        return .ok(id: request.id, [("popup", .string(name))])
    }

    private func dismiss(_ request: ControlRequest, _ scene: Scene) throws(Failure) -> ControlReply {
        let overlay: Overlay
        let shown = scene.overlays.filter { !$0.isLeaving }
        if let name = request.string("overlay") {
            guard let match = shown.last(where: { $0.id == name }) else { throw Failure("no overlay \(quoted(name)) is shown") }
            overlay = match
        } else {
            guard let top = shown.last else { throw Failure("nothing to dismiss: no panel or popup is shown") }
            overlay = top
        }
        overlay.dismiss()
        return .ok(id: request.id, [("overlay", .string(overlay.id))])
    }

    // MARK: Screens

    /// `switchScreen` and `back`, their `transition` and `duration` read by the rules of a
    /// button's action (`ButtonAction.decode`), so a request and a config say the same.
    private func changeScreen(_ request: ControlRequest, _ scene: Scene) throws(Failure) -> ControlReply {
        var members: [JSONNode.Member] = []
        let start = JSONPosition.start
        if request.op == .switchScreen {
            let name = request.string("screen")!
            guard scene.screen(withID: name) != nil else { throw Failure("no screen \(quoted(name))") }
            members.append(JSONNode.Member(key: "switchScreen", keyPosition: start, value: request.fields["screen"]!))
        } else {
            members.append(JSONNode.Member(key: "back", keyPosition: start, value: JSONNode(.bool(true), at: start)))
        }
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
            let from = scene.currentScreen.id
            guard scene.showScreen(name, transition: transition,
                                   duration: duration.map { .seconds($0) } ?? Scene.defaultTransitionDuration) else {
                throw Failure(name == from ? "screen \(quoted(name)) is already shown"
                              : "another screen change is running")
            }
            return .ok(id: request.id, [("screen", .string(name))])
        case let .back(transition, duration):
            guard scene.goBack(transition: transition, duration: duration.map { .seconds($0) }) else {
                throw Failure("no screen to go back to")
            }
            return .ok(id: request.id, [("screen", .string(scene.transition?.destination.id ?? scene.currentScreen.id))])
        case .showPanel, .showPopup:
            preconditionFailure("only screen changes are decoded here")
        }
    }

    // MARK: Screen power

    /// `wake`, `sleep`, `keepAwake`: `{"ok": true, "power": "off", "keepAwake": false}`.
    private func power(_ request: ControlRequest) throws(Failure) -> ControlReply {
        guard target.screenPowerStatus != nil else { throw Failure("this kiosk has no screen power to change") }
        let change: KioskRunner.PowerRequest
        switch request.op {
        case .wake: change = .wake
        case .sleep: change = .sleep
        default: change = .keepAwake(request.bool("on")!)
        }
        guard let state = target.changeScreenPower(change), let status = target.screenPowerStatus else {
            throw Failure("the screen is kept awake; send {\"op\": \"keepAwake\", \"on\": false} first")
        }
        return .ok(id: request.id, [("power", .string(state.rawValue)), ("keepAwake", .bool(status.keepsAwake))])
    }

    // MARK: Screenshot and reload

    /// The frame is copied now, in the request's turn; encoding it (tens of milliseconds for a
    /// large screen) and writing the file are the remaining work, done off the loop by
    /// `ControlRequestQueue`.
    private func screenshot(_ request: ControlRequest) -> Performance {
        let id = request.id
        guard let frame = target.currentFrame else { return .replied(.error(id: id, "no frame drawn yet")) }
        let path = request.string("path")
        if path?.isEmpty == true { return .replied(.error(id: id, "\"path\" must not be empty")) }
        let copy: PixelBuffer
        do {
            copy = try PixelBuffer(width: frame.width, height: frame.height, format: frame.format)
        } catch {
            return .replied(.error(id: id, "cannot copy the frame: \(error)"))
        }
        copy.copyAll(from: frame)
        let image = FrameCopy(buffer: copy)
        return .remaining {
            let frame = image.buffer
            let size: [(String, JSONValue)] = [("width", .number(Double(frame.width))), ("height", .number(Double(frame.height)))]
            if let path {
                do { try Screenshot.write(frame, to: FilePath(path)) } catch {
                    return .error(id: id, "cannot write the screenshot: \(error)")
                }
                return .ok(id: id, [("path", .string(path))] + size)
            }
            let png: [UInt8]
            do { png = try PNGImage.encode(frame) } catch { return .error(id: id, "cannot encode the screenshot: \(error)") }
            return .ok(id: id, size + [("png", .string(Base64.encode(png)))])
        }
    }

    /// A frame copied for one screenshot: nobody else holds it, so the thread that encodes it
    /// may have it.
    private struct FrameCopy: @unchecked Sendable {
        let buffer: PixelBuffer
    }

    private func reload(id: RequestID?) throws(Failure) -> ControlReply {
        switch target.reload() {
        case .reloaded: return .ok(id: id)
        case .unsupported: throw Failure("this kiosk has no config file to reload (its scene is built in code)")
        case .failed(let problems):
            let count = problems.count == 1 ? "a problem" : "\(problems.count) problems"
            throw Failure("the config has \(count); the kiosk goes on unchanged",
                          [("problems", .array(problems.map { .string($0) }))])
        }
    }

    private func quoted(_ s: String) -> String { JSONWriter.quoted(s) }
}
