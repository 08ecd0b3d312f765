/// Turns touch positions from panel coordinates into the coordinates of the scene:
/// calibration first (the touch sensor does not quite match the pixels), then rotation (the
/// panel is mounted turned), then the layout scale (the scene was designed for another size).
///
/// Positions are clamped on the way in and on the way out. A touchscreen reports positions on
/// the panel, but a calibration (entries up to 100) can map them far off it, and a broken
/// device or script may send anything; a screen or two outside the scene no position means
/// more than "far out that way", while values like 1e308 overflow the velocity fit and the
/// motion it starts. So panel positions are first clamped to ±`panelLimit` (infinity times a
/// zero matrix entry would be NaN), and mapped positions to `reach`, a generous area around
/// the scene. Every gesture, velocity and animation downstream then works with finite,
/// modest numbers.
package struct InputMapping: Sendable {
    /// Panel pixels to scene coordinates: calibration, then rotation, then layout scale.
    package let panelToScene: AffineTransform
    /// Where mapped positions are kept (scene coordinates); see the type's notes.
    package let reach: Rect

    /// Scene sizes added on every side of the scene to make `reach` (`limited(toScene:)`):
    /// two, so a drag that runs off the screen keeps its direction and a panel or slider still
    /// follows it to the end of its travel, which is at most one scene size.
    package static let reachMargin = 2.0

    /// The largest magnitude of a panel coordinate taken as it is: a million pixels, the touch
    /// script's limit and a hundred times the largest panel.
    package static let panelLimit = 1_000_000.0

    /// The reach of a mapping made without a scene: as far as `panelLimit`.
    package static let defaultReach = Rect(-panelLimit, -panelLimit, 2 * panelLimit, 2 * panelLimit)

    /// A mapping through `panelToScene` whose results are kept within `reach`.
    package init(panelToScene: AffineTransform, reach: Rect = InputMapping.defaultReach) {
        self.panelToScene = panelToScene
        self.reach = reach
    }

    /// The mapping of a panel of size `panel` (its own orientation) mounted with `rotation`, followed by `screenToScene` (the layout scale); positions are kept within reach of the scene.
    package init(rotation: DisplayRotation, panel: Size, screenToScene: AffineTransform = .identity) {
        self.init(panelToScene: rotation.panelToScreen(panel: panel).then(screenToScene))
    }

    /// Puts a calibration in front: `calibration` maps normalised panel coordinates (0…1
    /// across the panel, libinput's convention) to corrected normalised coordinates.
    package func calibrated(_ calibration: AffineTransform, panel: Size) -> InputMapping {
        guard calibration != .identity, panel.width > 0, panel.height > 0 else { return self }
        let normalise = AffineTransform.scale(1 / panel.width, 1 / panel.height)
        let back = AffineTransform.scale(panel.width, panel.height)
        return InputMapping(panelToScene: normalise.then(calibration).then(back).then(panelToScene), reach: reach)
    }

    /// The same mapping with positions clamped to `reachMargin` scene sizes (the larger side)
    /// around `scene`.
    package func limited(toScene scene: Rect) -> InputMapping {
        let margin = Self.reachMargin * max(scene.width, scene.height)
        return InputMapping(panelToScene: panelToScene, reach: scene.outsetBy(margin))
    }

    /// A panel position in scene coordinates, clamped into `reach`.
    package func scenePoint(_ panelPoint: Point) -> Point {
        panelToScene.apply(panelPoint.clamped(to: Self.defaultReach)).clamped(to: reach)
    }

    /// The event with its position mapped (and clamped); slot, phase and time unchanged.
    package func map(_ event: TouchEvent) -> TouchEvent {
        var e = event
        e.position = scenePoint(event.position)
        return e
    }
}
