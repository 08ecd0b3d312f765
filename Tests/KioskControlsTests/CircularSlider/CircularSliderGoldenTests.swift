import KioskControls
import KioskCore
import KioskGestures
import KioskRender
import KioskTestSupport
import KioskUI
import SwiftKioskTesting
import Testing

/// The circular slider drawn by the real renderer: as an angle and as a gauge over a range.
@Suite("Circular slider goldens")
struct CircularSliderGoldenTests {
    @Test("circular slider at 0°, 90° and 300°", arguments: [0, 90, 300])
    func circularSlider(angle: Int) throws {
        let dial = CircularSlider(id: "angle", frame: Rect(0, 0, 240, 240), angle: angle)
        expectMatchesGolden(try renderControls([dial], size: Size(240, 240)), named: "circular-slider-\(angle)")
    }

    @Test("a 270° gauge with a unit and a quantity dial from 1 to 10")
    func gauges() throws {
        let heat = CircularSlider(id: "heat", frame: Rect(10, 10, 220, 220),
                                  range: DialRange(minimum: 5, maximum: 30, step: 0.5, startAngle: 225, endAngle: -45), value: 21.5)
        heat.valueFormat = NumberStyle(decimals: 1, unit: " °C")
        let qty = CircularSlider(id: "qty", frame: Rect(240, 40, 160, 160),
                                 range: DialRange(minimum: 1, maximum: 10, step: 1, startAngle: 225, endAngle: -45), value: 2)
        qty.valueFormat = NumberStyle(decimals: 0)
        let scene = Scene(designSize: Size(420, 240), screens: [Screen(id: "s", controls: [heat, qty])])
        let renderer = try SceneRenderer(designSize: Size(420, 240), panelWidth: 420, panelHeight: 240, rotation: .none)
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: "dial-gauges")
    }
}
