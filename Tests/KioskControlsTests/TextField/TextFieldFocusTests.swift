@testable import KioskControls
import KioskCore
import KioskTestSupport
@testable import KioskUI
import Testing

/// Focus and the caret (issue 31, item 2): a tap focuses a field and puts the caret between
/// the characters nearest the finger, one field has the focus at a time, typing goes to it,
/// and a text longer than the box scrolls so that the caret stays in view. The measurer is the
/// recording canvas's: every character 10 units wide.
@Suite("Text field focus and caret")
struct TextFieldFocusTests {
    /// Two fields (`a` above `b`) and a button, measured by `canvas`.
    final class Fields {
        let canvas = RecordingCanvas()
        let a = TextField(id: "a", frame: Rect(40, 40, 300, 60), text: "abcdef")
        let b = TextField(id: "b", frame: Rect(40, 140, 300, 60))
        let go = Button(id: "go", frame: Rect(40, 240, 100, 50), title: "Go")
        let ui: SceneHarness

        init() {
            ui = SceneHarness([a, b, go])
            ui.scene.textMeasurer = canvas
        }
    }

    @Test("a tap focuses the field it lands on, and only that one; a tap elsewhere leaves the focus")
    func tapFocuses() {
        let f = Fields()
        #expect(f.ui.scene.focusedControl == nil && !f.a.isFocused)
        f.ui.tap(Point(200, 170))
        #expect(f.ui.scene.focusedControl === f.b && f.b.isFocused && !f.a.isFocused)
        f.ui.tap(Point(200, 70))
        #expect(f.ui.scene.focusedControl === f.a && !f.b.isFocused)
        f.ui.tap(Point(80, 265))
        #expect(f.ui.scene.focusedControl === f.a, "a button tap keeps the focus where it was")
    }

    @Test("a tap puts the caret between the characters nearest it; typing and ⌫ work there")
    func tapPlacesTheCaret() {
        let f = Fields()
        // "abcdef" is 60 wide from the text's start (leading: textArea.minX = 52).
        f.ui.tap(Point(52 + 24, 70))
        #expect(f.a.caretIndex == 2)
        f.ui.tap(Point(52 + 26, 70))
        #expect(f.a.caretIndex == 3)
        f.a.insert("XY")
        #expect(f.a.text == "abcXYdef" && f.a.caretIndex == 5)
        f.a.deleteBackward()
        #expect(f.a.text == "abcXdef" && f.a.caretIndex == 4)
        f.ui.tap(Point(300, 70))
        #expect(f.a.caretIndex == 7, "past the end: at the end")
        f.ui.tap(Point(45, 70))
        #expect(f.a.caretIndex == 0)
        #expect(!f.a.deleteBackward(), "nothing before the caret")
        f.a.setText("new")
        #expect(f.a.caretIndex == 3, "a set puts the caret at the end")
    }

    @Test("typing goes to the focused field; with none, it is ignored without a word")
    func typingFollowsTheFocus() {
        let f = Fields()
        #expect(!f.ui.scene.typeText("x"))
        f.ui.step()
        #expect(f.ui.events.isEmpty)
        f.ui.tap(Point(200, 170))
        #expect(f.ui.scene.typeText("K7"))
        #expect(f.b.text == "K7" && f.a.text == "abcdef")
    }

    @Test("Tab and Shift+Tab move the focus in order round the end, passing over disabled and hidden fields")
    func tabOrder() {
        let f = Fields()
        let c = TextField(id: "c", frame: Rect(400, 40, 300, 60))
        f.ui.scene.currentScreen.add(c)
        #expect(f.ui.scene.moveFocus() && f.a.isFocused)
        f.ui.scene.moveFocus()
        #expect(f.b.isFocused)
        f.ui.scene.moveFocus()
        #expect(c.isFocused)
        f.ui.scene.moveFocus()
        #expect(f.a.isFocused)
        f.ui.scene.moveFocus(forward: false)
        #expect(c.isFocused)
        f.b.isEnabled = false
        f.ui.scene.moveFocus(forward: false)
        #expect(f.a.isFocused, "b is disabled")
        f.a.isHidden = true
        #expect(f.ui.scene.focusedControl == nil, "a hidden field has no focus")
    }

    @Test("a screen change takes the focus away")
    func screenChange() {
        let field = TextField(id: "f", frame: Rect(40, 40, 300, 60))
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "one", controls: [field]), Screen(id: "two")])
        scene.focus(field)
        #expect(field.isFocused)
        scene.perform(.switchScreen("two"), from: field)
        #expect(scene.focusedControl == nil)
    }

    @Test("a focused field's border is 3 px, an unfocused one's 2 px")
    func focusedBorder() {
        let f = Fields()
        func borderWidth() -> Double? {
            let canvas = RecordingCanvas()
            f.a.draw(canvas, in: f.a.frame)
            return canvas.calls.compactMap { if case .stroke(_, let w) = $0 { return w } else { return nil } }.first
        }
        #expect(borderWidth() == 2)
        f.ui.scene.focus(f.a)
        #expect(borderWidth() == 3)
    }

    @Test("a text longer than the box scrolls to keep the caret in view, at the end and after a tap")
    func longTextScrolls() throws {
        let f = Fields()
        f.a.setText(String(repeating: "w", count: 60))   // 600 wide in a 276-wide text area
        let canvas = RecordingCanvas()
        f.a.draw(canvas, in: f.a.frame)
        let lines = canvas.calls.compactMap { call -> Rect? in if case .text(_, let r) = call { return r } else { return nil } }
        let carets = canvas.calls.compactMap { call -> Rect? in
            if case .fill(let path, _) = call, case .rect(let r)? = path.elements.first, r.width == TextField.caretWidth { return r }
            return nil
        }
        let line = try #require(lines.first)
        let caret = try #require(carets.first)
        #expect(line.minX < f.a.textArea.minX - 300, "the start scrolled out at the left")
        #expect(caret.maxX <= f.a.textArea.maxX && caret.minX > f.a.textArea.maxX - 20, "the caret at the right edge")
        // Scrolled by 328 (600 + caret and its 2 px − 276): a tap 50 into the box lands 378
        // into the line, nearest the boundary after 38 characters; the text stays put.
        f.ui.tap(Point(f.a.textArea.minX + 50, 70))
        #expect(f.a.caretIndex == 38)
        #expect(f.a.scrollOffset == 328)
    }
}
