import KioskControls
import KioskCore
import KioskGestures
@testable import KioskRender
import KioskTestSupport
import KioskUI
import SwiftKioskTesting
import Testing

/// The range slider drawn by the real renderer in its states, against its goldens.
/// Re-record on purpose with KIOSK_RECORD_GOLDENS=1 and look at the result before committing.
@Suite("Range slider goldens")
struct RangeSliderGoldenTests {
    func slider(lower: Double = 20, upper: Double = 80) -> RangeSlider {
        RangeSlider(id: "price", frame: Rect(20, 25, 280, 30), minimum: 0, maximum: 100, lower: lower, upper: upper)
    }

    @Test("range slider at rest")
    func rangeSliderAtRest() throws {
        expectMatchesGolden(try renderControls([slider()], size: Size(320, 80)), named: "range-slider")
    }
    @Test("range slider with the lower knob held is darker there")
    func rangeSliderHeld() throws {
        let s = slider()
        let frame = try renderControls([s], size: Size(320, 80),
                                       touches: [.pressed(slot: 0, location: Point(s.position(of: 20), 40), time: .zero)])
        #expect(s.highlightedKnob == .lower)
        expectMatchesGolden(frame, named: "range-slider-held")
    }
    @Test("range slider with both knobs on one value")
    func rangeSliderStacked() throws {
        expectMatchesGolden(try renderControls([slider(lower: 50, upper: 50)], size: Size(320, 80)), named: "range-slider-stacked")
    }
    @Test("range slider with square corners and its own colours")
    func rangeSliderStyled() throws {
        let s = slider(lower: 10, upper: 60)
        s.curvaceousness = 0
        s.trackColor = Color(hex: "#404850")
        s.highlightColor = Color(hex: "#F0A000")
        s.knobColor = Color(hex: "#E0F0FF")
        expectMatchesGolden(try renderControls([s], size: Size(320, 80)), named: "range-slider-styled")
    }
}
