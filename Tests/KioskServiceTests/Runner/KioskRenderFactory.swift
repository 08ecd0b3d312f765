import KioskCore
import KioskRender

/// Renderers for tests that need one but do not care how it is configured.
enum KioskRenderFactory {
    static func renderer(width: Int, height: Int) throws -> SceneRenderer {
        try SceneRenderer(designSize: Size(Double(width), Double(height)), panelWidth: width, panelHeight: height,
                          rotation: .none)
    }
}
