import KioskCore
import KioskUI
import KioskService

/// A headless kiosk on the virtual clock around a scene built in the test, with its events
/// collected: the runtime tests' three lines (scene, `run`, expectations).
final class TestKiosk {
    let scene: Scene
    private(set) var events: [ControlEvent] = []
    private(set) var kiosk: HeadlessKiosk!

    init(scene: Scene, panelWidth: Int = 800, panelHeight: Int = 480, calibration: AffineTransform = .identity) {
        self.scene = scene
        kiosk = HeadlessKiosk(scene: .init(designSize: scene.designSize) { _ in scene }, panelWidth: panelWidth,
                              panelHeight: panelHeight, calibration: calibration) { [unowned self] in self.events.append($0) }
    }

    convenience init(controls: [Control]) {
        self.init(scene: Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: controls)]))
    }

    /// Plays `touches` from virtual time 0 (once per kiosk: each run starts the pipeline anew).
    func run(_ touches: [TouchEvent], until: Instant? = nil) throws { try kiosk.run(touches: touches, until: until) }

    var runtime: KioskRuntime { kiosk.runtime! }
    /// Where the run ended, in virtual time.
    var now: Instant { kiosk.now }
    /// Nothing moves and nothing waits: a device loop would sleep without a timeout.
    var isIdle: Bool { runtime.nextWakeup(now: now, outputReady: true) == nil }
}
