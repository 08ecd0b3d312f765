@testable import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskGestures
@testable import KioskUI

/// A scene in a right-to-left language: what reads in a direction is mirrored, and a finger does
/// the mirrored thing (touch follows the drawing); what the integrator placed, the dial, the
/// keypad and vertical sliders stay as they are.
@Suite("Right to left")
struct RightToLeftTests {
    static let arabic = DisplayLanguage(code: "ar")

    /// `controls` on a scene that shows Arabic.
    func arabicScene(_ controls: [Control], overlays: [Overlay] = []) -> SceneHarness {
        let ui = SceneHarness(screen: controls, overlays: overlays)
        ui.scene.language = Self.arabic
        _ = ui.scene.takeDamage()
        return ui
    }

    @Test("a display language derives its direction and numbers from its code; English is the default")
    func displayLanguage() {
        #expect(DisplayLanguage(code: "ar-EG").direction == .rightToLeft)
        #expect(DisplayLanguage(code: "de").numbers.decimalMark == ",")
        #expect(DisplayLanguage.standard == DisplayLanguage(code: "en"))
        #expect(DisplayLanguage.standard.direction == .leftToRight && DisplayLanguage.standard.numbers == .standard)
        #expect(Scene(designSize: Size(10, 10), screens: [Screen(id: "s")]).language == .standard)
        #expect(Label(id: "l", frame: Rect(0, 0, 10, 10), text: "").language == .standard, "a control on no host")
    }

