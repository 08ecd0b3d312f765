import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// Keys as the scene takes them (issue 31): text, ⌫, Delete, Enter and the caret keys go to
/// the focused field; Tab and Shift+Tab move the focus; Escape sends the popup on top away;
/// with no field focused, typing is ignored without a word.
@Suite("Keys")
struct SceneKeyTests {
    func fields() -> (SceneHarness, TextField, TextField) {
        let a = TextField(id: "a", frame: Rect(40, 40, 300, 60))
        let b = TextField(id: "b", frame: Rect(40, 140, 300, 60))
        return (SceneHarness(screen: [a, b], overlays: [popup("note")]), a, b)
    }

    @Test("typed keys and ⌫ edit the focused field at its caret; Enter submits it; events are a person's")
    func editing() {
        let (ui, a, b) = fields()
        ui.scene.focus(b)
        for key in ["K", "7", "Q", "X"] { ui.scene.handleKey(.text(key)) }
        ui.scene.handleKey(.backspace)
        ui.scene.handleKey(.left)
        ui.scene.handleKey(.left)
        ui.scene.handleKey(.text("-"))
        ui.scene.handleKey(.delete)
        // K7QX, ⌫: K7Q; two left: K|7Q; "-": K-|7Q; Delete takes the 7.
        #expect(b.text == "K-Q" && a.text.isEmpty)
        #expect(b.caretIndex == 2)
        ui.scene.handleKey(.end)
        #expect(b.caretIndex == 3)
        ui.scene.handleKey(.home)
        #expect(b.caretIndex == 0 && !ui.scene.handleKey(.left), "nothing before the start")
        ui.scene.handleKey(.enter)
        ui.step()
        #expect(ui.events(.submitted, from: "b").map { $0["text"] } == [.string("K-Q")])
        #expect(ui.events.allSatisfy { $0.origin == .touch })
    }

    @Test("without a focused field typing, ⌫ and Enter do nothing and say nothing")
    func nothingFocused() {
        let (ui, a, b) = fields()
        #expect(!ui.scene.handleKey(.text("x")) && !ui.scene.handleKey(.backspace) && !ui.scene.handleKey(.enter))
        ui.step()
        #expect(ui.events.isEmpty && a.text.isEmpty && b.text.isEmpty)
    }

    @Test("Tab and Shift+Tab move the focus between the fields")
    func tab() {
        let (ui, a, b) = fields()
        ui.scene.handleKey(.tab)
        #expect(a.isFocused)
        ui.scene.handleKey(.tab)
        #expect(b.isFocused)
        ui.scene.handleKey(.backTab)
        #expect(a.isFocused)
    }

    @Test("Escape dismisses the popup on top, but not a modal one")
    func escape() {
        let (ui, _, _) = fields()
        #expect(!ui.scene.handleKey(.escape), "no popup")
        ui.show("note")
        ui.settle()
        #expect(ui.scene.handleKey(.escape))
        ui.settle()
        #expect(ui.scene.overlays.isEmpty)
        let modal = popup("modal")
        modal.isModal = true
        ui.scene.register(modal)
        ui.show("modal")
        ui.settle()
        #expect(!ui.scene.handleKey(.escape))
        #expect(ui.scene.overlays.count == 1)
    }

    @Test("while a popup is on top typing reaches no field behind it; once it goes the field has the focus again")
    func popupCoversTheFocus() {
        let (ui, a, _) = fields()
        ui.scene.focus(a)
        ui.show("note")
        #expect(ui.scene.focusedControl == nil && !ui.scene.handleKey(.text("x")))
        ui.scene.handleKey(.escape)
        ui.settle()
        #expect(ui.scene.focusedControl === a && ui.scene.handleKey(.text("x")))
        #expect(a.text == "x")
    }

    @Test("left and right are screen directions: in right-to-left text left moves onwards")
    func rightToLeft() {
        let (ui, _, b) = fields()
        ui.scene.language = DisplayLanguage(code: "ar")
        ui.scene.focus(b)
        ui.scene.handleKey(.text("سلام"))
        ui.scene.handleKey(.right)
        #expect(b.caretIndex == 3)
        ui.scene.handleKey(.left)
        #expect(b.caretIndex == 4)
    }
}
