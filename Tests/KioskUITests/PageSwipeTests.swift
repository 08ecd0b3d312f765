import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI

@Suite("Swipeable pages")
struct PageSwipeTests {
    /// Three pages, 800 wide: "main" with a button and a range slider, "second", "third".
    func makePages() -> (SceneHarness, Button, RangeSlider) {
        let button = Button(id: "go", frame: Rect(40, 40, 200, 80), title: "Go")
        let slider = RangeSlider(id: "range", frame: Rect(40, 300, 600, 40))
        let h = SceneHarness(screen: [button, slider])
        h.scene.add(screen: Screen(id: "second"))
        h.scene.add(screen: Screen(id: "third"))
        #expect(h.scene.addPageGroup(["main", "second", "third"]) != nil)
        return (h, button, slider)
    }

    func screenChanges(_ h: SceneHarness) -> [String] {
        h.events(.screenChanged).compactMap { $0.value.first?.value.string }
    }

    @Test("a slow drag past half a page settles on the next page, which becomes current at the lift")
    func dragPastHalf() {
        let (h, _, _) = makePages()
        h.drag(from: Point(700, 200), to: Point(250, 200), at: 0, steps: 30, every: 33)
        #expect(h.scene.currentScreen.id == "second")
        #expect(screenChanges(h) == ["second"])
        #expect(h.stepsUntilIdle(limit: 240) != nil)
        #expect(h.scene.pageSwipePosition == nil)
        #expect(!h.scene.isAnimating)
        #expect(screenChanges(h) == ["second"])
    }

    @Test("the pages follow the finger from its touch-down point: nothing is lost to the slop")
    func followsFinger() {
        let (h, _, _) = makePages()
        h.touch(.down, 600, 200, at: 0)
        h.touch(.move, 560, 200, at: 16)
        h.touch(.move, 400, 200, at: 32)
        #expect(abs((h.scene.pageSwipePosition ?? 0) - 0.25) < 1e-9)
        #expect(!h.scene.isAnimating)   // a finger at rest moves nothing
    }

    @Test("a short slow drag springs back to its page, with no screen change")
    func springsBack() {
        let (h, _, _) = makePages()
        h.drag(from: Point(600, 200), to: Point(450, 200), at: 0, steps: 20, every: 50)
        #expect(h.scene.currentScreen.id == "main")
        #expect(h.stepsUntilIdle(limit: 240) != nil)
        #expect(h.scene.pageSwipePosition == nil)
        #expect(screenChanges(h).isEmpty)
    }

    @Test("a quick flick a short way turns the page in its direction")
    func flick() {
        let (h, _, _) = makePages()
        h.drag(from: Point(600, 200), to: Point(480, 200), at: 0, steps: 4, every: 16)
        #expect(h.scene.currentScreen.id == "second")
        var positions: [Double] = []
        h.onStep = { _ in positions.append(h.scene.pageSwipePosition ?? 1) }
        _ = h.stepsUntilIdle(limit: 240)
        #expect(positions.last == 1)
        #expect(zip(positions, positions.dropFirst()).allSatisfy { $1 >= $0 - 1e-9 })   // no bounce back
    }

    @Test("a swipe turns one page at most, however far and fast")
    func onePageAtMost() {
        let (h, _, _) = makePages()
        h.drag(from: Point(790, 200), to: Point(-900, 200), at: 0, steps: 3, every: 16)
        #expect(h.scene.currentScreen.id == "second")
    }

    @Test("past the first page the pull gives less and less, and springs back")
    func rubberBand() {
        let (h, _, _) = makePages()
        h.touch(.down, 100, 200, at: 0)
        h.touch(.move, 400, 200, at: 50)
        let small = h.scene.pageSwipePosition ?? 0
        h.touch(.move, 800, 200, at: 100)
        let large = h.scene.pageSwipePosition ?? 0
        #expect(small < 0 && large < small)
        #expect(-small < 300.0 / 800)            // resists: less than the finger's travel
        #expect(-large < 0.5)                      // never more than half a page
        #expect((small - large) < (700.0 - 300) / 800 / 2)
        h.touch(.up, at: 400)
        #expect(h.stepsUntilIdle(limit: 240) != nil)
        #expect(h.scene.currentScreen.id == "main")
        #expect(screenChanges(h).isEmpty)
    }

