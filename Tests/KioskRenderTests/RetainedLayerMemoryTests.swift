import KioskControls
import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// A retained layer is a buffer the size of the screen; the renderer keeps one only while the
/// scene composites it, so a kiosk that showed a popup once does not carry its memory forever.
@Suite("Retained layer memory")
struct RetainedLayerMemoryTests {
    static let size = Size(400, 240)
    static let step = Duration.milliseconds(10)

    /// Two screens (one with a dial, for the gradient cache), a panel and a popup.
    static func scene() -> Scene {
        let main = Screen(id: "main", controls: [
            Label(id: "title", frame: Rect(16, 10, 300, 30), text: "Main"),
            CircularSlider(id: "dial", frame: Rect(260, 60, 120, 120), angle: 135),
        ])
        let second = Screen(id: "second", controls: [Label(id: "t2", frame: Rect(16, 10, 300, 30), text: "Second")])
        let scene = Scene(designSize: size, screens: [main, second])
        scene.register(Panel(id: "filters", style: PanelStyle(edge: .bottom, extent: 0.5), controls: [
            RangeSlider(id: "size", frame: Rect(16, 60, 300, 28), minimum: 0, maximum: 10, lower: 2, upper: 6),
        ]))
        scene.register(PopupDialog(id: "hello", style: PopupGoldenTests.template,
                                   content: PopupContent(title: "Hello", text: "Text", buttons: [.init(id: "ok", title: "Okay")]),
                                   theme: .standard))
        return scene
    }

    /// Steps and renders (every step) for `milliseconds`, from `time` on.
    static func run(_ scene: Scene, _ renderer: SceneRenderer, for milliseconds: Int, from time: inout Instant) {
        for _ in 0..<(milliseconds / 10) {
            time += step
            scene.step(step, at: time)
            renderer.render(scene)
        }
    }

    static func renderer() throws -> SceneRenderer {
        try SceneRenderer(designSize: size, panelWidth: Int(size.width), panelHeight: Int(size.height), rotation: .none)
    }

    @Test("the screen's layer exists while a popup is over it and is released once the popup has gone")
    func popup() throws {
        let scene = Self.scene()
        let renderer = try Self.renderer()
        var now = Instant.zero
        renderer.render(scene)
        #expect(renderer.canvas.retainedLayerCount == 0)
        #expect(scene.showOverlay("hello"))
        Self.run(scene, renderer, for: 300, from: &now)
        #expect(renderer.canvas.retainedLayerCount == 1)
        scene.overlay(withID: "hello")?.dismiss()
        Self.run(scene, renderer, for: 600, from: &now)
        #expect(scene.overlays.isEmpty)
        #expect(renderer.canvas.retainedLayerCount == 0)
    }

    @Test("a popup over a panel keeps two layers, the screen's and the panel's, and none is left when both have gone")
    func popupOverPanel() throws {
        let scene = Self.scene()
        let renderer = try Self.renderer()
        var now = Instant.zero
        renderer.render(scene)
        #expect(scene.showOverlay("filters"))
        Self.run(scene, renderer, for: 400, from: &now)
        #expect(scene.showOverlay("hello"))
        Self.run(scene, renderer, for: 300, from: &now)
        #expect(scene.overlays.count == 2)
        #expect(renderer.canvas.retainedLayerCount == 2)
        for overlay in scene.overlays { overlay.dismiss() }
        Self.run(scene, renderer, for: 800, from: &now)
        #expect(scene.overlays.isEmpty)
        #expect(renderer.canvas.retainedLayerCount == 0)
    }

    @Test("a transition keeps the two screens' layers and releases both when it ends")
    func transition() throws {
        let scene = Self.scene()
        let renderer = try Self.renderer()
        var now = Instant.zero
        renderer.render(scene)
        scene.showScreen("second", transition: .slideUp, duration: .milliseconds(300))
        Self.run(scene, renderer, for: 100, from: &now)
        #expect(renderer.canvas.retainedLayerCount == 2)
        Self.run(scene, renderer, for: 400, from: &now)
        #expect(scene.transition == nil)
        #expect(renderer.canvas.retainedLayerCount == 0)
    }

    @Test("after a layer was released, the next popup over the screen shows the same pixels as a full repaint")
    func reopenedPopupMatchesFullRepaint() throws {
        let scene = Self.scene()
        let renderer = try Self.renderer()
        var now = Instant.zero
        renderer.render(scene)
        for _ in 0..<2 {
            #expect(scene.showOverlay("hello"))
            Self.run(scene, renderer, for: 300, from: &now)
            scene.overlay(withID: "hello")?.dismiss()
            Self.run(scene, renderer, for: 600, from: &now)
        }
        #expect(scene.showOverlay("hello"))
        Self.run(scene, renderer, for: 300, from: &now)
        let full = try Self.renderer()
        scene.invalidateAll()
        full.render(scene)
        let result = ImageComparison(tolerance: 1).compare(renderer.frame, to: full.frame)
        #expect(result.differingPixels == 0, "\(result)")
    }

