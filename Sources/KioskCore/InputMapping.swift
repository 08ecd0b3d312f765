/// Turns touch positions from panel coordinates into the coordinates of the scene:
/// calibration first (the touch sensor does not quite match the pixels), then rotation (the
/// panel is mounted turned), then the layout scale (the scene was designed for another size).
public struct InputMapping: Sendable {
    public let panelToScene: AffineTransform

    public init(panelToScene: AffineTransform) { self.panelToScene = panelToScene }

    public init(rotation: DisplayRotation, panel: Size, screenToScene: AffineTransform = .identity) {
        panelToScene = rotation.panelToScreen(panel: panel).then(screenToScene)
    }

    /// Puts a calibration in front: `calibration` maps normalised panel coordinates (0…1
    /// across the panel, libinput's convention) to corrected normalised coordinates.
    public func calibrated(_ calibration: AffineTransform, panel: Size) -> InputMapping {
        guard calibration != .identity, panel.width > 0, panel.height > 0 else { return self }
        let normalise = AffineTransform.scale(1 / panel.width, 1 / panel.height)
        let back = AffineTransform.scale(panel.width, panel.height)
        return InputMapping(panelToScene: normalise.then(calibration).then(back).then(panelToScene))
    }

    public func map(_ event: TouchEvent) -> TouchEvent {
        var e = event
        e.position = panelToScene.apply(event.position)
        return e
    }
}
