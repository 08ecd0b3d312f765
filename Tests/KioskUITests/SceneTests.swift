import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI

@Suite("Scene")
struct SceneTests {
    @Test("a tap on a button reports tapped once")
    func buttonTap() {
        let b = Button(id: "hello", frame: Rect(40, 400, 160, 48), title: "Hello")
        let h = SceneHarness([b])
        h.down(100, 420)
        #expect(b.pressedAmount == 1)
        h.up()
        #expect(h.events.map(\.kind) == [.tapped])
        #expect(h.events.first?.source == "hello")
    }

    @Test("a drag that starts on a button and leaves it is not a tap")
    func buttonDragIsNotTap() {
        let b = Button(id: "hello", frame: Rect(40, 400, 160, 48), title: "Hello")
        let h = SceneHarness([b])
        h.drag(from: Point(100, 420), to: Point(100, 300))
        #expect(h.events.isEmpty)
    }

    @Test("the button's highlight fades out after release on the fixed-step clock")
    func buttonFade() {
        let b = Button(id: "hello", frame: Rect(40, 400, 160, 48), title: "Hello")
        let h = SceneHarness([b])
        h.down(100, 420)
        h.up()
        #expect(h.scene.isAnimating)
        var t = h.now
        var steps = 0
        while h.scene.isAnimating && steps < 100 {
            t = t + .milliseconds(8)
            h.scene.step(.milliseconds(8), at: t)
            steps += 1
        }
        #expect(b.pressedAmount == 0)
        #expect(steps >= 18 && steps <= 20)   // 150 ms at 8 ms a step
    }

    @Test("a switchScreen action shows the other screen and repaints everything")
    func switchScreen() {
        let go = Button(id: "go", frame: Rect(0, 0, 100, 50), title: "Go", action: .switchScreen("second"))
        let back = Button(id: "back", frame: Rect(0, 0, 100, 50), title: "Back", action: .switchScreen("main"))
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [go]),
                                                                 Screen(id: "second", controls: [back])])
        _ = scene.takeDamage()
        scene.perform(.switchScreen("second"), from: go)
        #expect(scene.currentScreen.id == "second")
        #expect(scene.takeDamage().bounds == Rect(0, 0, 800, 480))
    }

    @Test("two fingers drive two controls at once")
    func multiTouch() {
        let slider = RangeSlider(id: "price", frame: Rect(40, 100, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let dial = CircularSlider(id: "angle", frame: Rect(500, 40, 240, 240))
        let h = SceneHarness([slider, dial])
        h.down(135, 115, slot: 0)
        h.down(620, 50, slot: 1)
        #expect(dial.angle == 90)
        h.move(175, 115, slot: 0)
        h.up(slot: 0)
        h.up(slot: 1)
        #expect(slider.lowerValue == 30)
        #expect(dial.angle == 90)
    }

    @Test("valueChanged goes out at most once per frame however many moves arrive")
    func coalescing() {
        let slider = RangeSlider(id: "price", frame: Rect(40, 100, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [slider])])
        var outbox = EventOutbox()
        for v in [21.0, 22, 23] {
            outbox.post(ControlEvent(time: .zero, source: "price", kind: .valueChanged, value: [("lower", .number(v))]))
        }
        let drained = outbox.drain()
        #expect(drained.count == 1)
        #expect(drained[0].value[0].value == .number(23))
        _ = scene
    }

    @Test("changing a property repaints only the control it belongs to")
    func propertyDamage() {
        let label = Label(id: "title", frame: Rect(20, 20, 400, 40), text: "Hola")
        let dial = CircularSlider(id: "angle", frame: Rect(520, 40, 240, 240))
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [label, dial])])
        _ = scene.takeDamage()
        label.text = "नमस्ते"
        #expect(scene.takeDamage().rects == [Rect(20, 20, 400, 40)])
        label.text = "नमस्ते"
        #expect(scene.takeDamage().isEmpty)
        dial.textColor = Color(hex: "#FF0000")
        #expect(scene.takeDamage().rects == [Rect(520, 40, 240, 240)])
        label.frame = Rect(20, 300, 400, 40)
        #expect(scene.takeDamage().rects.count == 2)   // where it was and where it is
    }
}

/// Records the touch calls it gets; `claims` says whether a long press is its whole gesture.
private final class TouchRecorder: Control {
    let claims: Bool
    var calls: [String] = []
    init(claims: Bool) {
        self.claims = claims
        super.init(id: "recorder", frame: Rect(0, 0, 200, 200), theme: .standard)
    }
    override var claimsLongPress: Bool { claims }
    override func touchBegan(at point: Point, time: Instant) -> Bool { calls.append("began"); return true }
    override func touchMoved(to point: Point, time: Instant) { calls.append("moved") }
    override func touchLongPressed(at point: Point, time: Instant) { calls.append("longPressed") }
    override func touchEnded(at point: Point, time: Instant) { calls.append("ended") }
}

@Suite("Long press and drag")
struct LongPressAndDragTests {
    fileprivate func restThenDrag(_ control: TouchRecorder) {
        let h = SceneHarness([control])
        h.down(50, 50)
        h.move(51, 50, after: 600)
        h.move(90, 50)
        h.move(120, 50)
        h.up()
    }

    @Test("a control gets the moves of a finger that rested past the long-press time, then dragged")
    func dragAfterRest() {
        let control = TouchRecorder(claims: false)
        restThenDrag(control)
        #expect(control.calls == ["began", "longPressed", "moved", "moved", "moved", "ended"])
    }

    @Test("a control that claims the long press gets no moves after it, and the next finger is its own again")
    func claimedLongPress() {
        let control = TouchRecorder(claims: true)
        restThenDrag(control)
        #expect(control.calls == ["began", "longPressed", "ended"])
        control.calls = []
        let h = SceneHarness([control])
        h.drag(from: Point(50, 50), to: Point(150, 50), steps: 2)
        #expect(control.calls == ["began", "moved", "moved", "moved", "ended"])
    }
}

@Suite("Cursor")
struct CursorTests {
    @Test("no cursor unless asked; moving one repaints where it was and where it is")
    func cursor() {
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main")])
        _ = scene.takeDamage()
        let canvas = RecordingCanvas()
        scene.draw(canvas, in: Rect(0, 0, 800, 480))
        #expect(canvas.calls.count == 1)   // the background only
        scene.cursorPosition = Point(100, 100)
        #expect(scene.takeDamage().rects == [Rect(98, 98, 16, 22)])
        scene.cursorPosition = Point(400, 300)
        #expect(scene.takeDamage().rects.count == 2)
        let c2 = RecordingCanvas()
        scene.draw(c2, in: Rect(0, 0, 800, 480))
        #expect(c2.calls.count == 3)       // background, arrow fill, arrow outline
    }
}