    @Test("a layer's canvas draws with the text, shadow and gradient caches of the canvas it is composited into")
    func layerCanvasSharesCaches() throws {
        let parent = try CairoCanvas(buffer: PixelBuffer(width: 64, height: 64))
        let layer = try CairoCanvas(buffer: PixelBuffer(width: 64, height: 64), transform: .identity, sharingCachesWith: parent)
        #expect(layer.text === parent.text)
        #expect(layer.shadowSprites === parent.shadowSprites)
        #expect(layer.gradientRasters === parent.gradientRasters)
    }

    @Test("a layer's canvas draws from the image cache of the canvas it is composited into")
    func layerCanvasSharesImages() throws {
        let parent = try CairoCanvas(buffer: PixelBuffer(width: 64, height: 64))
        let layer = try CairoCanvas(buffer: PixelBuffer(width: 64, height: 64), transform: .identity, sharingCachesWith: parent)
        #expect(layer.sprites === parent.sprites)
    }

    @Test("turning a dial all the way round keeps its images within the byte budget, and no gradient raster")
    func dialImagesBounded() throws {
        let scene = Self.scene()
        let renderer = try Self.renderer()
        renderer.render(scene)
        let dial = try #require(scene.control(withID: "dial") as? CircularSlider)
        for angle in stride(from: 1, through: 359, by: 1) {
            dial.setAngle(angle)
            renderer.render(scene)
        }
        // The glow is one image per glow level (every 20°), made from the gradient in a canvas
        // of its own; the display keeps the images, bounded, and no raster.
        #expect(renderer.canvas.sprites.bytes <= renderer.canvas.sprites.maximumBytes)
        #expect(renderer.canvas.gradientRasters.count == 0)
    }

    @Test("a dial stepping to and fro between two angles makes no new image")
    func dialSteppingToAndFroHits() throws {
        let scene = Self.scene()
        let renderer = try SceneRenderer(designSize: Self.size, panelWidth: 1920, panelHeight: 1080, rotation: .none)
        renderer.render(scene)
        let dial = try #require(scene.control(withID: "dial") as? CircularSlider)
        for angle in [91, 90] {
            dial.setAngle(angle)
            renderer.render(scene)
        }
        let made = renderer.canvas.sprites.misses
        for step in 0..<10 {
            dial.setAngle(step % 2 == 0 ? 91 : 90)
            renderer.render(scene)
        }
        #expect(renderer.canvas.sprites.misses == made)
    }

    /// A control in a panel that counts how often it is drawn.
    final class CountingControl: Control {
        var draws = 0
        override func draw(_ canvas: Canvas, in dirty: Rect) {
            draws += 1
            canvas.fill(.rect(frame), .solid(.white))
        }
    }

    @Test("a sliding panel is copied from its layer: its controls are drawn once, not every frame")
    func slidingPanelIsCopied() throws {
        let counter = CountingControl(id: "counter", frame: Rect(16, 16, 40, 20), theme: .standard)
        let scene = Self.scene()
        let panel = Panel(id: "counted", style: PanelStyle(edge: .bottom, extent: 0.5), controls: [counter])
        scene.register(panel)
        let renderer = try Self.renderer()
        var now = Instant.zero
        renderer.render(scene)
        #expect(scene.showOverlay("counted"))
        Self.run(scene, renderer, for: 400, from: &now)
        #expect(counter.draws == 1)
        #expect(renderer.canvas.retainedLayerCount == 2)
        // Its body is copied, not blended: the layer knows which part is opaque.
        let opaque = try #require(panel.opaqueRect)
        #expect(panel.layer.opaqueBounds == opaque.offsetBy(panel.currentFrame.origin * -1))
    }

    @Test("a control that changes in a shown panel is repainted in the panel's layer")
    func panelControlChange() throws {
        let scene = Self.scene()
        let renderer = try Self.renderer()
        var now = Instant.zero
        renderer.render(scene)
        #expect(scene.showOverlay("filters"))
        Self.run(scene, renderer, for: 400, from: &now)
        let slider = try #require(scene.control(withID: "size") as? RangeSlider)
        for v in [3.0, 4.5, 5.5] {
            slider.setUpperValue(v)
            renderer.render(scene)
        }
        let full = try Self.renderer()
        scene.invalidateAll()
        full.render(scene)
        let result = ImageComparison(tolerance: 2).compare(renderer.frame, to: full.frame)
        #expect(result.differingPixels == 0, "\(result)")
    }
}
