/// Who causes what the scene does: every event it is given is stamped with `eventOrigin`,
/// so that the same mechanism serves every op of the control socket, MQTT and the Swift API,
/// and every kind of event a control sends, without each saying where it comes from.
extension Scene {
    /// Runs `body` with `eventOrigin` set to `origin`, and sets it back afterwards: every event
    /// posted meanwhile, and every motion started meanwhile (a panel's slide, a control's
    /// animation, whose later events follow it), is `origin`'s. The scene does this itself for
    /// gestures (`.touch`), for the motions it steps and for the observers it calls (each with
    /// the origin of the event it is handed); an app that feeds the scene a person's input of
    /// its own (a hardware button) wraps it in `.touch`.
    @discardableResult
    public func withEventOrigin<Result>(_ origin: ControlEvent.Origin, _ body: () throws -> Result) rethrows -> Result {
        let outer = eventOrigin
        eventOrigin = origin
        defer { eventOrigin = outer }
        return try body()
    }
}
