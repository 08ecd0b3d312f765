import Foundation
import Testing
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskBackend
import KioskService

/// The benchmark's anchor scene (config/bench-anchor.json, plus one button) driven the way the
/// runner drives a kiosk: each frame time moves on one refresh, touches go through the
/// runtime's gesture tracker, the fixed-step simulation runs, damage is rendered and copied to
/// the headless backend's scanout, and the next wake-up is asked for.
///
/// The panel is small (320x192, the 800x480 design at 0.4) so that a thousand full repaints
/// take milliseconds: what a frame allocates does not depend on how many pixels it paints.
final class SteadyStateKiosk {
    let scene: Scene
    let renderer: SceneRenderer
    let runtime: KioskRuntime
    let backend: HeadlessBackend
    let slider: RangeSlider
    let dial: CircularSlider
    let button: Button
    private(set) var now = Instant.zero
    static let refresh = Duration.nanoseconds(16_666_667)

    init(width: Int = 320, height: Int = 192) throws {
        let config = try Self.anchorConfig()
        scene = SceneBuilder.build(config)
        button = Button(id: "go", frame: Rect(520, 400, 200, 56), title: "Go")
        scene.currentScreen.add(button)
        slider = try #require(scene.control(withID: "price") as? RangeSlider)
        dial = try #require(scene.control(withID: "angle") as? CircularSlider)
        renderer = try SceneRenderer(designSize: config.display.layoutSize, panelWidth: width, panelHeight: height,
                                     rotation: .none)
        backend = try HeadlessBackend(width: width, height: height)
        runtime = KioskRuntime(scene: scene, renderer: renderer) { _ in }
        frame()
    }

    /// One pass of the runner's loop, a refresh after the last, with `touch` (panel pixels)
    /// arriving just before it.
    func frame(touch: TouchEvent? = nil) {
        now += Self.refresh
        if var touch {
            touch.time = now
            runtime.handle(touch)
        }
        runtime.advance(to: now)
        if let damage = runtime.renderFrame(at: now) {
            backend.present(renderer.frame, damage: damage, at: now)
            backend.finishPendingFrame()
        }
        _ = runtime.nextWakeup(now: now, outputReady: true)
    }

    /// A touch of finger 0 at a scene point.
    func touch(_ phase: TouchPhase, at scenePoint: Point) -> TouchEvent {
        TouchEvent(slot: 0, phase: phase, position: renderer.sceneToPanel.apply(scenePoint), time: now)
    }

    /// Frames until nothing moves any more (an overlay fully shown or gone).
    func settle() {
        var n = 0
        while scene.isAnimating && n < 1000 { frame(); n += 1 }
    }

    /// config/bench-anchor.json with its popup template, read as `kiosk` reads them.
    static func anchorConfig() throws -> KioskConfig {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../config").standardized
        let text = try String(contentsOf: directory.appendingPathComponent("bench-anchor.json"), encoding: .utf8)
        return try ConfigLoader.decode(text, file: "bench-anchor.json") { path in
            do {
                return .success(try String(contentsOf: directory.appendingPathComponent(path), encoding: .utf8))
            } catch {
                return .failure(FileReadProblem(reason: "\(error)"))
            }
        }
    }
}
