import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI

@Suite("Screen transitions")
struct ScreenTransitionTests {
    func makeScene() -> (SceneHarness, Button, Button) {
        let go = Button(id: "go", frame: Rect(40, 400, 160, 48), title: "Go",
                        action: .switchScreen("second", transition: .slideUp))
        let back = Button(id: "back", frame: Rect(40, 400, 160, 48), title: "Back", action: .back())
        let h = SceneHarness(screen: [go])
        h.scene.add(screen: Screen(id: "second", controls: [back]))
        return (h, go, back)
    }

    @Test("a slide-up transition takes 0.3 s, then the new screen is current")
    func slideUp() {
        let (h, _, _) = makeScene()
        h.tap(100, 420, at: 0)
        #expect(h.scene.transition?.kind == .slideUp)
        #expect(h.scene.currentScreen.id == "second")
        h.run(until: 200)
        #expect(h.scene.transition != nil)
        h.run(until: 400)
        #expect(h.scene.transition == nil)
        #expect(h.scene.currentScreen.id == "second")
        #expect(!h.scene.isAnimating)
    }

    @Test("input is ignored while a transition runs")
    func inputIgnored() {
        let (h, _, back) = makeScene()
        h.tap(100, 420, at: 0)
        h.tap(100, 420, at: 100)   // lands on "back" mid-transition: ignored
        #expect(h.kinds(from: "back").isEmpty)
        #expect(back.pressedAmount == 0)
        h.run(until: 500)
        h.tap(100, 420, at: 500)
        #expect(h.kinds(from: "back") == [.tapped])
    }

    @Test("back plays the same transition in reverse and returns to the first screen")
    func back() {
        let (h, _, _) = makeScene()
        h.tap(100, 420, at: 0)
        h.run(until: 500)
        h.tap(100, 420, at: 500)
        let t = h.scene.transition
        #expect(t?.kind == .slideUp)
        #expect(t?.destination.id == "main")
        #expect(abs((t?.progress ?? 0) - 1) < 0.1)   // starts from fully covered
        h.run(until: 1000)
        #expect(h.scene.currentScreen.id == "main")
        #expect(h.scene.transition == nil)
    }

    @Test("going back mid-way turns the transition round without a jump")
    func interrupted() {
        let (h, _, _) = makeScene()
        var samples: [Double] = []
        h.onStep = { _ in if let p = h.scene.transition?.progress { samples.append(p) } }
        h.tap(100, 420, at: 0)
        h.run(until: 150)
        h.scene.goBack()
        h.run(until: 600)
        let jumps = zip(samples, samples.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.max()! < 0.07)
        #expect(h.scene.currentScreen.id == "main")
        #expect(samples.count < 40)   // back in about the time it had run, not a full 0.3 s more
    }

    @Test("every transition kind ends on the destination", arguments: TransitionKind.allCases)
    func kinds(kind: TransitionKind) {
        let h = SceneHarness()
        h.scene.add(screen: Screen(id: "second"))
        h.scene.showScreen("second", transition: kind, duration: .milliseconds(300))
        h.run(until: 400)
        #expect(h.scene.currentScreen.id == "second")
        #expect(h.scene.transition == nil)
    }
}
