import KioskControls
import KioskTestSupport
import SwiftKioskTesting
import Foundation
import Testing
import KioskCore
import KioskGestures
import KioskUI
import KioskConfig
@testable import KioskRender

/// Every control in its states, drawn by the real renderer, compared with a golden image.
/// Re-record on purpose with KIOSK_RECORD_GOLDENS=1 and look at the result before committing.
@Suite("Control goldens")
struct ControlGoldenTests {
    /// Renders `controls` on a plain screen of `size` and returns the frame.
    func render(_ controls: [Control], size: Size, rotation: DisplayRotation = .none,
                touches: [GestureEvent] = []) throws -> PixelBuffer {
        let scene = Scene(designSize: size, screens: [Screen(id: "s", controls: controls)])
        scene.handle(touches)
        let panel = rotation.swapsAxes ? Size(size.height, size.width) : size
        let renderer = try SceneRenderer(designSize: size, panelWidth: Int(panel.width), panelHeight: Int(panel.height),
                                         rotation: rotation)
        renderer.render(scene)
        return renderer.frame
    }

    func slider(lower: Double = 20, upper: Double = 80) -> RangeSlider {
        RangeSlider(id: "price", frame: Rect(20, 25, 280, 30), minimum: 0, maximum: 100, lower: lower, upper: upper)
    }

    @Test("range slider at rest")
    func rangeSliderAtRest() throws {
        expectMatchesGolden(try render([slider()], size: Size(320, 80)), named: "range-slider")
    }

    @Test("range slider with the lower knob held is darker there")
    func rangeSliderHeld() throws {
        let s = slider()
        let frame = try render([s], size: Size(320, 80),
                               touches: [.pressed(slot: 0, location: Point(s.position(of: 20), 40), time: .zero)])
        #expect(s.highlightedKnob == .lower)
        expectMatchesGolden(frame, named: "range-slider-held")
    }

    @Test("range slider with both knobs on one value")
    func rangeSliderStacked() throws {
        expectMatchesGolden(try render([slider(lower: 50, upper: 50)], size: Size(320, 80)), named: "range-slider-stacked")
    }

    @Test("range slider with square corners and its own colours")
    func rangeSliderStyled() throws {
        let s = slider(lower: 10, upper: 60)
        s.curvaceousness = 0
        s.trackColor = Color(hex: "#404850")
        s.highlightColor = Color(hex: "#F0A000")
        s.knobColor = Color(hex: "#E0F0FF")
        expectMatchesGolden(try render([s], size: Size(320, 80)), named: "range-slider-styled")
    }

    @Test("circular slider at 0°, 90° and 300°", arguments: [0, 90, 300])
    func circularSlider(angle: Int) throws {
        let dial = CircularSlider(id: "angle", frame: Rect(0, 0, 240, 240), angle: angle)
        expectMatchesGolden(try render([dial], size: Size(240, 240)), named: "circular-slider-\(angle)")
    }

    @Test("button at rest and pressed")
    func button() throws {
        let rest = Button(id: "a", frame: Rect(10, 10, 160, 48), title: "Hello")
        let pressed = Button(id: "b", frame: Rect(190, 10, 160, 48), title: "नमस्ते")
        let frame = try render([rest, pressed], size: Size(360, 68),
                               touches: [.pressed(slot: 0, location: Point(250, 30), time: .zero)])
        #expect(pressed.pressedAmount == 1)
        expectMatchesGolden(frame, named: "buttons")
    }

    @Test("labels: Devanagari and Latin, three alignments")
    func labels() throws {
        let labels = [
            Label(id: "a", frame: Rect(10, 5, 300, 36), text: "नमस्ते — हिन्दी", font: "sans-serif 22"),
            Label(id: "b", frame: Rect(10, 45, 300, 30), text: "centre", alignment: .center),
            Label(id: "c", frame: Rect(10, 80, 300, 30), text: "trailing", color: Color(hex: "#F0A000"), alignment: .trailing),
        ]
        expectMatchesGolden(try render(labels, size: Size(320, 115)), named: "labels")
    }

    @Test("the demo screen at rotation 0 and 90", arguments: [0, 90])
    func demoScreen(degrees: Int) throws {
        let config = try TestFiles.loadConfig("config/demo.json")
        let scene = SceneBuilder.build(config)
        let rotation = DisplayRotation(degrees: degrees)!
        let design = config.display.layoutSize
        let panel = rotation.swapsAxes ? Size(design.height, design.width) : design
        let renderer = try SceneRenderer(designSize: design, panelWidth: Int(panel.width), panelHeight: Int(panel.height),
                                         rotation: rotation)
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: "demo-rotation-\(degrees)")
    }
}
