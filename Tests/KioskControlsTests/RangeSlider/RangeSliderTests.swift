import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI

/// A 430x30 slider at (40, 100) over 0…100: knob width 30, usable length 400, so one value
/// unit is exactly 4 px and the knob centre for value v is at x = 55 + 4v.
private func makeSlider(lower: Double = 20, upper: Double = 80) -> RangeSlider {
    RangeSlider(id: "price", frame: Rect(40, 100, 430, 30), minimum: 0, maximum: 100, lower: lower, upper: upper)
}

@Suite("Range slider")
struct RangeSliderTests {
    @Test("knob width is the control height and positions follow CERangeSlider's formula")
    func geometry() {
        let s = makeSlider()
        #expect(s.knobWidth == 30)
        #expect(s.usableTrackLength == 400)
        #expect(s.position(of: 0) == 55)
        #expect(s.position(of: 100) == 455)
        #expect(s.position(of: 20) == 135)
        #expect(s.knobRect(.upper) == Rect(360, 100, 30, 30))
    }

    @Test("values set out of range are clamped, never trusted")
    func clamping() {
        let s = makeSlider()
        s.setLowerValue(-5)
        #expect(s.lowerValue == 0)
        s.setUpperValue(500)
        #expect(s.upperValue == 100)
        s.setLowerValue(150)
        #expect(s.lowerValue == 100)   // stops at upper
        s.setUpperValue(.nan)
        #expect(s.upperValue == 100)
        let t = RangeSlider(id: "t", frame: Rect(0, 0, 100, 20), minimum: 10, maximum: 5, lower: 9, upper: 1)
        #expect(t.minimumValue == 10 && t.maximumValue == 10)
        #expect(t.lowerValue == 10 && t.upperValue == 10)
    }

    @Test("changing the range re-clamps the values")
    func changingRange() {
        let s = makeSlider()
        s.setRange(minimum: 30, maximum: 60)
        #expect(s.lowerValue == 30 && s.upperValue == 60)
    }

    @Test("dragging the lower knob changes its value by Δx × (max − min) / usable")
    func dragLower() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.drag(from: Point(135, 115), to: Point(175, 115))
        #expect(s.lowerValue == 30)
        #expect(s.upperValue == 80)
        #expect(h.events(from: "price", .valueCommitted).count == 1)
        #expect(h.events(from: "price", .valueChanged).last?.value.first?.value == .number(30))
    }

    @Test("a finger that rests on a knob past the long-press time and then drags still moves it")
    func restThenDrag() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.down(135, 115)
        h.move(136, 115, after: 600)   // still within the slop: the long press fires first
        for i in 1...4 { h.move(135 + Double(i) * 10, 115) }
        h.up()
        #expect(s.lowerValue == 30)
        #expect(h.events(from: "price", .valueChanged).last?.value.first?.value == .number(30))
        #expect(h.events(from: "price", .valueCommitted).count == 1)
    }

    @Test("dragging the lower knob past the upper knob stops at the upper value")
    func lowerStopsAtUpper() {
        let s = makeSlider()
        SceneHarness([s]).drag(from: Point(135, 115), to: Point(460, 115))
        #expect(s.lowerValue == 80)
        #expect(s.upperValue == 80)
    }

    @Test("dragging the upper knob past the lower knob stops at the lower value")
    func upperStopsAtLower() {
        let s = makeSlider()
        SceneHarness([s]).drag(from: Point(375, 115), to: Point(20, 115))
        #expect(s.upperValue == 20)
        #expect(s.lowerValue == 20)
    }

    @Test("tracking continues when the finger leaves the control and comes back")
    func trackingOutsideBounds() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.down(375, 115)
        h.move(395, 300)      // far below the control: still tracking, +20 px
        #expect(s.upperValue == 85)
        h.move(355, 300)      // back left, still outside
        #expect(s.upperValue == 75)
        h.move(375, 115)      // and back onto the control
        #expect(s.upperValue == 80)
        h.up()
        #expect(h.events(from: "price", .valueCommitted).count == 1)
    }

    @Test("a touch between the knobs picks the nearer knob and does not jump the range")
    func nearerKnob() {
        let s = makeSlider(lower: 45, upper: 50)   // centres at 235 and 255; targets overlap
        let h = SceneHarness([s])
        h.down(241, 115)
        #expect(s.highlightedKnob == .lower)
        #expect(s.lowerValue == 45 && s.upperValue == 50)
        h.move(221, 115)
        #expect(s.lowerValue == 40)
        h.up()
        h.down(250, 115)
        #expect(s.highlightedKnob == .upper)
        h.up()
        #expect(s.lowerValue == 40 && s.upperValue == 50)
    }

    @Test("a knob accepts touches outside what it draws, within the minimum touch size")
    func fatFingers() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.down(135, 135)         // 5 px below the 30 px tall control
        #expect(s.highlightedKnob == .lower)
        h.up()
    }

    @Test("a touch on the track far from both knobs is ignored")
    func trackTouchIgnored() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.down(255, 115)
        #expect(s.highlightedKnob == nil)
        h.move(300, 115)
        h.up()
        #expect(s.lowerValue == 20 && s.upperValue == 80)
        #expect(h.events.isEmpty)
    }

    @Test("stacked knobs are pulled apart in the direction of the first move")
    func stackedKnobs() {
        let s = makeSlider(lower: 50, upper: 50)
        let h = SceneHarness([s])
        h.down(255, 115)
        h.move(215, 115)
        #expect(s.lowerValue == 40 && s.upperValue == 50)
        h.up()
        h.down(215, 115)   // lower is at 215 now: grabs lower
        h.up()
        let t = makeSlider(lower: 50, upper: 50)
        let h2 = SceneHarness([t])
        h2.down(255, 115)
        h2.move(295, 115)
        #expect(t.lowerValue == 50 && t.upperValue == 60)
    }

    @Test("valueChanged is reported while dragging and valueCommitted once at the end")
    func eventsWhileDragging() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.drag(from: Point(375, 115), to: Point(327, 115), steps: 4)   // 12 px a move: every move is past the slop
        let changed = h.events(from: "price", .valueChanged)
        #expect(changed.count == 4)
        #expect(h.events.last?.kind == .valueCommitted)
        #expect(h.events.last?.value.map(\.name) == ["lower", "upper"])
    }

    @Test("a tap on a knob without moving commits nothing")
    func tapCommitsNothing() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.down(135, 115)
        h.up()
        #expect(h.events.isEmpty)
    }

    @Test("moving a knob damages only the span it travelled, not the whole slider")
    func damageIsTheTravel() {
        let s = makeSlider()
        let h = SceneHarness([s])
        s.setUpperValue(81)
        let damage = h.scene.takeDamage()
        #expect(damage.bounds.minX >= 360 - 3 - 1)
        #expect(damage.bounds.maxX <= 394 + 3 + 1)
        #expect(damage.bounds.minY == 97 && damage.bounds.maxY == 133)
    }

    @Test("the held knob is drawn darker and on top")
    func highlightDrawing() {
        let s = makeSlider()
        let h = SceneHarness([s])
        h.down(135, 115)
        let canvas = RecordingCanvas()
        s.draw(canvas, in: s.paintBounds)
        let dark = canvas.calls.filter { $0 == .fill(.roundedRect(s.knobRect(.lower).insetBy(2), radius: 13),
                                                       .solid(Color.black.withAlpha(0.1))) }
        #expect(dark.count == 1)
        #expect(canvas.calls.last == dark.first)
    }
}
