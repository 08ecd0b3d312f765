import Testing
import KioskBackend
import KioskConfig
import KioskCore
import KioskUI
@testable import KioskService

/// Live reload in-process, on the virtual clock: a bad config changes nothing, a good one
/// replaces the scene keeping values and the screen.
@Suite("Reload")
struct ReloadTests {
    static let good = """
    {"display": {"designSize": [800, 480]}, "startScreen": "main",
     "screens": [{"id": "main", "controls": [
        {"type": "rangeSlider", "id": "price", "frame": [40, 100, 430, 30], "min": 0, "max": 100, "lower": 20, "upper": 80},
        {"type": "circularSlider", "id": "angle", "frame": [500, 100, 200, 200]}]},
      {"id": "other", "controls": []}]}
    """
    /// The same kiosk after an edit: `price` has a smaller range, `angle` is gone, `volume` is new.
    static let edited = """
    {"display": {"designSize": [800, 480]}, "startScreen": "main",
     "screens": [{"id": "main", "controls": [
        {"type": "rangeSlider", "id": "price", "frame": [40, 100, 430, 30], "min": 0, "max": 50, "lower": 10, "upper": 40},
        {"type": "circularSlider", "id": "volume", "frame": [500, 100, 200, 200], "angle": 45}]},
      {"id": "other", "controls": []}]}
    """
    static let bad = """
    {"startScreen": "nowhere", "screens": [{"id": "main", "controls": [{"type": "rangeSlidr", "id": "x"}]}]}
    """

    func source(_ text: String) throws -> KioskRunner.SceneSource {
        KioskSetup.sceneSource(for: try KioskSetup.decodeConfig(text, path: "kiosk.json"))
    }

    @Test("a bad config is reported in full and the kiosk goes on; a good one keeps values and the screen")
    func badThenGood() throws {
        var events: [ControlEvent] = []
        var outcomes: [ReloadOutcome] = []
        var text = Self.bad
        let runner = KioskRunner(display: { _ in KioskRunner.Display(backend: try HeadlessBackend(width: 800, height: 480)) },
                                 scene: try source(Self.good), options: KioskRunner.Options(clock: .virtual, until: .milliseconds(500)),
                                 emit: { events.append($0) })
        let make = source
        runner.reloadSource = { try make(text) }
        var step = 0
        runner.onFramePresented = { _ in
            step += 1
            guard step == 1, let scene = runner.scene else { return }
            try? scene.control(withID: "price")?.setValue([("lower", 45), ("upper", 70)])
            scene.showScreen("other")
            let before = scene
            outcomes.append(runner.reload())
            #expect(runner.scene === before)          // unchanged
            text = Self.edited
            outcomes.append(runner.reload())
        }
        _ = try runner.run()
        guard case .failed(let problems) = outcomes.first else { Issue.record("the bad config was taken"); return }
        #expect(problems.count == 2)
        #expect(problems.allSatisfy { $0.hasPrefix("kiosk.json: ") && $0.contains("(line 1)") })
        #expect(outcomes.last == .reloaded)
        let scene = try #require(runner.scene)
        // 45…70 in a 0…50 slider: clamped as a finger would be.
        #expect(scene.control(withID: "price")?.currentValue?.map(\.value) == [.number(45), .number(50)])
        #expect(scene.control(withID: "volume")?.currentValue?.map(\.value) == [.number(45)])
        #expect(scene.currentScreen.id == "other")
        let kiosk = events.filter { $0.source == "kiosk" }.map(\.kind.rawValue)
        // The switch before the reload is announced; the reload keeps the screen and says nothing of it.
        #expect(kiosk == ["screenChanged", "reloadFailed", "reloaded"])
        #expect(events.filter { $0.source == "kiosk" }.allSatisfy { $0.origin == .owner })
        #expect(events.first { $0.kind.rawValue == "reloadFailed" }?["message"]?.string?.contains("rangeSlidr") == true)
        // Carrying values over sends nothing: the only price events are the set before the reload.
        #expect(events.filter { $0.source == "price" }.count == 2)
    }

    @Test("after a reload the state file keeps the new scene: a value set afterwards is written")
    func stateFollowsReload() throws {
        let path = FilePath(try StateTestScene.directory().appendingPathComponent("state.json").path)
        let runner = KioskRunner(display: { _ in KioskRunner.Display(backend: try HeadlessBackend(width: 800, height: 480)) },
                                 scene: try source(Self.good), options: KioskRunner.Options(clock: .virtual, until: .milliseconds(500)),
                                 emit: { _ in })
        runner.stateKeeper = StateKeeper(path: path, log: { _, _ in })
        let make = source
        runner.reloadSource = { try make(Self.edited) }
        var step = 0
        runner.onFramePresented = { _ in
            step += 1
            guard step == 1 else { return }
            _ = runner.reload()
            try? runner.scene?.control(withID: "volume")?.setValue([("angle", 200)])
        }
        _ = try runner.run()
        let text = try TextFile.read(path)
        #expect(text.contains(#""volume": {"angle": 200}"#))
        #expect(!text.contains(#""angle": {"#))   // the control that went with the old scene
    }
}
