import KioskTestSupport
import Testing
import KioskCore
import KioskUI

/// A screen change during a running transition turns the motion towards the new screen, and
/// the `back` history is what it would be had the running change landed first.
@Suite("Screen changes during a transition")
struct ScreenRetargetTests {
    func makeScene() -> SceneHarness {
        let h = SceneHarness()
        for id in ["second", "third"] { h.scene.add(screen: Screen(id: id)) }
        return h
    }

    func screensAnnounced(_ h: SceneHarness) -> [String] {
        h.events.filter { $0.kind == .screenChanged }.compactMap { $0["screen"]?.string }
    }

    @Test("switching to a third screen mid-slide is never refused: the slide goes on from where it is to the new screen")
    func retargetsMidSlide() {
        let h = makeScene()
        var samples: [Double] = []
        h.onStep = { _ in if let p = h.scene.transition?.progress { samples.append(p) } }
        #expect(h.scene.showScreen("second", transition: .slideUp))
        h.run(until: 150)
        let before = h.scene.transition
        #expect(h.scene.showScreen("third", transition: .slideUp))
        #expect(h.scene.transition === before)            // the same motion, retargeted
        #expect(h.scene.transition?.destination.id == "third")
        #expect(h.scene.currentScreen.id == "third")
        h.run(until: 600)
        let jumps = zip(samples, samples.dropFirst()).map { abs($1 - $0) }
        #expect(jumps.max()! < 0.07)
        #expect(h.scene.transition == nil && h.scene.currentScreen.id == "third")
        #expect(screensAnnounced(h) == ["second", "third"])
    }

    @Test("back after a retarget leads to the screen the retarget left, as if the first change had landed")
    func historyAsIfLanded() {
        let h = makeScene()
        h.scene.showScreen("second", transition: .slideUp)
        h.run(until: 100)
        h.scene.showScreen("third", transition: .fade)
        h.run(until: 600)
        #expect(h.scene.goBack())
        #expect(h.scene.transition?.kind == .fade)         // the way it came to "third"
        h.run(until: 1200)
        #expect(h.scene.currentScreen.id == "second")
        #expect(h.scene.goBack())
        h.run(until: 1800)
        #expect(h.scene.currentScreen.id == "main")
        #expect(!h.scene.goBack())
        #expect(screensAnnounced(h) == ["second", "third", "second", "main"])
    }

    @Test("back mid-way turns round to the screen the transition came from; back twice goes two screens back")
    func backDuringTransitions() {
        let h = makeScene()
        h.scene.showScreen("second", transition: .slideUp)
        h.run(until: 500)
        h.scene.showScreen("third", transition: .slideUp)
        h.run(until: 600)
        #expect(h.scene.goBack())                          // third → second, under way
        h.run(until: 650)
        #expect(h.scene.goBack())                          // and on to main, without waiting
        #expect(h.scene.currentScreen.id == "main")
        h.run(until: 1500)
        #expect(h.scene.transition == nil && h.scene.currentScreen.id == "main")
        #expect(screensAnnounced(h) == ["second", "third", "second", "main"])
    }

    @Test("a change without a transition during a slide cuts to its screen at once")
    func cutDuringSlide() {
        let h = makeScene()
        h.scene.showScreen("second", transition: .slideUp)
        h.run(until: 100)
        #expect(h.scene.showScreen("third"))
        #expect(h.scene.transition == nil && h.scene.currentScreen.id == "third")
    }

    @Test("the screen a slide is heading for is the current one: asking for it again changes nothing")
    func destinationIsCurrent() {
        let h = makeScene()
        h.scene.showScreen("second", transition: .slideUp)
        h.run(until: 100)
        #expect(!h.scene.showScreen("second", transition: .slideUp))
        #expect(screensAnnounced(h) == ["second"])
    }

    @Test("a restored screen is shown without screenChanged, as values are restored without events")
    func withoutEvents() {
        let h = makeScene()
        #expect(h.scene.showScreen("third", sendsEvents: false))
        #expect(h.scene.currentScreen.id == "third")
        #expect(h.scene.drainEvents().isEmpty)
    }
}
