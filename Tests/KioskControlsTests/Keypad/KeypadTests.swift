@testable import KioskControls
import KioskCore
import KioskTestSupport
@testable import KioskUI
import Testing

/// The keypad and the text field it is bound to: taps on its keys type, delete and submit
/// into the field found by id (on the same screen or from a panel), each key lights up as a
/// button does, only the pressed key's cell is repainted, and drags are not its own.
@Suite("Keypad")
struct KeypadTests {
    static let padFrame = Rect(400, 100, 300, 320)   // keys 100x80

    func pinAndPad(maxLength: Int = 4) -> (TextField, Keypad, SceneHarness) {
        let pin = TextField(id: "pin", frame: Rect(40, 40, 300, 60), maxLength: maxLength, masked: true)
        let pad = Keypad(id: "pad", frame: Self.padFrame, fieldID: "pin")
        return (pin, pad, SceneHarness([pin, pad]))
    }

    func tap(_ key: Keypad.Key, on pad: Keypad, _ ui: SceneHarness) {
        ui.tap(pad.keyRect(of: key).center)
    }

    @Test("the keys are laid out 3×4: 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 ✓, each cell a twelfth of the frame")
    func layout() {
        let pad = Keypad(id: "pad", frame: Self.padFrame, fieldID: "pin")
        #expect(Keypad.keys.map(Keypad.label(of:)) == ["1", "2", "3", "4", "5", "6", "7", "8", "9", "⌫", "0", "✓"])
        #expect(pad.cell(of: .digit(1)) == Rect(400, 100, 100, 80))
        #expect(pad.cell(of: .submit) == Rect(600, 340, 100, 80))
        #expect(pad.keyRect(of: .digit(5)) == Rect(504, 184, 92, 72))
        #expect(pad.key(at: Point(450, 380)) == .delete)
        #expect(pad.key(at: Point(550, 419.9)) == .digit(0))
        #expect(pad.key(at: Point(699.9, 419.9)) == .submit)
        #expect(pad.key(at: Point(399, 200)) == nil)
    }

    @Test("tapping 1 2 3 4 OK types the PIN into the field and submits it: the field's events, none of the pad's")
    func typesAndSubmits() {
        let (pin, pad, ui) = pinAndPad()
        for d in [1, 2, 3, 4] { tap(.digit(d), on: pad, ui) }
        tap(.submit, on: pad, ui)
        #expect(pin.text == "1234")
        #expect(ui.events.allSatisfy { $0.source == "pin" })
        #expect(ui.events.map(\.kind) == [.textChanged, .textChanged, .textChanged, .textChanged, .submitted])
        #expect(ui.events.last?["text"] == .string("1234"))
        #expect(ui.events.allSatisfy { $0.origin == .touch })
    }

    @Test("a fifth digit into a 4-digit field types nothing; ⌫ removes the last, and on an empty field does nothing")
    func maxLengthAndDelete() {
        let (pin, pad, ui) = pinAndPad()
        for d in [1, 2, 3, 4, 5] { tap(.digit(d), on: pad, ui) }
        #expect(pin.text == "1234")
        #expect(ui.events(.textChanged).count == 4)
        tap(.delete, on: pad, ui)
        #expect(pin.text == "123")
        try? pin.setValue([("text", .string(""))])
        let before = ui.events.count
        tap(.delete, on: pad, ui)
        #expect(pin.text.isEmpty)
        #expect(ui.events.count == before + 1, "the owner's clear only")
    }

    @Test("the owner clearing the field mid-PIN: the next key starts again")
    func ownerClears() throws {
        let (pin, pad, ui) = pinAndPad()
        tap(.digit(7), on: pad, ui)
        try pin.setValue([("text", .string(""))])
        tap(.digit(8), on: pad, ui)
        #expect(pin.text == "8")
    }

    @Test("a disabled field, or an id that names no text field, types nothing")
    func unboundOrDisabled() {
        let (pin, pad, ui) = pinAndPad()
        pin.isEnabled = false
        tap(.digit(1), on: pad, ui)
        #expect(pin.text.isEmpty)
        pin.isEnabled = true
        pad.fieldID = "nothing"
        tap(.digit(1), on: pad, ui)
        tap(.submit, on: pad, ui)
        #expect(pin.text.isEmpty && ui.events.isEmpty)
        #expect(pad.field == nil)
    }

