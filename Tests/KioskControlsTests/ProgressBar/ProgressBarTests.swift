import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// The progress bar on the virtual clock: the fill glides to a new value and rests there, a
/// value that comes mid-glide glides on from where the fill is, the indeterminate band repaints
/// only itself and moves only where it can be seen, and no finger ever changes it.
@Suite("Progress bar")
struct ProgressBarTests {
    func bar(value: Double = 0.2, indeterminate: Bool = false) -> ProgressBar {
        ProgressBar(id: "load", frame: Rect(40, 200, 600, 20), value: value, indeterminate: indeterminate)
    }

    /// Marks the scene's current screen as drawn, as a frame does (an indeterminate bar starts
    /// moving when it is drawn).
    func drawFrame(_ ui: SceneHarness) {
        ui.scene.currentScreen.draw(RecordingCanvas(), in: ui.scene.bounds)
    }

    @Test("a new value glides there in about 0.3 s, ease-out, and the scene is idle once it arrived")
    func glidesAndRests() throws {
        let bar = bar()
        let ui = SceneHarness([bar])
        bar.value = 0.8
        #expect(bar.value == 0.8)
        #expect(bar.displayedValue == 0.2)
        ui.stepOnce()
        let first = bar.displayedValue - 0.2
        #expect(first > 0 && first < 0.6 / 36 * 2, "ease-out starts fast, never at once: \(first)")
        let steps = try #require(ui.stepsUntilIdle(limit: 100))
        #expect((34...37).contains(steps + 1), "\(steps + 1) steps")
        #expect(bar.displayedValue == 0.8)
        _ = ui.scene.takeDamage()
        ui.stepOnce()
        #expect(ui.scene.takeDamage().isEmpty)
        #expect(!ui.scene.isAnimating)
    }

    @Test("a value that comes mid-glide glides on from where the fill is, without a jump")
    func retargetWithoutJump() throws {
        let bar = bar()
        let ui = SceneHarness([bar])
        bar.value = 1
        var shown: [Double] = []
        ui.onStep = { _ in shown.append(bar.displayedValue) }
        for _ in 0..<15 { ui.stepOnce() }
        let there = bar.displayedValue
        bar.value = 0.4
        #expect(bar.displayedValue == there)
        _ = try #require(ui.stepsUntilIdle(limit: 100))
        #expect(bar.displayedValue == 0.4)
        let biggestStep = zip(shown, shown.dropFirst()).map { abs($1 - $0) }.max() ?? 0
        #expect(biggestStep < 0.06, "no step moves the fill further than the glide's fastest: \(biggestStep)")
        #expect(shown.max()! == there || shown.max()! < 1)
    }

    @Test("each glide step repaints the strip between the fill's old and new end, not the bar")
    func glideRepaintsItsStrip() {
        let bar = bar(value: 0.5)
        let ui = SceneHarness([bar])
        bar.value = 0.6
        ui.stepOnce()
        let damage = ui.scene.takeDamage()
        #expect(!damage.isEmpty)
        #expect(damage.bounds.width < 60, "\(damage)")
        #expect(damage.bounds.minX > bar.frame.minX + 250)
    }

    @Test("the band sweeps across and round again, and a step repaints the band's old and new places only")
    func bandDamageIsTheBand() {
        let bar = bar(indeterminate: true)
        let ui = SceneHarness([bar])
        drawFrame(ui)
        #expect(ui.scene.isAnimating)
        for _ in 0..<60 { ui.stepOnce() }
        _ = ui.scene.takeDamage()
        let before = bar.bandRect
        ui.stepOnce()
        let after = bar.bandRect
        let damage = ui.scene.takeDamage()
        #expect(after.minX > before.minX)
        #expect(damage.bounds.minX >= before.minX - 2 && damage.bounds.maxX <= after.maxX + 2, "\(damage)")
        #expect(damage.area <= (after.maxX - before.minX + 4) * bar.frame.height + 1)
        // A whole sweep later the band is where it was.
        for _ in 0..<179 { ui.stepOnce() }
        _ = ui.scene.takeDamage()
        ui.stepOnce()
        #expect(abs(bar.bandRect.minX - after.minX) < 0.01)
        #expect(ui.scene.isAnimating)
    }

