import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskGestures
import KioskUI

/// What the scene does at a time rather than on a touch: modal and self-closing popups, the
/// idle return and screens that move on by themselves. Nothing moves while they wait, so the
/// scene's `nextDeadline` is what wakes the loop (and nil, idle, when nothing waits).
@Suite("Timed behaviour: modal and auto-closing popups, idle return, attract screens")
struct SceneDeadlineTests {
    /// A tap on a popup's backdrop, away from its box.
    static let backdrop = Point(60, 60)

    @Test("a tap on a modal popup's backdrop leaves it open; its button closes it")
    func modalBackdrop() {
        let pin = popup("pin")
        pin.isModal = true
        let ui = SceneHarness(overlays: [pin])
        ui.show("pin")
        ui.settle()
        ui.tap(Self.backdrop)
        ui.settle()
        #expect(pin.phase == .shown)
        #expect(ui.events(.popupDismissed).isEmpty)
        ui.tap(Point(400, 326))   // its only button, Okay
        ui.settle()
        #expect(ui.events(.popupDismissed, from: "pin").count == 1)
    }

    @Test("over a modal popup, a tap on the backdrop of one that is not sends that one away and keeps the modal one")
    func stackedOverModal() {
        let error = popup("error")
        error.isModal = true
        let info = popup("info")
        let ui = SceneHarness(overlays: [error, info])
        ui.show("error")
        ui.show("info")
        ui.settle()
        ui.tap(Self.backdrop)
        ui.settle()
        #expect(ui.events(.popupDismissed).map(\.source) == ["info"])
        #expect(error.phase == .shown && ui.scene.overlays.map(\.id) == ["error"])
    }

    @Test("a popup with autoClose dismisses itself that long after it is fully shown, as the kiosk's doing; idle before and after")
    func autoClose() {
        let saved = popup("saved")
        saved.autoClose = .seconds(3)
        let ui = SceneHarness(overlays: [saved])
        ui.show("saved")
        #expect(ui.scene.nextDeadline == nil)   // appearing: the count starts when it is in
        ui.settle()
        let shownAt = ui.now
        #expect(ui.scene.nextDeadline == shownAt + .seconds(3))
        #expect(!ui.scene.isAnimating)   // waiting is not moving
        ui.scene.fireDeadlines(upTo: shownAt + .milliseconds(2999))
        #expect(saved.phase == .shown)
        ui.scene.fireDeadlines(upTo: shownAt + .seconds(3))
        #expect(saved.phase == .disappearing)
        ui.settle()
        let dismissed = ui.events(.popupDismissed, from: "saved")
        #expect(dismissed.count == 1 && dismissed.first?.origin == .kiosk)
        #expect(ui.scene.nextDeadline == nil)
    }

    @Test("dismissed before its time, an auto-closing popup waits for nothing; shown again it counts again")
    func autoCloseCancelled() {
        let saved = popup("saved")
        saved.autoClose = .seconds(3)
        let ui = SceneHarness(overlays: [saved])
        ui.show("saved")
        ui.settle()
        saved.dismiss()
        #expect(ui.scene.nextDeadline == nil)
        ui.settle()
        ui.show("saved")
        ui.settle()
        #expect(ui.scene.nextDeadline == ui.now + .seconds(3))
    }

    /// Two screens, "start" (shown first) and "menu", a popup over them and a button on start
    /// that goes to menu.
    static func kiosk(idleAfter: Duration = .seconds(60)) -> (Scene, PopupDialog) {
        let start = Screen(id: "start")
        let menu = Screen(id: "menu", controls: [Button(id: "order", frame: Rect(40, 40, 200, 60), title: "Order")])
        let scene = Scene(designSize: Size(800, 480), screens: [start, menu], startScreen: "start")
        let help = popup("help")
        scene.register(help)
        scene.idleReturn = IdleReturn(after: idleAfter, screen: "start")
        return (scene, help)
    }

