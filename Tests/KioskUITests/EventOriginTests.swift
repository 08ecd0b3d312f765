import KioskControls
import KioskTestSupport
import Testing
import KioskCore
import KioskUI

/// Who caused an event: a person's touches and what they set going are `.touch`, what the
/// scene is asked from outside a touch is `.owner`, and each motion keeps the origin of what
/// started it.
@Suite("Event origin")
struct EventOriginTests {
    /// A 430x30 slider at (40, 100) over 0…100: the lower knob's centre is at x = 55 + 4v.
    func makeSlider() -> RangeSlider {
        RangeSlider(id: "price", frame: Rect(40, 100, 430, 30), minimum: 0, maximum: 100, lower: 20, upper: 80)
    }

    @Test("a finger's drag is the person's; the same change made from outside a touch is the owner's")
    func touchAndOwner() throws {
        let slider = makeSlider()
        let h = SceneHarness([slider])
        h.drag(from: Point(135, 115), to: Point(175, 115), steps: 2)
        #expect(!h.events.isEmpty && h.events.allSatisfy { $0.origin == .touch })
        try slider.setValue([("lower", 50)])
        let owner = h.scene.drainEvents()
        #expect(owner.map(\.kind) == [.valueChanged, .valueCommitted])
        #expect(owner.allSatisfy { $0.origin == .owner })
        #expect(owner[0].description.contains(#""event": "valueChanged", "origin": "owner", "value""#))
        #expect(!h.events[0].description.contains("origin"))
    }

    @Test("an owner's set in the middle of a drag is not merged into the finger's valueChanged, nor the finger's into it")
    func coalescingKeepsOriginsApart() throws {
        let slider = makeSlider()
        let h = SceneHarness([slider])
        h.scene.handle(h.tracker.handle(TouchEvent(slot: 0, phase: .down, position: Point(135, 115), time: .milliseconds(0))))
        h.scene.handle(h.tracker.handle(TouchEvent(slot: 0, phase: .move, position: Point(155, 115), time: .milliseconds(16))))
        try slider.setValue([("upper", 90)])
        h.scene.handle(h.tracker.handle(TouchEvent(slot: 0, phase: .move, position: Point(159, 115), time: .milliseconds(32))))
        h.scene.handle(h.tracker.handle(TouchEvent(slot: 0, phase: .move, position: Point(163, 115), time: .milliseconds(48))))
        let events = h.scene.drainEvents()
        #expect(events.map { "\($0.kind)/\($0.origin)" }
                == ["valueChanged/touch", "valueChanged/owner", "valueCommitted/owner", "valueChanged/touch"])
        #expect(events.last?["lower"] == 27)   // the finger's two later moves did coalesce
    }

    @Test("a panel shown by the owner announces panelShown as the owner's, one shown by a tap as the person's")
    func motionsKeepTheirOrigin() {
        let panel = Panel(id: "filters", style: PanelStyle(edge: .bottom, extent: 0.5))
        let open = Button(id: "open", frame: Rect(40, 400, 160, 48), title: "Open", action: .showPanel("filters"))
        let h = SceneHarness(screen: [open], overlays: [panel])
        h.scene.showOverlay("filters")
        h.run(until: 500)
        panel.dismiss()
        h.run(until: 1000)
        h.tap(100, 420, at: 1000)
        h.run(until: 1500)
        let shown = h.events.filter { $0.kind == .panelShown }.map(\.origin)
        #expect(shown == [.owner, .touch])
        #expect(h.events.filter { $0.kind == .panelDismissed }.map(\.origin) == [.owner])
    }

    @Test("an observer acts with the origin of the event it hears: a tap's consequences are the person's")
    func observersInheritTheOrigin() {
        let slider = makeSlider()
        let button = Button(id: "reset", frame: Rect(40, 400, 160, 48), title: "Reset")
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [slider, button])])
        button.addObserver(for: .tapped) { _ in try? slider.setValue([("lower", 0)]) }
        scene.handle([.pressed(slot: 0, location: Point(100, 420), time: .milliseconds(0)),
                      .tapped(slot: 0, location: Point(100, 420), time: .milliseconds(10)),
                      .released(slot: 0, location: Point(100, 420), time: .milliseconds(10))])
        scene.dispatchEvents()
        let reset = scene.dispatchEvents().filter { $0.source == "price" }
        #expect(reset.map(\.origin) == [.touch, .touch])
    }

    @Test("a drag the owner cancels (by switching screens) commits as the person's")
    func cancelledDragIsThePersons() {
        let slider = makeSlider()
        let h = SceneHarness([slider])
        h.scene.add(screen: Screen(id: "second"))
        h.down(135, 115)
        h.move(175, 115)
        h.scene.showScreen("second")
        let events = h.scene.drainEvents()
        #expect(events.first { $0.kind == .valueCommitted }?.origin == .touch)
        #expect(events.first { $0.kind == .screenChanged }?.origin == .owner)
    }

    @Test("withEventOrigin stamps what is posted inside it and restores the outer origin")
    func explicitOrigin() {
        let h = SceneHarness()
        #expect(h.scene.eventOrigin == .owner)
        h.scene.withEventOrigin(.kiosk) {
            h.scene.post(.screenOff, source: "kiosk")
            h.scene.withEventOrigin(.touch) { h.scene.post(.screenOn, source: "kiosk") }
            #expect(h.scene.eventOrigin == .kiosk)
        }
        #expect(h.scene.eventOrigin == .owner)
        #expect(h.scene.drainEvents().map(\.origin) == [.kiosk, .touch])
    }
}
