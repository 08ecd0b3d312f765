import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI

/// A bottom panel over an 800x480 scene covers y 240…480 when open.
@Suite("Panel")
struct PanelTests {
    func makePanel(edge: PanelEdge = .bottom, controls: [Control] = []) -> Panel {
        Panel(id: "filters", style: PanelStyle(edge: edge, extent: 0.5), controls: controls)
    }

    @Test("showing slides the panel in over 0.3 s and reports panelShown once, at the end")
    func showing() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 150)
        #expect(panel.presentation > 0.5 && panel.presentation < 1)
        #expect(h.events.isEmpty)
        h.run(until: 310)
        #expect(panel.presentation == 1)
        #expect(panel.currentFrame == Rect(0, 240, 800, 240))
        #expect(h.kinds(from: "filters") == [.panelShown])
        h.run(until: 600)
        #expect(h.kinds(from: "filters") == [.panelShown])
        #expect(!h.scene.isAnimating)
    }

    @Test("the dim is black at 30 % times the presentation")
    func dim() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 400)
        #expect(panel.backdrop == Color.black.withAlpha(0.3))
        // The scene paints it, not the panel: the panel's own drawing starts with its shape.
        let canvas = RecordingCanvas()
        panel.draw(canvas, in: Rect(0, 0, 800, 480))
        #expect(canvas.calls.contains(.fill(.rect(Rect(0, 0, 800, 480)), .solid(Color.black.withAlpha(0.3)))) == false)
    }

    @Test("a tap on the dim dismisses the panel and it leaves the scene")
    func tapOnDim() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.tap(400, 100, at: 400)
        h.run(until: 800)
        #expect(panel.presentation == 0)
        #expect(h.kinds(from: "filters") == [.panelShown, .panelDismissed])
        #expect(h.events.last?.value.isEmpty == true)
        #expect(h.scene.overlays.isEmpty)
    }

    @Test("dismissing while it comes in turns round from where it is, without a jump")
    func interruptedPresentation() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        var samples: [Double] = []
        h.onStep = { _ in samples.append(panel.presentation) }
        h.scene.showOverlay("filters")
        h.run(until: 100)
        let turnedAt = panel.presentation
        panel.dismiss()
        h.run(until: 500)
        // ease-out starts at slope 1/0.58 ≈ 1.72 per duration: at most ~0.05 per 8.3 ms step.
        let jumps = zip(samples, samples.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.max()! < 0.06)
        #expect(samples.contains(turnedAt))
        #expect(panel.presentation == 0)
        // The way back took about as long as the way in had run (100 ms), not 300 ms.
        let backAt = samples.firstIndex(of: 0)!
        #expect(backAt < 26)
        #expect(h.kinds(from: "filters") == [.panelDismissed])
    }

    @Test("showing again while it leaves turns round and ends shown")
    func interruptedDismissal() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 400)
        panel.dismiss()
        h.run(until: 450)
        let before = panel.presentation
        h.scene.showOverlay("filters")
        h.run(until: 459)
        #expect(abs(panel.presentation - before) < 0.06)
        h.run(until: 900)
        #expect(panel.presentation == 1)
        #expect(h.kinds(from: "filters") == [.panelShown])
    }

    @Test("a fast swipe towards the edge dismisses it, reported as interactive")
    func fastSwipe() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.drag(from: Point(400, 300), to: Point(400, 360), at: 400, steps: 3, every: 10)   // 60 px in 30 ms
        h.run(until: 900)
        #expect(panel.presentation == 0)
        #expect(h.events.last?.kind == .panelDismissed)
        #expect(h.events.last?.value.first?.name == "interactive")
        #expect(h.events.last?.value.first?.value == .bool(true))
    }

    @Test("a slow drag past half its extent dismisses it")
    func slowDragPastHalf() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.drag(from: Point(400, 300), to: Point(400, 440), at: 400, steps: 20, every: 40)
        h.run(until: 2000)
        #expect(panel.presentation == 0)
        #expect(h.kinds(from: "filters") == [.panelShown, .panelDismissed])
    }

    @Test("a slow short drag springs back to fully shown")
    func springsBack() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.drag(from: Point(400, 300), to: Point(400, 360), at: 400, steps: 10, every: 40)
        #expect(panel.presentation < 0.9)
        h.run(until: 2000)
        #expect(panel.presentation == 1)
        #expect(h.kinds(from: "filters") == [.panelShown])
    }

    @Test("the panel follows the finger from where it is, without jumping by the touch slop")
    func followsFinger() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.touch(.down, 400, 300, at: 400)
        h.touch(.move, 400, 312, at: 416)   // past the 10 px slop: starts the drag here
        #expect(panel.presentation == 1)
        h.touch(.move, 400, 372, at: 432)   // 60 px further: a quarter of 240
        #expect(abs(panel.presentation - 0.75) < 1e-9)
        h.touch(.up, at: 600)
    }

    @Test("a pan away from the edge moves it a little at most")
    func rubberBand() {
        let panel = makePanel()
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.touch(.down, 400, 400, at: 400)
        h.touch(.move, 400, 380, at: 416)
        h.touch(.move, 400, 100, at: 432)
        #expect(panel.presentation > 1 && panel.presentation <= 1.04)
        h.touch(.up, at: 600)
        h.run(until: 1500)
        #expect(panel.presentation == 1)
    }

    @Test("a mostly sideways drag on a slider knob inside the panel moves the knob, not the panel")
    func controlInsidePanel() {
        let slider = RangeSlider(id: "size", frame: Rect(40, 40, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let panel = makePanel(controls: [slider])
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 400)
        // The lower knob's centre is at (135, 55) in the panel, (135, 295) on screen.
        h.drag(from: Point(135, 295), to: Point(175, 330), at: 400, steps: 4)
        #expect(slider.lowerValue == 30)
        #expect(panel.presentation == 1)
        #expect(h.kinds(from: "size") == [.valueChanged, .valueChanged, .valueChanged, .valueChanged, .valueCommitted])
    }

    @Test("a drag down that starts on a slider or a button in a bottom panel pulls the panel; the button does not fire",
          arguments: ["slider", "button"])
    func panelTakesDragAlongItsAxis(from start: String) {
        let slider = RangeSlider(id: "size", frame: Rect(40, 40, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let button = Button(id: "apply", frame: Rect(40, 120, 200, 60), title: "Apply")
        let panel = makePanel(controls: [slider, button])
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 400)
        let from = start == "slider" ? Point(135, 295) : Point(140, 390)
        h.touch(.down, from.x, from.y, at: 400)
        h.touch(.move, from.x + 2, from.y + 20, at: 416)
        h.touch(.move, from.x + 4, from.y + 80, at: 432)
        #expect(panel.presentation < 1)
        h.touch(.up, at: 600)
        #expect(slider.lowerValue == 20)
        #expect(h.kinds(from: "size").isEmpty && h.kinds(from: "apply").isEmpty)
        #expect(button.pressedAmount < 1)
    }

    @Test("a control in a panel never shown sends its events and repaints nothing on screen when set from outside")
    func controlInPanelNeverShown() throws {
        let slider = RangeSlider(id: "size", frame: Rect(40, 40, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let panel = makePanel(controls: [slider])
        let h = SceneHarness(overlays: [panel])
        try slider.setValue([("lower", 50)])
        h.run(until: 20)
        #expect(h.kinds(from: "size") == [.valueChanged, .valueCommitted])
        #expect(h.events.first?.value.first?.value == 50)
        // Out of sight: its damage goes to the panel's layer, not to the screen.
        #expect(!h.scene.needsRedraw)
        h.scene.showOverlay("filters")
        h.run(until: 400)
        #expect(slider.lowerValue == 50)
    }

    @Test("controls under the dim receive no touches")
    func underTheDim() {
        let button = Button(id: "under", frame: Rect(40, 40, 160, 48), title: "Under")
        let panel = makePanel()
        let h = SceneHarness(screen: [button], overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 400)
        h.tap(100, 60, at: 400)
        #expect(h.kinds(from: "under").isEmpty)
        #expect(button.pressedAmount == 0)
    }

    @Test("panels slide in from every edge", arguments: PanelEdge.allCases)
    func edges(edge: PanelEdge) {
        let panel = makePanel(edge: edge)
        let h = SceneHarness(overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 1)
        let start = panel.currentFrame
        #expect(!start.intersects(Rect(0, 0, 800, 480)) || start.intersection(Rect(0, 0, 800, 480)).area < 0.01 * start.area)
        h.run(until: 400)
        let expected: Rect = switch edge {
        case .bottom: Rect(0, 240, 800, 240)
        case .top: Rect(0, 0, 800, 240)
        case .left: Rect(0, 0, 400, 480)
        case .right: Rect(400, 0, 400, 480)
        }
        #expect(panel.currentFrame == expected)
    }
}