    @Test("every host hands its controls the scene's language: screen, panel, popup and list row")
    func hostsForwardTheLanguage() {
        let onScreen = Label(id: "a", frame: Rect(0, 0, 100, 20), text: "")
        let inPanel = Label(id: "b", frame: Rect(0, 0, 100, 20), text: "")
        let inRow = Label(id: "c", frame: Rect(0, 0, 100, 20), text: "")
        let list = List(id: "list", frame: Rect(0, 100, 300, 200), rowHeight: 40, rows: [ListRow(index: 0, controls: [inRow])])
        let panel = Panel(id: "panel", style: PanelStyle(), controls: [inPanel])
        let dialog = popup("ask")
        let ui = arabicScene([onScreen, list], overlays: [panel, dialog])
        for control in [onScreen, inPanel, inRow] { #expect(control.layoutDirection == .rightToLeft, "\(control.id)") }
        #expect(dialog.language == Self.arabic)
        ui.scene.language = .standard
        for control in [onScreen, inPanel, inRow] { #expect(control.layoutDirection == .leftToRight, "\(control.id)") }
    }

    @Test("a language switch repaints everything in one frame and marks every retained layer stale")
    func switchRepaintsAll() {
        let label = Label(id: "a", frame: Rect(0, 0, 100, 20), text: "")
        let ui = SceneHarness([label])
        ui.scene.add(screen: Screen(id: "other"))
        for screen in ui.scene.screens { _ = screen.layer.takeStaleRegion() }
        _ = ui.scene.takeDamage()
        ui.scene.language = DisplayLanguage(code: "en-GB")   // same direction, same numbers: still a switch
        #expect(ui.scene.takeDamage().bounds == ui.scene.bounds)
        for screen in ui.scene.screens {
            _ = screen.layer.takeStaleRegion()
        }
        ui.scene.language = DisplayLanguage(code: "en-GB")
        #expect(ui.scene.takeDamage().isEmpty, "the same language again changes nothing")
        ui.scene.language = Self.arabic
        #expect(ui.scene.takeDamage().bounds == ui.scene.bounds)
        for screen in ui.scene.screens { #expect(screen.layer.takeStaleRegion().bounds == ui.scene.bounds) }
        #expect(!ui.scene.isAnimating, "a switch is one frame, not an animation")
    }

    // MARK: Text

    @Test("start is the right edge and end the left one: a label's text band follows its alignment")
    func labelBand() {
        let label = Label(id: "title", frame: Rect(100, 0, 400, 40), text: "مرحبا")
        let ui = arabicScene([label])
        defer { withExtendedLifetime(ui) {} }   // the scene holds the language; screens hold it weakly
        // A 100-wide line's band, widened by the overhang on each side, at x (named, so that
        // Swift 6.0 does no literal arithmetic inside #expect).
        func band(at x: Double) -> Rect { Rect(x, 0, 100, 40).insetBy(dx: -Label.overhang, dy: 0) }
        #expect(label.textBand(width: 100) == band(at: 400))
        label.alignment = .trailing
        #expect(label.textBand(width: 100) == band(at: 100))
        label.alignment = .center
        #expect(label.textBand(width: 100) == band(at: 250))
    }

    @Test("alignment sides: leading and trailing swap right to left, centre stays")
    func alignmentSides() {
        #expect(TextAlignment.leading.side(in: .rightToLeft) == .right)
        #expect(TextAlignment.trailing.side(in: .rightToLeft) == .left)
        #expect(TextAlignment.leading.side(in: .leftToRight) == .left)
        #expect(TextAlignment.center.side(in: .rightToLeft) == .center)
        let rect = Rect(10, 0, 100, 20)
        #expect(TextAlignment.leading.lineStart(width: 40, in: rect, direction: .rightToLeft) == 70)
        #expect(TextAlignment.leading.lineStart(width: 400, in: rect, direction: .rightToLeft) == 10, "too wide: fits")
    }

    @Test("a text field's caret follows the text at its reading end: left of Arabic text")
    func textFieldCaret() {
        let field = TextField(id: "name", frame: Rect(100, 0, 400, 48))
        let ui = arabicScene([field])
        defer { withExtendedLifetime(ui) {} }
        let start = field.textStart(width: 100)
        #expect(start == field.textArea.maxX - 100, "start is the right")
        #expect(field.caretX(width: 100, empty: false) < start, "the caret after Arabic text is on its left")
        #expect(field.caretX(width: 100, empty: true) > start + 100, "before a placeholder: on its right")
    }

    // MARK: Sliders

    /// 0…100 over a 440x40 frame at (100, 100): 400 px of travel, 4 px a unit.
    func slider(value: Double = 25) -> Slider {
        Slider(id: "dim", frame: Rect(100, 100, 440, 40), minimum: 0, maximum: 100, value: value)
    }

    @Test("a slider's minimum is at the right: 25 sits 100 px from the right end, and a drag to the left raises it")
    func sliderMirrored() {
        let s = slider()
        let ui = arabicScene([s])
        #expect(s.position(of: 0) == 520 && s.position(of: 100) == 120)
        #expect(s.knobRect == Rect(400, 100, 40, 40))
        ui.drag(from: Point(420, 120), to: Point(320, 120))
        #expect(s.value == 50)
        #expect(ui.events(from: "dim", .valueCommitted).first?["value"] == .number(50))
        ui.drag(from: Point(s.knobRect.midX, 120), to: Point(s.knobRect.midX + 400, 120))
        #expect(s.value == 0, "to the right is down, clamped at the minimum")
    }

    @Test("a slider's value label is at its left end, and the knob moves in the rest")
    func sliderLabelAtTheLeft() {
        let s = slider()
        s.valueFormat = try? NumberStyle.parse(".0 %").get()
        let ui = arabicScene([s])
        defer { withExtendedLifetime(ui) {} }
        #expect(s.valueLabelRect == Rect(100, 100, 120, 40))
        #expect(s.trackBounds == Rect(220, 100, 320, 40))
        #expect(s.position(of: 0) == 520)
    }

    @Test("a vertical slider is not mirrored: up is more in every language")
    func verticalNotMirrored() {
        let s = Slider(id: "fader", frame: Rect(100, 20, 40, 440), minimum: 0, maximum: 100, value: 50)
        let ui = arabicScene([s])
        #expect(s.position(of: 0) == 440)
        ui.drag(from: Point(120, 240), to: Point(120, 140))
        #expect(s.value == 75)
    }

    @Test("a range slider's lower knob is the right one, a drag to the left raises a value, and stacked knobs part by direction")
    func rangeSliderMirrored() {
        let range = RangeSlider(id: "price", frame: Rect(0, 0, 440, 40))   // 0…10, 2…8: 40 px a unit
        let ui = arabicScene([range])
        let lowerAt = 340.0, upperAt = 100.0   // 2 and 8 counted from the right: 440 − 20 − 40 × value
        #expect(range.knobRect(.lower).midX == lowerAt)
        #expect(range.knobRect(.upper).midX == upperAt)
        ui.drag(from: Point(340, 20), to: Point(300, 20))   // the lower knob, 40 px left
        #expect(abs(range.lowerValue - 3) < 1e-9)
        ui.drag(from: Point(100, 20), to: Point(60, 20))    // the upper knob, 40 px left
        #expect(abs(range.upperValue - 9) < 1e-9)
        range.setUpperValue(5)
        range.setLowerValue(5)
        let at = range.knobRect(.upper).midX
        ui.drag(from: Point(at, 20), to: Point(at - 40, 20))
        #expect(abs(range.upperValue - 6) < 1e-9 && range.lowerValue == 5, "left is up: the upper knob goes: \(range.lowerValue)…\(range.upperValue)")
        range.setUpperValue(5)
        ui.drag(from: Point(at, 20), to: Point(at + 40, 20))
        #expect(abs(range.lowerValue - 4) < 1e-9 && range.upperValue == 5, "right is down: the lower knob goes: \(range.lowerValue)…\(range.upperValue)")
    }

    // MARK: Progress bar, toggle

    @Test("a progress bar fills from the right, and its band travels leftwards")
    func progressBarMirrored() {
        let bar = ProgressBar(id: "load", frame: Rect(100, 0, 400, 20), value: 0.25)
        let ui = arabicScene([bar])
        #expect(bar.fillRect(of: 0.25) == Rect(400, 0, 100, 20))
        bar.isIndeterminate = true
        ui.stepOnce()
        let before = bar.bandRect
        #expect(before.maxX > 500 && before.minX > 450, "it enters from the right: \(before)")
        ui.step(30)
        #expect(bar.bandRect.minX < before.minX)
    }

    @Test("a toggle that is on has its thumb at the left; a drag to the left turns it on, a tap still flips it")
    func toggleMirrored() {
        let toggle = Toggle(id: "light", frame: Rect(100, 100, 80, 44))
        let ui = arabicScene([toggle])
        #expect(toggle.thumbRect(at: 0).maxX == 180 - toggle.thumbInset, "off at the right")
        #expect(toggle.thumbRect(at: 1).minX == 100 + toggle.thumbInset, "on at the left")
        ui.drag(from: Point(160, 122), to: Point(110, 122))
        #expect(toggle.isOn)
        ui.drag(from: Point(120, 122), to: Point(170, 122))
        #expect(!toggle.isOn)
        ui.tap(140, 122, at: 2000)
        #expect(toggle.isOn)
    }

    @Test("a flung toggle goes to the side of the fling: left is on")
    func toggleFlingMirrored() {
        let toggle = Toggle(id: "light", frame: Rect(100, 100, 80, 44))
        let ui = arabicScene([toggle])
        ui.drag(from: Point(165, 122), to: Point(150, 122), at: 0, steps: 3, every: 8)
        #expect(toggle.isOn)
    }

    // MARK: Popup, pages

    @Test("a popup's buttons read from the right: the first is the right one, and a tap there reports it")
    func popupRowMirrored() {
        let dialog = popup("ask", buttons: [.init(id: "yes", title: "نعم"), .init(id: "no", title: "لا")])
        let ui = arabicScene([], overlays: [dialog])
        ui.show("ask")
        ui.settle()
        let yes = dialog.buttons.first { $0.id == "yes" }!, no = dialog.buttons.first { $0.id == "no" }!
        #expect(yes.frame.minX > no.frame.maxX)
        ui.tap(yes.frame.center)
        #expect(ui.events(.buttonTapped).first?.value.first?.value == .string("yes"))
    }

    @Test("a switch to English lays a registered popup's row out left to right again")
    func popupRowFollowsASwitch() {
        let dialog = popup("ask", buttons: [.init(id: "yes", title: "Yes"), .init(id: "no", title: "No")])
        let ui = arabicScene([], overlays: [dialog])
        #expect(dialog.buttons[0].frame.minX > dialog.buttons[1].frame.maxX)
        ui.scene.language = .standard
        #expect(dialog.buttons[0].frame.maxX < dialog.buttons[1].frame.minX)
    }

    /// Three Arabic pages, 800 wide.
    func arabicPages() -> SceneHarness {
        let ui = arabicScene([])
        ui.scene.add(screen: Screen(id: "second"))
        ui.scene.add(screen: Screen(id: "third"))
        #expect(ui.scene.addPageGroup(["main", "second", "third"]) != nil)
        return ui
    }

    @Test("pages: a swipe to the right goes forward, and the next page comes in from the left")
    func pagesMirrored() {
        let ui = arabicPages()
        ui.touch(.down, 200, 200, at: 0)
        ui.touch(.move, 240, 200, at: 16)
        ui.touch(.move, 400, 200, at: 32)
        #expect(abs((ui.scene.pageSwipePosition ?? 0) - 0.25) < 1e-9)
        let view = ui.scene.pagesInView
        #expect(view?.left?.id == "second" && view?.right?.id == "main")
        ui.touch(.move, 700, 200, at: 300)
        ui.touch(.up, at: 400)
        #expect(ui.scene.currentScreen.id == "second")
        #expect(ui.stepsUntilIdle(limit: 240) != nil)
    }

    @Test("pages: a swipe to the left on the first page only pulls against the rubber band")
    func pagesRubberBandMirrored() {
        let ui = arabicPages()
        ui.drag(from: Point(600, 200), to: Point(100, 200), at: 0, steps: 20, every: 33)
        #expect(ui.scene.currentScreen.id == "main")
        #expect(ui.stepsUntilIdle(limit: 240) != nil)
    }

    @Test("page dots start at the right: the first page's dot is the rightmost")
    func dotsMirrored() {
        let ui = arabicPages()
        let canvas = RecordingCanvas()
        ui.scene.currentScreen.draw(canvas, in: ui.scene.bounds)
        let dots = canvas.calls.compactMap { call -> (Rect, Color)? in
            guard case let .fill(path, .solid(color)) = call, case let .ellipse(r)? = path.first else { return nil }
            return (r, color)
        }
        #expect(dots.count == 3)
        let lit = dots.first { $0.1 == Color.white }
        #expect(lit?.0.minX == dots.map(\.0.minX).max(), "\(dots)")
    }

    // MARK: Not mirrored

    @Test("the dial is not mirrored: a touch at 3 o'clock is 0° in Arabic too")
    func dialNotMirrored() {
        let dial = CircularSlider(id: "angle", frame: Rect(0, 0, 240, 240), angle: 90)
        let ui = arabicScene([dial])
        ui.drag(from: Point(120, 10), to: Point(235, 120))
        #expect(dial.angle == 0)
    }

    @Test("a dial's number follows the language's decimal mark; a format with a comma is kept")
    func dialNumbers() throws {
        let dial = CircularSlider(id: "t", frame: Rect(0, 0, 240, 240),
                                  range: DialRange(minimum: 0, maximum: 40, step: 0.5), value: 21.5)
        dial.valueFormat = try NumberStyle.parse(".1 °C").get()
        let ui = SceneHarness([dial])
        #expect(dial.rangeValueText(dial.value) == "21.5 °C")
        ui.scene.language = DisplayLanguage(code: "de")
        #expect(dial.rangeValueText(dial.value) == "21,5 °C")
        dial.valueFormat = nil
        #expect(dial.rangeValueText(dial.value) == "21,5")
    }
}
