import KioskConfig
import KioskCore
import KioskService
import KioskUI

/// The demo config's scene as the control protocol's target, without a loop or a display.
final class ControlTestTarget: ControlTarget {
    var scene: Scene?
    var currentFrame: PixelBuffer?
    var reloadOutcome = ReloadOutcome.unsupported
    private(set) var reloads = 0

    init() throws {
        let config = try KioskSetup.loadConfig(FilePath(KioskProcess.path("config/demo.json")))
        scene = SceneBuilder.build(config, designSize: config.display.designSize ?? Size(800, 480))
    }

    func reload() -> ReloadOutcome {
        reloads += 1
        return reloadOutcome
    }

    /// The reply line to `request`.
    func reply(_ request: String) -> String { ControlRequestHandler(target: self).reply(to: request).line }

    /// Every value the scene holds now, for "nothing changed" checks.
    var snapshot: String {
        guard let scene else { return "" }
        let values = scene.screens.flatMap(\.controls).map { "\($0.id)=\($0.currentValue.map { "\($0)" } ?? "-")" }
        return values.joined(separator: " ") + " screen=\(scene.currentScreen.id) overlays=\(scene.overlays.map(\.id))"
            + " events=\(scene.hasPendingEvents)"
    }
}
