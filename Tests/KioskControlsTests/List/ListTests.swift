import KioskAnimation
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

@Suite("List")
struct ListTests {
    func button(_ list: List, _ i: Int) -> Button { list.rows[i].controls[1] as! Button }

    @Test("a tap on a row's button presses it at once and taps it; the list does not move")
    func tapsARowButton() {
        let list = exhibitList()
        let ui = SceneHarness([list])
        ui.down(340, 250)
        #expect(button(list, 3).pressedAmount == 1, "pressed look at touch-down")
        ui.up()
        #expect(ui.events(from: "open3", .tapped).count == 1)
        #expect(list.offset == 0)
    }

    @Test("a drag that starts on a button scrolls the list and cancels the press: no tap")
    func dragCancelsThePress() throws {
        let list = exhibitList()
        let ui = SceneHarness([list])
        ui.down(340, 250)
        ui.move(340, 245)   // within the slop: still the button's
        #expect(list.offset == 0)
        ui.move(340, 200)   // past it, mostly up: the list's, from the touch-down point
        #expect(list.offset == 50)
        #expect(list.heldControl == nil)
        ui.move(340, 150)
        #expect(list.offset == 100)
        ui.up(after: 200)   // a finger that stopped: no fling
        #expect(ui.events(.tapped).isEmpty)
        _ = try #require(ui.stepsUntilIdle(limit: 200))
        #expect(button(list, 3).pressedAmount == 0, "the highlight faded")
        #expect(list.offset == 100)
    }

    @Test("a fling glides on after the lift, and a finger landing meanwhile catches it and presses nothing")
    func flingThenCatch() throws {
        let list = exhibitList()
        let ui = SceneHarness([list])
        ui.drag(from: Point(200, 300), to: Point(200, 100), steps: 5)
        let lifted = list.offset
        #expect(lifted == 200)
        for _ in 0..<10 { ui.stepOnce() }
        #expect(list.offset > lifted, "glides on")
        #expect(list.scroll.isMoving)
        ui.down(340, 250)
        let caught = list.offset
        #expect(!list.scroll.isMoving)
        #expect((0..<30).allSatisfy { button(list, $0).pressedAmount == 0 }, "nothing pressed")
        for _ in 0..<10 { ui.stepOnce() }
        #expect(list.offset == caught, "stopped where it was")
        ui.up(after: 30)
        #expect(ui.events(.tapped).isEmpty)
        #expect(ui.events(List.rowTapped).isEmpty)
    }

    @Test("a slow release glides on a little too, at the tracker's release speed: only a finger at rest stops dead")
    func slowReleaseGlides() throws {
        let list = exhibitList()
        let ui = SceneHarness([list])
        // 150 px in 15 moves of 50 ms: 200 px/s, well under a fling's 600.
        ui.down(200, 300, after: 50)
        for i in 1...15 { ui.move(200, 300 - 10 * Double(i), after: 50) }
        ui.up(after: 16)
        #expect(ui.events(.tapped).isEmpty)
        let lifted = list.offset
        #expect(list.scroll.isMoving)
        _ = try #require(ui.stepsUntilIdle(limit: 1000))
        #expect(list.offset > lifted + 5 && list.offset < lifted + 100, "\(lifted) → \(list.offset)")
    }

    @Test("once it settles the list is idle: no steps, no damage")
    func idleAfterSettling() throws {
        let list = exhibitList()
        let ui = SceneHarness([list])
        ui.drag(from: Point(200, 300), to: Point(200, 60), steps: 4)
        #expect(ui.scene.isAnimating)
        let steps = try #require(ui.stepsUntilIdle(limit: 1000))
        #expect(steps > 30)
        _ = ui.scene.takeDamage()
        ui.stepOnce()
        #expect(ui.scene.takeDamage().isEmpty)
        #expect(!ui.scene.isAnimating)
    }

    @Test("pulled down past the top it resists, and springs back once let go")
    func rubberBandsAtTheTop() throws {
        let list = exhibitList()
        let ui = SceneHarness([list])
        ui.down(200, 100)
        ui.move(200, 200)
        ui.move(200, 300)
        #expect(list.offset < 0 && list.offset > -200, "\(list.offset)")
        ui.up(after: 200)
        _ = try #require(ui.stepsUntilIdle(limit: 300))
        #expect(list.offset == 0)
    }