    @Test("a keypad in a panel types into the field on the screen under it")
    func fromAPanel() {
        let pin = TextField(id: "pin", frame: Rect(40, 40, 300, 60))
        let pad = Keypad(id: "pad", frame: Rect(20, 10, 300, 200), fieldID: "pin")
        let panel = Panel(id: "keys", style: PanelStyle(edge: .bottom, extent: 0.5), controls: [pad])
        let ui = SceneHarness(screen: [pin], overlays: [panel])
        ui.show("keys")
        ui.settle()
        #expect(pad.field === pin)
        // The panel's top edge is at y 240 of the 800x480 scene; the pad's 1 at (70, 35) in it.
        ui.tap(Point(70, 275))
        #expect(pin.text == "1")
        pad.enter(.delete)
        pad.enter(.digit(4))
        pad.enter(.digit(2))
        pad.enter(.submit)
        #expect(pin.text == "42")
        ui.step()
        #expect(ui.events(.submitted, from: "pin").first?["text"] == .string("42"))
    }

    @Test("a pressed key lights up at once and fades after the lift; only its cell is repainted")
    func pressedLookAndDamage() throws {
        let (_, pad, ui) = pinAndPad()
        let five = pad.keyRect(of: .digit(5))
        _ = ui.scene.takeDamage()
        ui.down(five.center)
        #expect(pad.pressedKey == .digit(5) && pad.pressedAmount == 1)
        let pressDamage = ui.scene.takeDamage()
        #expect(pressDamage.rects.allSatisfy { five.integral.contains($0) } && !pressDamage.isEmpty, "\(pressDamage)")
        ui.touch(.up, at: 500)
        _ = ui.scene.takeDamage()
        let steps = try #require(ui.stepsUntilIdle(limit: 100))
        #expect((17...20).contains(steps), "the 150 ms fade: \(steps) steps")
        #expect(pad.pressedAmount == 0 && pad.pressedKey == nil)
        let fadeDamage = ui.scene.takeDamage()
        #expect(fadeDamage.rects.allSatisfy { five.integral.contains($0) }, "\(fadeDamage)")
        ui.stepOnce()
        #expect(ui.scene.takeDamage().isEmpty && !ui.scene.isAnimating, "idle after the fade")
    }

    @Test("a finger that slides off its key lets the highlight go and types nothing")
    func slideOff() {
        let (pin, pad, ui) = pinAndPad()
        let one = pad.keyRect(of: .digit(1)).center
        ui.drag(from: one, to: Point(one.x + 150, one.y))
        #expect(pin.text.isEmpty)
        ui.settle()
        #expect(pad.pressedAmount == 0)
    }

    @Test("the pressed key is drawn mixed toward the accent; ✓ in the accent")
    func pressedColours() {
        let (_, pad, ui) = pinAndPad()
        ui.down(pad.keyRect(of: .digit(2)).center)
        let canvas = RecordingCanvas()
        pad.draw(canvas, in: pad.frame)
        let fills = canvas.calls.compactMap { call -> Paint? in if case .fill(_, let paint) = call { return paint } else { return nil } }
        #expect(fills.count == 12)
        #expect(fills[1] == .solid(Theme.standard.accent))
        #expect(fills[0] == .solid(Theme.standard.buttonBackground))
        #expect(fills[11] == .solid(Theme.standard.accent))
    }

    @Test("keys are taps: a scroll container around the pad takes every drag")
    func keepsNoDrag() {
        let pad = Keypad(id: "pad", frame: Self.padFrame, fieldID: "pin")
        #expect(DragAxis.allCases.allSatisfy { !pad.keepsDrag(along: $0) })
        #expect(DragOwnership.containerTakesOver(.vertical, translation: Point(0, 30), from: pad))
    }

    @Test("on swipeable pages a sideways drag that starts on a key turns the page and types nothing; a tap still types")
    func onPages() {
        let (pin, pad, ui) = pinAndPad()
        ui.scene.add(screen: Screen(id: "second"))
        #expect(ui.scene.addPageGroup(["main", "second"]) != nil)
        let five = pad.keyRect(of: .digit(5)).center
        ui.drag(from: five, to: Point(five.x - 350, five.y), at: 0, steps: 20, every: 16)
        #expect(pin.text.isEmpty)
        #expect(ui.scene.currentScreen.id == "second")
        #expect(ui.stepsUntilIdle(limit: 240) != nil)
        #expect(pad.pressedAmount == 0, "the key let go when the pages took the finger")
        ui.scene.showScreen("main", sendsEvents: false)
        ui.tap(five.x, five.y, at: 3000)
        #expect(pin.text == "5")
    }
}
