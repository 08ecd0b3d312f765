import KioskConfig
import KioskUI

/// `showPanel`, `showPopup` and `dismiss`: the scene's overlays, as buttons would show them.
extension ControlRequestHandler {
    func showPanel(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
        let name = request.string("panel")!
        guard scene.registeredOverlay(withID: name) is Panel else { throw Failure("no panel \(quoted(name))") }
        scene.showOverlay(name)
        return .ok(id: request.id, [("panel", .string(name))])
    }

    func showPopup(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
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

    func dismiss(_ request: ControlRequest) throws(Failure) -> ControlReply {
        let scene = try scene()
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
}