    @Test("a sideways drag on a slider in a row moves the slider; an upward one scrolls the list")
    func sliderInARow() {
        let list = exhibitList(slider: true)
        let ui = SceneHarness([list])
        let slider = list.rows[0].controls[0] as! RangeSlider
        // Knob width 40, usable 320: the lower knob's centre is at 20 + 20 + 0.2 × 320 = 104.
        ui.down(104, 70)
        #expect(list.keepsDrag(along: .horizontal), "the slider it holds keeps sideways drags")
        ui.move(144, 72)
        ui.move(184, 75)
        ui.up()
        #expect(slider.lowerValue == 45)
        #expect(list.offset == 0)
        ui.down(104, 70)
        ui.move(106, 40)
        ui.move(108, 20)
        ui.up(after: 200)
        #expect(slider.lowerValue == 45, "the slider let go")
        #expect(list.offset == 50)
    }

    @Test("a tap on a row outside its controls reports rowTapped with the row")
    func rowTapped() throws {
        let list = exhibitList()
        let ui = SceneHarness([list])
        list.scroll(to: 70)   // row 3 now at y 150…210
        ui.down(250, 180)
        ui.up()
        let event = try #require(ui.events(from: "exhibits", List.rowTapped).first)
        #expect(event.value.first?.value == .number(3))
    }

    @Test("the list keeps vertical drags, and sideways ones only when its finger is on a control that keeps them")
    func keepsDrag() {
        let list = exhibitList()
        #expect(list.keepsDrag(along: .vertical))
        #expect(!list.keepsDrag(along: .horizontal))
        let ui = SceneHarness([list])
        ui.down(340, 250)   // on a button: buttons keep nothing
        #expect(!list.keepsDrag(along: .horizontal))
        ui.up()
    }

    @Test("a label set inside a shown row repaints within that row; one out of sight repaints nothing on screen")
    func rowChangeRepaintsItsPart() {
        let list = exhibitList()
        let ui = SceneHarness([list])
        (list.rows[3].controls[0] as! Label).text = "Sundial"
        let damage = ui.scene.takeDamage()
        #expect(!damage.isEmpty)
        #expect(damage.rects.allSatisfy { Rect(0, 220, 400, 60).outsetBy(9).contains($0) }, "\(damage)")
        (list.rows[20].controls[0] as! Label).text = "Astrolabe"
        #expect(ui.scene.takeDamage().isEmpty)
        #expect(!list.rowsLayer.staleRegion.isEmpty, "kept rows still learn of it")
    }

    @Test("only the rows in view are drawn")
    func drawsOnlyVisibleRows() {
        let list = exhibitList(rows: 300)
        list.scroll(to: 6000)   // rows 100…104 in view
        let canvas = RecordingCanvas()
        list.render(canvas, in: list.frame)
        let texts = canvas.calls.compactMap { call -> String? in
            if case .text(let t, _) = call, t.hasPrefix("Exhibit") { return t }
            return nil
        }
        #expect(texts == (100...104).map { "Exhibit \($0)" })
    }

    @Test("row controls are found by id like any control")
    func rowControlsByID() {
        let list = exhibitList()
        let ui = SceneHarness([list])
        #expect(ui.scene.control(withID: "open7") === button(list, 7))
        #expect(ui.scene.allControls.contains { $0.id == "name29" })
        #expect(list.children.count == 60)
    }

    @Test("inside an opaque list the screen paints neither its background nor the controls below; a translucent list lets them show")
    func opaqueListCoversTheScreen() {
        let under = Label(id: "under", frame: Rect(0, 0, 800, 480), text: "Under the list")
        let list = exhibitList()
        let screen = Screen(id: "main", background: Color(hex: "#FF0000"), controls: [under, list])
        _ = Scene(designSize: Size(800, 480), screens: [screen])
        let canvas = RecordingCanvas()
        screen.draw(canvas, in: Rect(0, 40, 400, 300))
        #expect(!canvas.calls.contains(.fill(.rect(Rect(0, 40, 400, 300)), .solid(Color(hex: "#FF0000")!))))
        #expect(!canvas.calls.contains { if case .text("Under the list", _) = $0 { return true } else { return false } })
        list.background = Color(hex: "#10203080")
        #expect(list.opaqueRect == nil)
        let seeThrough = RecordingCanvas()
        screen.draw(seeThrough, in: Rect(0, 40, 400, 300))
        #expect(seeThrough.calls.contains(.fill(.rect(Rect(0, 40, 400, 300)), .solid(Color(hex: "#FF0000")!))))
    }
}
