import KioskCore
import KioskRender
import KioskUI

extension SceneRenderer {
    /// This renderer's frame, drawn incrementally, compared with a fresh renderer's full
    /// repaint of `scene` (same design size, panel and rotation): the check that every
    /// animated frame of a control repaints all it changed. Leaves the scene with no damage.
    package func comparedWithFullRepaint(of scene: Scene, tolerance: Int = 2) throws -> ImageComparison.Result {
        let fresh = try SceneRenderer(designSize: scaling.designSize, panelWidth: frame.width, panelHeight: frame.height,
                                      rotation: rotation)
        scene.invalidateAll()
        fresh.render(scene)
        _ = scene.takeDamage()
        return ImageComparison(tolerance: tolerance).compare(frame, to: fresh.frame)
    }
}
