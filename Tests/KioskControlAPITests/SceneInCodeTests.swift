import Testing
import KioskCore
import KioskTestSupport
import KioskUI

/// Scenes built and changed in code: controls added, removed and replaced at run time repaint
/// only where they were and where they are.
@Suite("Scenes in code")
struct SceneInCodeTests {
    func scene(_ controls: [Control]) -> (Scene, Screen) {
        let screen = Screen(id: "main", controls: controls)
        let scene = Scene(designSize: Size(320, 240), screens: [screen])
        _ = scene.takeDamage()
        return (scene, screen)
    }

    func covers(_ damage: DamageRegion, _ rect: Rect) -> Bool {
        damage.rects.contains { $0.contains(rect.origin) && $0.contains(Point(rect.maxX - 0.5, rect.maxY - 0.5)) }
    }

    @Test("a control replaced at run time repaints its old paint bounds and the new one's, nothing else")
    func replaceDamage() {
        let old = Stepper(id: "count", frame: Rect(20, 20, 60, 40))
        let bystander = Stepper(id: "other", frame: Rect(200, 160, 60, 40))
        let (scene, screen) = scene([old, bystander])
        let new = Lamp(id: "count", frame: Rect(100, 100, 80, 40))
        #expect(screen.replace("count", with: new) === old)
        let damage = scene.takeDamage()
        #expect(covers(damage, old.paintBounds))
        #expect(covers(damage, new.paintBounds))   // with its 3 px shadow margin
        #expect(!damage.rects.contains { $0.intersects(bystander.frame) })
        #expect(damage.area <= old.paintBounds.area + new.paintBounds.area)
        #expect(screen.controls.map(\.id) == ["count", "other"])
        #expect(scene.control(withID: "count") === new)
        #expect(old.host == nil)
    }

    @Test("adding and removing controls repaints only their bounds; removing an unknown id changes nothing")
    func addAndRemove() {
        let (scene, screen) = scene([])
        let lamp = Lamp(id: "wifi", frame: Rect(40, 40, 80, 40))
        screen.add(lamp)
        #expect(scene.takeDamage().rects == [lamp.paintBounds.integral])
        #expect(screen.remove("nothing") == nil)
        #expect(scene.takeDamage().isEmpty)
        #expect(screen.remove("wifi") === lamp)
        #expect(scene.takeDamage().rects == [lamp.paintBounds.integral])
        #expect(scene.control(withID: "wifi") == nil)
    }

    @Test("a control removed while a finger holds it is cancelled and hears nothing more from that finger")
    func removeWhileHeld() {
        let lamp = Lamp(id: "wifi", frame: Rect(40, 40, 120, 40))
        let (scene, screen) = scene([lamp])
        scene.handle(.pressed(slot: 0, location: Point(60, 60), time: .milliseconds(10)))
        scene.handle(.panBegan(slot: 0, start: Point(60, 60), location: Point(80, 60), time: .milliseconds(20)))
        screen.remove("wifi")
        scene.handle(.panChanged(slot: 0, location: Point(100, 60), translation: Point(40, 0), velocity: .zero,
                                 time: .milliseconds(30)))
        scene.handle(.released(slot: 0, location: Point(100, 60), time: .milliseconds(40)))
        #expect(lamp.calls == ["began", "moved", "cancelled"])
    }

    @Test("a control sends nothing while it is on no screen")
    func detachedSendsNothing() {
        let stepper = Stepper(id: "count", frame: Rect(0, 0, 10, 10))
        let (scene, _) = scene([])
        stepper.increment()
        #expect(!scene.hasPendingEvents)
    }
}
