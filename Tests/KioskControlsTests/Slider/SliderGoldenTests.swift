import KioskControls
import SwiftKioskTesting
import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// One-value sliders drawn by the real renderer: their looks in golden images, and a drag's
/// and a gauge's turn's frames, each repainting only what moved, equal to a full repaint.
@Suite("Slider and range dial goldens")
struct SliderGoldenTests {
    /// Horizontal (plain, with a label, read-only, disabled) and vertical (with a label, plain)
    /// sliders on a 360x240 screen.
    func sliders() -> Scene {
        let labelled = Slider(id: "dim", frame: Rect(20, 60, 240, 30), minimum: 0, maximum: 100, step: 5, value: 60)
        labelled.valueFormat = NumberStyle(decimals: 0, unit: " %")
        let locked = Slider(id: "valve", frame: Rect(20, 110, 240, 30), value: 45)
        locked.valueFormat = NumberStyle(decimals: 0, unit: " %")
        locked.isReadOnly = true
        locked.highlightColor = Color(hex: "#F0A000")
        let disabled = Slider(id: "off", frame: Rect(20, 160, 240, 30), value: 70)
        disabled.isEnabled = false
        let fader = Slider(id: "fader", frame: Rect(280, 10, 30, 220), value: 40)
        fader.valueFormat = NumberStyle(decimals: 0)
        return Scene(designSize: Size(360, 240), screens: [Screen(id: "s", controls: [
            Slider(id: "plain", frame: Rect(20, 10, 240, 30), value: 30), labelled, locked, disabled, fader,
            Slider(id: "bare", frame: Rect(320, 10, 30, 220), value: 75),
        ])])
    }

    @Test("horizontal, labelled, read-only, disabled and vertical sliders, upright and turned", arguments: [0, 90])
    func looks(degrees: Int) throws {
        let rotation = DisplayRotation(degrees: degrees)!
        let renderer = try SceneRenderer(designSize: Size(360, 240), panelWidth: rotation.swapsAxes ? 240 : 360,
                                         panelHeight: rotation.swapsAxes ? 360 : 240, rotation: rotation)
        renderer.render(sliders())
        expectMatchesGolden(renderer.frame, named: degrees == 0 ? "sliders" : "sliders-rotated-90")
    }

    @Test("every step of a slider drag and of a gauge turn repaints only what moved and equals a full repaint")
    func stepsMatchAFullRepaint() throws {
        let slider = Slider(id: "dim", frame: Rect(40, 60, 500, 40), value: 10)
        slider.valueFormat = NumberStyle(decimals: 0, unit: " %")
        let gauge = CircularSlider(id: "heat", frame: Rect(560, 40, 220, 220),
                                   range: DialRange(minimum: 0, maximum: 100, startAngle: 225, endAngle: -45), value: 10)
        gauge.valueFormat = NumberStyle(decimals: 1, unit: " °C")
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [slider, gauge])])
        let incremental = try SceneRenderer(designSize: Size(800, 480), panelWidth: 800, panelHeight: 480, rotation: .none)
        incremental.render(scene)
        for frame in 0..<40 {
            slider.setValue(10 + Double(frame) * 2.1)
            gauge.setValue(10 + Double(frame) * 2.1)
            let damage = scene.takeDamage()
            #expect(damage.area < slider.paintBounds.area * 0.6 + gauge.paintBounds.area * 1.05, "frame \(frame): \(damage)")
            for rect in damage.rects { scene.invalidate(rect) }
            incremental.render(scene)
            guard frame % 6 == 0 else { continue }
            let result = try incremental.comparedWithFullRepaint(of: scene)
            #expect(result.differingPixels == 0, "frame \(frame): \(result)")
        }
    }
}