    @Test("when the band wraps round, only its two ends are repainted, not the track between them")
    func wrapRepaintsTheEnds() {
        let bar = bar(indeterminate: true)
        let ui = SceneHarness([bar])
        drawFrame(ui)
        for _ in 0..<179 { ui.stepOnce() }
        _ = ui.scene.takeDamage()
        ui.stepOnce()
        let damage = ui.scene.takeDamage()
        #expect(damage.area < bar.frame.area * 0.2, "\(damage)")
    }

    @Test("a bar that was indeterminate and is no longer rests: no steps once the band is gone")
    func determinateAgainRests() throws {
        let bar = bar(indeterminate: true)
        let ui = SceneHarness([bar])
        drawFrame(ui)
        for _ in 0..<10 { ui.stepOnce() }
        bar.value = 0.9   // no glide while the band shows: the fill is there when it comes back
        bar.isIndeterminate = false
        #expect(bar.displayedValue == 0.9)
        #expect(try #require(ui.stepsUntilIdle(limit: 5)) <= 1)
    }

    @Test("an indeterminate bar stops when hidden, disabled or its screen is not shown, and moves again once drawn")
    func bandOnlyWhereSeen() {
        let bar = bar(indeterminate: true)
        let other = Screen(id: "other", controls: [])
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [bar]), other])
        let canvas = RecordingCanvas()
        var now = Instant.zero
        func step() {
            now = now + SceneHarness.step
            scene.step(SceneHarness.step, at: now)
        }
        scene.currentScreen.draw(canvas, in: scene.bounds)
        step()
        #expect(scene.isAnimating)

        bar.isEnabled = false
        step()
        #expect(!scene.isAnimating, "disabled: stopped, drawn faded where it stood")
        bar.isEnabled = true
        scene.currentScreen.draw(canvas, in: scene.bounds)
        #expect(scene.isAnimating)

        #expect(scene.showScreen("other"))
        step()
        #expect(!scene.isAnimating, "on a screen nobody sees: no wake-ups")
        let phase = bar.bandPhase
        #expect(scene.showScreen("main"))
        scene.currentScreen.draw(canvas, in: scene.bounds)
        step()
        #expect(scene.isAnimating)
        #expect(bar.bandPhase > phase)

        bar.isHidden = true
        step()
        #expect(!scene.isAnimating)
    }

    @Test("a finger on the bar reaches the button under it; the bar itself takes none")
    func noTouch() {
        let button = Button(id: "card", frame: Rect(20, 180, 700, 80), title: "")
        let bar = bar(value: 0.5)
        let ui = SceneHarness([button, bar])
        ui.tap(Point(300, 210))
        #expect(ui.events(from: "card", .tapped).count == 1)
        #expect(ui.events(from: "load", .valueChanged).isEmpty)
        #expect(bar.value == 0.5)
        #expect(bar.touchDistance(to: Point(300, 210)) == nil)
    }

    @Test("set from outside: clamped, with valueChanged and valueCommitted; a restored value shows at once and says nothing")
    func valueField() throws {
        let bar = ProgressBar(id: "load", frame: Rect(40, 200, 600, 20), minimum: 0, maximum: 200, value: 50)
        let ui = SceneHarness([bar])
        try bar.setValue([("value", .number(500))])
        #expect(bar.value == 200)
        #expect(bar.displayedValue == 50)
        _ = ui.stepsUntilIdle(limit: 100)
        #expect(ui.events(from: "load", .valueCommitted).last?["value"] == .number(200))
        try bar.setValue([("value", .number(20))], sendsEvents: false)
        #expect(bar.displayedValue == 20)
        #expect(!ui.scene.isAnimating)
        #expect(bar.currentValue?.first?.name == "value")
        #expect(throws: ControlValueError.self) { try bar.setValue([("percent", .number(1))]) }
        #expect(throws: ControlValueError.self) { try bar.setValue([("value", .string("half"))]) }
        #expect(bar.value == 20)
    }
}
