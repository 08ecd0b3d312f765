import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskConfig
import KioskUI
@testable import KioskService

/// The runtime and the idle return: the loop wakes for it, and every touch counts.
@Suite("Idle return in the runtime")
struct IdleRuntimeTests {
    static let config = #"""
        {"startScreen": "start", "idle": {"after": 5, "screen": "start"},
         "screens": [{"id": "start"}, {"id": "menu"}]}
        """#

    func runtime() throws -> (SceneRuntime, Scene) {
        let config = try ConfigLoader.decode(Self.config, file: "k.json")
        let scene = SceneBuilder.build(config, designSize: Size(800, 480))
        let runtime = SceneRuntime(scene: scene, renderer: try KioskRenderFactory.renderer(width: 800, height: 480)) { _ in }
        return (runtime, scene)
    }

    @Test("the idle return is the loop's next wake-up when nothing moves, and happens when the loop gets there")
    func wakesForIt() throws {
        let (runtime, scene) = try runtime()
        #expect(scene.showScreen("menu", transition: .none))
        _ = runtime.renderFrame(at: .zero)
        #expect(runtime.nextWakeup(now: .seconds(1), outputReady: true) == .seconds(5))
        runtime.advance(to: .seconds(5))
        #expect(scene.currentScreen.id == "start")
    }

    @Test("a touch kept from the scene (one that only wakes a dark screen) starts the count again all the same")
    func wakingTouchCounts() throws {
        let (runtime, scene) = try runtime()
        #expect(scene.showScreen("menu", transition: .none))
        runtime.touchInterceptor = { _ in true }
        runtime.handle(TouchEvent(slot: 0, phase: .down, position: Point(10, 10), time: .seconds(4)))
        #expect(scene.nextDeadline == .seconds(9))
    }
}
