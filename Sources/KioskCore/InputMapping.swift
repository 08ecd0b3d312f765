/// Turns touch positions from panel coordinates into the coordinates of the scene:
/// rotation first (the panel is mounted turned), then the layout scale (the scene was
/// designed for another size).
public struct InputMapping: Sendable {
    public let panelToScene: AffineTransform

    public init(panelToScene: AffineTransform) { self.panelToScene = panelToScene }

    public init(rotation: DisplayRotation, panel: Size, screenToScene: AffineTransform = .identity) {
        panelToScene = rotation.panelToScreen(panel: panel).then(screenToScene)
    }

    public func map(_ event: TouchEvent) -> TouchEvent {
        var e = event
        e.position = panelToScene.apply(event.position)
        return e
    }
}
