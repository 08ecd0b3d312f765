import Foundation
import KioskTestSupport
import Testing
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskBackend
import KioskService

/// The benchmark's anchor scene (config/bench-anchor.json, plus one button) on the one
/// headless pipeline, stepped: each frame is a pass of the runner a refresh after the last
/// (touches handed to it as the touchscreen would, the fixed-step simulation, damage rendered
/// and presented, the next wake-up asked for), exactly what a pass costs on a device.
///
/// The panel is small (320x192, the 800x480 design at 0.4) so that a thousand full repaints
/// take milliseconds: what a frame allocates does not depend on how many pixels it paints.
final class SteadyStateKiosk {
    let kiosk: HeadlessKiosk
    let scene: Scene
    let renderer: SceneRenderer
    let slider: RangeSlider
    let dial: CircularSlider
    let button: Button
    private(set) var now = Instant.zero
    let refresh: Duration

    init(width: Int = 320, height: Int = 192) throws {
        let config = try TestFiles.loadConfig("config/bench-anchor.json")
        let button = Button(id: "go", frame: Rect(520, 400, 200, 56), title: "Go")
        self.button = button
        let source = KioskRunner.SceneSource(designSize: config.display.layoutSize) { size in
            let scene = SceneBuilder.build(config, designSize: size)
            scene.currentScreen.add(button)
            return scene
        }
        kiosk = HeadlessKiosk(scene: source, panelWidth: width, panelHeight: height) { _ in }
        try kiosk.start()
        let runtime = try #require(kiosk.runtime)
        scene = runtime.scene
        renderer = runtime.renderer
        refresh = try #require(kiosk.refreshInterval)
        slider = try #require(scene.control(withID: "price") as? RangeSlider)
        dial = try #require(scene.control(withID: "angle") as? CircularSlider)
        frame()
    }

    /// One pass of the runner, a refresh after the last, with `touch` (panel pixels)
    /// arriving just before it.
    func frame(touch: TouchEvent? = nil) {
        now += refresh
        if var touch {
            touch.time = now
            kiosk.handle(touch)
        }
        _ = try? kiosk.advance(to: now)
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
}
