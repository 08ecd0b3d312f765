import KioskConfig
import KioskControls
import KioskCore
import KioskService
import KioskUI

/// A scene as the control protocol's target (by default the demo config's), without a loop or
/// a display: the one fake `ControlTarget` of the tests.
public final class ControlTestTarget: ControlTarget {
    /// The scene the requests act on.
    public var scene: Scene?
    /// What `screenshot` saves; nil: no frame yet.
    public var currentFrame: PixelBuffer?
    /// What `reload` answers.
    package var reloadOutcome = ReloadOutcome.unsupported
    /// How often `reload` was asked for.
    public private(set) var reloads = 0

    /// What `get` reports of the screen's power; nil (the default): no screen power, as a
    /// kiosk without one.
    package var screenPowerStatus: (state: ScreenPower.State, keepsAwake: Bool)?
    /// What `wake`, `sleep` and `keepAwake` answer; nil: they cannot be done.
    package var screenPowerChange: ScreenPower.State?

    /// The owner's property changes, as a runner keeps them.
    package var properties: PropertyModel?
    /// Where pictures set at run time are made ready (a renderer); nil: none, as by default.
    package var imagePreparer: ImagePreparer?

    /// `scene` (nil: no scene yet), with no frame and no screen power; `config` is the one
    /// the scene was built from (nil: made in code).
    public init(scene: Scene?, config: KioskConfiguration? = nil) {
        self.scene = scene
        properties = PropertyModel(config: config)
    }

    /// The scene of the config `json` (no files: no popup templates, no images), laid out
    /// in 800x480.
    public convenience init(configJSON json: String) throws {
        let config = try ConfigLoader.decode(json, file: "k.json")
        self.init(scene: SceneBuilder.build(config, designSize: Size(800, 480)), config: config)
    }

    /// The scene of config/demo.json.
    public convenience init() throws {
        let config = try KioskSetup.loadConfig(FilePath(TestFiles.path("config/demo.json")))
        self.init(scene: SceneBuilder.build(config, designSize: config.display.designSize ?? Size(800, 480)), config: config)
    }

    /// A kiosk whose screen is on and not held awake, each power request answered `.on`.
    public static func powered() -> ControlTestTarget {
        let target = ControlTestTarget(scene: nil)
        target.screenPowerStatus = (.on, false)
        target.screenPowerChange = .on
        return target
    }

    /// Answers `screenPowerChange`.
    package func changeScreenPower(_ request: KioskRunner.PowerRequest) -> ScreenPower.State? { screenPowerChange }

    /// Counts the call and answers `reloadOutcome`.
    package func reload() -> ReloadOutcome {
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