    @Test("a minute after the last touch the kiosk closes what is open and goes back to its start screen, once")
    func idleReturn() {
        let (scene, _) = Self.kiosk()
        #expect(scene.nextDeadline == nil)   // at the start screen with nothing open: nothing to do
        #expect(scene.showScreen("menu"))
        #expect(scene.showOverlay("help"))
        let tracker = GestureTracker()
        let touchedAt = Instant.milliseconds(5000)
        scene.handle(tracker.handle(TouchEvent(slot: 0, phase: .down, position: Point(400, 240), time: touchedAt)))
        scene.handle(tracker.handle(TouchEvent(slot: 0, phase: .up, position: Point(400, 240), time: touchedAt + .milliseconds(50))))
        _ = scene.drainEvents()
        let due = touchedAt + .milliseconds(50) + .seconds(60)
        #expect(scene.nextDeadline == due)
        scene.fireDeadlines(upTo: due - .milliseconds(1))
        #expect(scene.currentScreen.id == "menu")
        scene.fireDeadlines(upTo: due)
        #expect(scene.currentScreen.id == "start")
        #expect(!scene.goBack())   // a fresh start: no way back to the menu
        var t = due
        while scene.isAnimating { t += .milliseconds(8); scene.step(.milliseconds(8), at: t) }
        #expect(scene.overlays.isEmpty)
        let events = scene.drainEvents()
        #expect(events.contains { $0.kind == .screenChanged && $0.origin == .kiosk })
        #expect(events.contains { $0.kind == .popupDismissed && $0.source == "help" && $0.origin == .kiosk })
        #expect(scene.nextDeadline == nil)   // done until a finger comes again
    }

    @Test("without idle, the scene waits for nothing")
    func noIdle() {
        let (scene, _) = Self.kiosk()
        scene.idleReturn = nil
        #expect(scene.showScreen("menu"))
        #expect(scene.nextDeadline == nil)
    }

    @Test("a screen with advanceAfter fades to the next one after that long without a touch, the last to the first, and back stays empty")
    func attractLoop() {
        let a = Screen(id: "a"), b = Screen(id: "b"), c = Screen(id: "c")
        a.advanceAfter = .seconds(8)
        b.advanceAfter = .seconds(8)
        let scene = Scene(designSize: Size(800, 480), screens: [a, b, c], startScreen: "b")
        #expect(scene.nextDeadline == .seconds(8))
        scene.fireDeadlines(upTo: .seconds(8))
        #expect(scene.currentScreen.id == "c")
        #expect(scene.transition != nil)   // a fade
        var t = Instant.seconds(8)
        while scene.isAnimating { t += .milliseconds(8); scene.step(.milliseconds(8), at: t) }
        #expect(scene.nextDeadline == nil)   // c stays
        #expect(!scene.goBack())
        #expect(scene.showScreen("a"))
        #expect(scene.nextDeadline == t + .seconds(8))
        // A touch on an attract screen is a touch like any: it starts the count again.
        let tracker = GestureTracker()
        scene.handle(tracker.handle(TouchEvent(slot: 0, phase: .down, position: Point(10, 10), time: t + .seconds(5))))
        #expect(scene.nextDeadline == t + .seconds(13))
    }

    @Test("a reload goes on counting from the last touch: a kiosk idle for long is not sent home by it, nor does its count start again")
    func reloadKeepsTheCount() {
        let (old, _) = Self.kiosk()
        #expect(old.showScreen("menu"))
        let tracker = GestureTracker()
        old.handle(tracker.handle(TouchEvent(slot: 0, phase: .down, position: Point(400, 240), time: .seconds(30))))
        old.handle(tracker.handle(TouchEvent(slot: 0, phase: .up, position: Point(400, 240), time: .seconds(30))))
        let (new, _) = Self.kiosk()
        new.step(.zero, at: .seconds(50))
        #expect(new.showScreen("menu", sendsEvents: false))
        new.takeTimers(from: old)
        #expect(new.nextDeadline == .seconds(90))
    }
}
