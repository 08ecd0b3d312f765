import KioskConfig
import KioskControls
import KioskCore
import KioskService
import KioskUI
import Testing

/// A headless display given no size is the panel the scene's layout is written for, as
/// `kiosk run` without `--size` is: the design size turned by the rotation, else 800x480.
@Suite("The headless panel's size")
struct HeadlessSizeTests {
    func scene(_ size: Size) -> Scene {
        Scene(designSize: size, screens: [Screen(id: "main", controls: [
            Label(id: "hello", frame: Rect(10, 10, 100, 30), theme: .standard, text: "Hello"),
        ])])
    }

    /// Runs `kiosk` to its end and answers the panel it drew on.
    func panel(of kiosk: Kiosk) throws -> (width: Int, height: Int)? {
        kiosk.emit = { _ in }
        #expect(try kiosk.run() == 0)
        return kiosk.scanout.map { ($0.width, $0.height) }
    }

    @Test("a scene built in code for 400x240 runs headless on a 400x240 panel")
    func followsTheDesignSize() throws {
        let kiosk = Kiosk(designSize: Size(400, 240), display: DisplayRequest(backend: .headless)) { _ in
            scene(Size(400, 240))
        }
        #expect(try panel(of: kiosk) ?? (0, 0) == (400, 240))
    }

    @Test("turned a quarter, the panel is the design size on its side")
    func turnedByTheRotation() throws {
        let kiosk = Kiosk(scene: KioskRunner.SceneSource(designSize: Size(400, 240)) { scene($0) },
                          display: DisplayRequest(backend: .headless), rotation: .quarter)
        #expect(try panel(of: kiosk) ?? (0, 0) == (240, 400))
    }

    @Test("a config's designSize sets the panel of DisplayRequest(backend: .headless, script:)")
    func configsDesignSize() throws {
        let config = try KioskSetup.decodeConfig(#"""
            {"display": {"designSize": [640, 400]}, "startScreen": "main",
             "screens": [{"id": "main", "controls": []}]}
            """#, path: "kiosk.json")
        let touch = TouchEvent(slot: 0, phase: .down, position: Point(5, 5), time: .milliseconds(10))
        let lift = TouchEvent(slot: 0, phase: .up, position: Point(5, 5), time: .milliseconds(60))
        let kiosk = Kiosk(config: config, display: DisplayRequest(backend: .headless, script: [touch, lift]))
        #expect(try panel(of: kiosk) ?? (0, 0) == (640, 400))
    }

    @Test("a layout in screen pixels (no designSize) gets the default 800x480 panel")
    func defaultPanel() throws {
        let kiosk = Kiosk(designSize: nil, display: DisplayRequest(backend: .headless)) { scene($0) }
        #expect(try panel(of: kiosk) ?? (0, 0) == (800, 480))
        #expect(DisplaySettings.panelSize(designSize: nil, rotation: .quarter) == (800, 480))
    }

    @Test("a size the request names wins over the design size")
    func namedSizeWins() throws {
        let kiosk = Kiosk(designSize: Size(400, 240), display: DisplayRequest(backend: .headless,
                                                                              headlessSize: (800, 480))) { scene($0) }
        #expect(try panel(of: kiosk) ?? (0, 0) == (800, 480))
    }
}
