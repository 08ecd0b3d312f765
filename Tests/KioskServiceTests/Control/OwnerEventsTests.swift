import KioskTestSupport
import Testing
import KioskCore
import KioskUI
@testable import KioskService

/// What the owner sees of its own requests: their events say `"origin": "owner"`, screen
/// changes are announced, and a screen change never waits for a running one.
@Suite("The owner's events")
struct OwnerEventsTests {
    @Test("a set's valueChanged and valueCommitted carry origin owner in their JSON lines")
    func setIsTheOwners() throws {
        let target = try ControlTestTarget()
        _ = target.reply(#"{"op": "set", "control": "price", "value": {"lower": 30}}"#)
        let lines = target.scene!.drainEvents().map(\.jsonLine)
        #expect(lines == [
            #"{"t": 0, "source": "price", "event": "valueChanged", "origin": "owner", "value": {"lower": 30, "upper": 80}}"#,
            #"{"t": 0, "source": "price", "event": "valueCommitted", "origin": "owner", "value": {"lower": 30, "upper": 80}}"#,
        ])
    }

    @Test("every op's events are the owner's, those of motions it starts too (panelShown at the end of the slide)")
    func everyOpIsTheOwners() throws {
        let target = try ControlTestTarget()
        let scene = target.scene!
        _ = target.reply(#"{"op": "showPanel", "panel": "filters"}"#)
        for t in 1...40 { scene.step(.milliseconds(10), at: .milliseconds(Double(t * 10))) }
        _ = target.reply(#"{"op": "dismiss"}"#)
        for t in 41...80 { scene.step(.milliseconds(10), at: .milliseconds(Double(t * 10))) }
        _ = target.reply(#"{"op": "switchScreen", "screen": "details"}"#)
        let events = scene.drainEvents()
        #expect(events.map(\.kind) == [.panelShown, .panelDismissed, .screenChanged])
        #expect(events.allSatisfy { $0.origin == .owner })
    }

    @Test("switchScreen during a running transition retargets it instead of being refused; back names where it goes")
    func switchDuringTransition() throws {
        let target = try ControlTestTarget()
        let scene = target.scene!
        scene.add(screen: Screen(id: "third"))
        #expect(target.reply(#"{"op": "switchScreen", "screen": "details", "transition": "slideUp"}"#)
                == #"{"ok": true, "screen": "details"}"#)
        scene.step(.milliseconds(100), at: .milliseconds(100))
        #expect(target.reply(#"{"op": "switchScreen", "screen": "third", "transition": "slideUp"}"#)
                == #"{"ok": true, "screen": "third"}"#)
        #expect(scene.transition?.destination.id == "third")
        #expect(target.reply(#"{"op": "get"}"#).hasPrefix(#"{"ok": true, "screen": "third""#))
        #expect(target.reply(#"{"op": "switchScreen", "screen": "third"}"#)
                == #"{"ok": false, "error": "screen \"third\" is already shown"}"#)
        #expect(target.reply(#"{"op": "back"}"#) == #"{"ok": true, "screen": "details"}"#)
        #expect(target.reply(#"{"op": "back"}"#) == #"{"ok": true, "screen": "main"}"#)
        let screens = scene.drainEvents().filter { $0.kind == .screenChanged }
        #expect(screens.compactMap { $0["screen"]?.string } == ["details", "third", "details", "main"])
        #expect(screens.allSatisfy { $0.origin == .owner && $0.source == "kiosk" })
    }
}

/// `subscribe` answers with the state the events go on from.
@Suite("Subscribe's first line")
struct SubscribeStateTests {
    @Test("a subscriber arriving mid-way gets the screen, the overlays shown, every value and the power in its reply, as get says them")
    func stateFirst() throws {
        let target = ControlTestTarget.powered()
        target.scene = try ControlTestTarget().scene
        _ = target.reply(#"{"op": "set", "control": "price", "value": {"lower": 40}}"#)
        _ = target.reply(#"{"op": "showPanel", "panel": "filters"}"#)
        _ = target.reply(#"{"op": "switchScreen", "screen": "details", "transition": "fade"}"#)
        let reply = target.reply(#"{"op": "subscribe"}"#)
        #expect(reply == #"{"ok": true, "screen": "details", "overlays": ["filters"], "values": {"price": {"lower": 40, "upper": 80}, "#
                + #""angle": {"angle": 90}, "size": {"lower": 2, "upper": 8}}, "language": "en", "power": "on", "keepAwake": false}"#)
        #expect(reply.dropFirst(#"{"ok": true, "#.count) == target.reply(#"{"op": "get"}"#).dropFirst(#"{"ok": true, "#.count))
    }

    @Test("no run-time properties yet: the state has no properties member until a control has some")
    func noPropertiesYet() throws {
        let scene = try #require(try ControlTestTarget().scene)
        #expect(ControlRequestHandler.controls(of: scene).allSatisfy { ControlRequestHandler.runTimeProperties(of: $0).isEmpty })
        #expect(!(try ControlTestTarget()).reply(#"{"op": "subscribe"}"#).contains("properties"))
    }
}
