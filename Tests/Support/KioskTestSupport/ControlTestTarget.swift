import KioskConfig
import KioskCore
import KioskService
import KioskUI

/// The demo config's scene as the control protocol's target, without a loop or a display.
public final class ControlTestTarget: ControlTarget {
    /// The scene the requests act on.
    public var scene: Scene?
    /// What `screenshot` saves; nil: no frame yet.
    public var currentFrame: PixelBuffer?
    /// What `reload` answers.
    public var reloadOutcome = ReloadOutcome.unsupported
    /// How often `reload` was asked for.
    public private(set) var reloads = 0

    /// The scene of config/demo.json.
    public init() throws {
        let config = try KioskSetup.loadConfig(FilePath(TestFiles.path("config/demo.json")))
        scene = SceneBuilder.build(config, designSize: config.display.designSize ?? Size(800, 480))
    }

    /// Counts the call and answers `reloadOutcome`.
    public func reload() -> ReloadOutcome {
        reloads += 1
        return reloadOutcome
    }

    /// The reply line to `request`.
    public func reply(_ request: String) -> String { ControlRequestHandler(target: self).reply(to: request).line }

    /// Every value the scene holds now, for "nothing changed" checks.
    public var snapshot: String {
        guard let scene else { return "" }
        let values = scene.screens.flatMap(\.controls).map { "\($0.id)=\($0.currentValue.map { "\($0)" } ?? "-")" }
        return values.joined(separator: " ") + " screen=\(scene.currentScreen.id) overlays=\(scene.overlays.map(\.id))"
            + " events=\(scene.hasPendingEvents)"
    }
}
