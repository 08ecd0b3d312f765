import Foundation
import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskBackend
import KioskService
import SwiftKioskTesting

/// The benchmark's anchor scene (config/bench-anchor.json, plus one button) in the shared
/// harness, `KioskTester`, stepped a refresh at a time: each frame is a pass of the one headless
/// pipeline (touches handed to it as the touchscreen would, the fixed-step simulation, damage
/// rendered and presented, the next wake-up asked for), exactly what a pass costs on a device.
/// The tester keeps no events, so what is measured is the kiosk's own allocation.
///
/// The panel is small (320x192, the 800x480 design at 0.4) so that a thousand full repaints
/// take milliseconds: what a frame allocates does not depend on how many pixels it paints.
final class SteadyStateKiosk {
    let tester: KioskTester
    let scene: Scene
    let renderer: SceneRenderer
    let slider: RangeSlider
    let dial: CircularSlider
    let button: Button
    /// The "Status: …" label at the bottom.
    let footer: Label
    private(set) var now = Instant.zero
    let refresh: Duration

    /// What the "Price range" label shows with `bindsPriceLabel`: a template that follows both
    /// knobs (20 characters, longer than the 15 bytes a Swift string keeps without a block).
    static let boundLabelText = "Price: {price.lower:.1} to {price.upper:.1} €"

    /// The anchor scene at `width`x`height`; with `bindsPriceLabel` its "Price range" label
    /// shows `boundLabelText` instead.
    init(width: Int = 320, height: Int = 192, bindsPriceLabel: Bool = false) throws {
        let config = bindsPriceLabel
            ? try TestFiles.loadConfig("config/bench-anchor.json", replacingText: ["priceLabel": Self.boundLabelText])
            : try TestFiles.loadConfig("config/bench-anchor.json")
        let button = Button(id: "go", frame: Rect(520, 400, 200, 56), title: "Go")
        self.button = button
        tester = KioskTester(config: config, panelWidth: width, panelHeight: height) { scene in
            scene.currentScreen.add(button)
        }
        tester.keepsEvents = false
        try tester.step(until: .zero)   // starts the pipeline: its first pass, at time 0
        let runtime = try #require(tester.runtime)
        scene = runtime.scene
        renderer = runtime.renderer
        refresh = tester.refreshInterval
        slider = try #require(scene.control(withID: "price") as? RangeSlider)
        dial = try #require(scene.control(withID: "angle") as? CircularSlider)
        footer = try #require(scene.control(withID: "footer") as? Label)
        frame()
    }

    /// One pass of the runner, a refresh after the last, with `touch` (panel pixels)
    /// arriving just before it.
    func frame(touch: TouchEvent? = nil) {
        now += refresh
        if var touch {
            touch.time = now
            tester.touch(touch)
        }
        try? tester.step(until: now)
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
