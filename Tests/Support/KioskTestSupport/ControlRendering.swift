import KioskCore
import KioskGestures
import KioskRender
import KioskUI

/// Renders `controls` on a plain screen of `size` (after `touches`) with the real renderer,
/// turned by `rotation`, and returns the frame: a control's golden in one line.
package func renderControls(_ controls: [Control], size: Size, rotation: DisplayRotation = .none,
                            touches: [GestureEvent] = []) throws -> PixelBuffer {
    let scene = Scene(designSize: size, screens: [Screen(id: "s", controls: controls)])
    scene.handle(touches)
    let panel = rotation.swapsAxes ? Size(size.height, size.width) : size
    let renderer = try SceneRenderer(designSize: size, panelWidth: Int(panel.width), panelHeight: Int(panel.height),
                                     rotation: rotation)
    renderer.render(scene)
    return renderer.frame
}
