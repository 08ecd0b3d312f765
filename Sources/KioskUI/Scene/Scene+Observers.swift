/// Scene-wide observers: every event of every control, panel and popup, as it leaves in the
/// JSON lines (a bridge to MQTT or a PLC, an app's logic that spans controls).
extension Scene {
    /// Calls `handler` with every event of `kind` (all kinds when nil) from `source` (any
    /// source when nil), once the frame's events are final: after coalescing, in the order of
    /// the JSON lines, after the observers of the control that sent it. Panels and popups
    /// post their events (`panelShown`, `buttonTapped`, …) only here, since they are not
    /// controls. A handler may change the scene: a runtime hands out a frame's events just
    /// before it draws that frame, so the changes show in it; what the handler sends goes out
    /// with the next frame's events.
    ///
    /// The scene keeps its observers, so a handler that captures the scene (or a control of
    /// it) strongly keeps it alive for ever, a retain cycle: capture it `[weak scene]`.
    @discardableResult
    public func addObserver(for kind: ControlEvent.Kind? = nil, source: String? = nil,
                            _ handler: @escaping (ControlEvent) -> Void) -> ObservationToken {
        observers.add(kind: kind, source: source, handler)
    }

    /// Stops the calls of the observer `token` names; returns false if it was not one of the
    /// scene's (or was removed already).
    @discardableResult
    public func removeObserver(_ token: ObservationToken) -> Bool { observers.remove(token) }
}