    @Test("a sideways drag that starts on a button swipes, and the button does not fire")
    func buttonGivesWay() {
        let (h, button, _) = makePages()
        h.touch(.down, 100, 80, at: 0)
        #expect(button.pressedAmount == 1)
        h.touch(.move, 60, 82, at: 16)
        h.touch(.move, -400, 85, at: 100)
        h.touch(.up, at: 116)
        #expect(h.kinds(from: "go").isEmpty)
        #expect(h.scene.currentScreen.id == "second")
    }

    @Test("a tap on a page's button still fires it")
    func tapStillFires() {
        let (h, _, _) = makePages()
        h.tap(100, 80, at: 0)
        #expect(h.kinds(from: "go") == [.tapped])
        #expect(h.scene.pageSwipePosition == nil)
    }

    @Test("a sideways drag on a slider moves the slider, not the pages")
    func sliderKeepsSideways() {
        let (h, _, slider) = makePages()
        let before = slider.upperValue
        h.drag(from: Point(slider.position(of: slider.upperValue), 320), to: Point(100, 320), at: 0, steps: 10)
        #expect(slider.upperValue < before)
        #expect(h.scene.currentScreen.id == "main")
        #expect(h.scene.pageSwipePosition == nil)
    }

    @Test("a drag up or down on a page is not a swipe")
    func verticalIsNotSwipe() {
        let (h, _, _) = makePages()
        h.drag(from: Point(600, 100), to: Point(590, 450), at: 0, steps: 10)
        #expect(h.scene.pageSwipePosition == nil)
        #expect(h.scene.currentScreen.id == "main")
    }

    @Test("a finger landing while the pages settle catches them there and presses nothing")
    func catchMidSettle() {
        let (h, button, _) = makePages()
        h.drag(from: Point(700, 200), to: Point(250, 200), at: 0, steps: 10, every: 33)
        h.run(until: 420)
        let caught = h.scene.pageSwipePosition ?? 0
        #expect(caught > 0.5 && caught < 1)
        h.touch(.down, 100, 80, at: 420)   // where "go" was: the page is moving, not a press
        #expect(button.pressedAmount == 0)
        h.run(until: 600)
        #expect(h.scene.pageSwipePosition == caught)   // held where it was caught
        h.touch(.up, at: 600)
        #expect(h.kinds(from: "go").isEmpty)
        #expect(h.stepsUntilIdle(limit: 240) != nil)
        #expect(h.scene.currentScreen.id == "second")
    }

    @Test("a screen change from outside during a settle ends the swipe and runs its own transition")
    func switchDuringSettle() {
        let (h, _, _) = makePages()
        h.drag(from: Point(700, 200), to: Point(250, 200), at: 0, steps: 10, every: 33)
        h.run(until: 400)
        #expect(h.scene.showScreen("third", transition: .slideLeft))
        #expect(h.scene.pageSwipePosition == nil)
        #expect(h.scene.transition?.kind == .slideLeft)
        _ = h.stepsUntilIdle(limit: 240)
        #expect(h.scene.currentScreen.id == "third")
    }

    @Test("a swipe adds nothing to the back history")
    func noHistory() {
        let (h, _, _) = makePages()
        h.drag(from: Point(700, 200), to: Point(100, 200), at: 0, steps: 10)
        _ = h.stepsUntilIdle(limit: 240)
        #expect(h.scene.currentScreen.id == "second")
        #expect(!h.scene.goBack())
    }

    @Test("a screen in no group does not swipe")
    func notAPage() {
        let (h, _, _) = makePages()
        h.scene.add(screen: Screen(id: "alone"))
        h.scene.showScreen("alone")
        h.drag(from: Point(700, 200), to: Point(100, 200), at: 0, steps: 10)
        #expect(h.scene.pageSwipePosition == nil)
        #expect(h.scene.currentScreen.id == "alone")
    }

    @Test("a group names screens that exist, each in one group")
    func groupRules() {
        let (h, _, _) = makePages()
        h.scene.add(screen: Screen(id: "fourth"))
        #expect(h.scene.addPageGroup(["fourth", "nowhere"]) == nil)
        #expect(h.scene.addPageGroup(["fourth", "main"]) == nil)
        #expect(h.scene.pageGroups.count == 1)
    }
}
