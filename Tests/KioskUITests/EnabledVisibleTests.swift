import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// `enabled` and `visible`: a disabled control takes no touch, a hidden one is neither drawn
/// nor touched, and either change under a finger ends that finger's gesture cleanly.
@Suite("Enabled and visible")
struct EnabledVisibleTests {
    func slider() -> RangeSlider {
        RangeSlider(id: "price", frame: Rect(40, 200, 420, 40), minimum: 0, maximum: 100, lower: 20, upper: 80)
    }

    @Test("a tap on a disabled button sends nothing and does not light it; enabled again, it taps")
    func disabledButton() {
        let button = Button(id: "pay", frame: Rect(40, 40, 200, 60), title: "Pay", action: .showPopup("x"))
        let ui = SceneHarness([button])
        button.isEnabled = false
        ui.tap(Point(140, 70))
        #expect(ui.events.isEmpty)
        #expect(button.pressedAmount == 0)
        button.isEnabled = true
        ui.tap(Point(140, 70))
        #expect(ui.events(from: "pay", .tapped).count == 1)
    }

    @Test("a tap on a label lying over a button presses the button: words take no touch")
    func labelOverButton() {
        let card = Button(id: "card", frame: Rect(0, 0, 200, 100), title: "")
        let name = Label(id: "name", frame: Rect(0, 0, 200, 40), text: "Cappuccino")
        let ui = SceneHarness([card, name])
        ui.tap(Point(100, 20))
        #expect(ui.events(from: "card", .tapped).count == 1)
        #expect(Screen.control(at: Point(100, 20), among: [name]) == nil)
    }

    @Test("a finger on a disabled control does not reach the control under it")
    func disabledSwallowsTouch() {
        let below = Button(id: "below", frame: Rect(40, 40, 200, 60), title: "Below")
        let above = Button(id: "above", frame: Rect(40, 40, 200, 60), title: "Above")
        let ui = SceneHarness([below, above])
        above.isEnabled = false
        ui.tap(Point(140, 70))
        #expect(ui.events.isEmpty)
    }

    @Test("disabling a slider under a dragging finger ends the drag with its valueCommitted; the finger's later moves do nothing")
    func disabledMidDrag() {
        let slider = slider()
        let ui = SceneHarness([slider])
        let knob = slider.frame.minX + slider.frame.width * 0.2
        ui.down(knob, 220)
        ui.move(knob + 40, 220)
        ui.move(knob + 80, 220)
        slider.isEnabled = false
        let moved = slider.lowerValue
        #expect(moved > 20)
        ui.move(knob + 160, 220)
        ui.up()
        #expect(slider.lowerValue == moved)
        #expect(ui.events(from: "price", .valueCommitted).count == 1)
    }

    @Test("a hidden control is not touched and its area is repainted when it hides")
    func hidden() {
        let button = Button(id: "pay", frame: Rect(40, 40, 200, 60), title: "Pay")
        let ui = SceneHarness([button])
        button.isHidden = true
        #expect(ui.scene.takeDamage().bounds == button.paintBounds.integral)
        ui.tap(Point(140, 70))
        #expect(ui.events.isEmpty)
    }
}
