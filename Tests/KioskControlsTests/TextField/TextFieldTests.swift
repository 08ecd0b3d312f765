@testable import KioskControls
import KioskCore
import KioskTestSupport
@testable import KioskUI
import Testing

/// The text field on its own: what typing, deleting and the owner's `set` do to its text and
/// its events, `maxLength`, the mask, the placeholder, and what each change repaints.
@Suite("Text field")
struct TextFieldTests {
    func field(maxLength: Int? = 4, masked: Bool = false, text: String = "") -> TextField {
        TextField(id: "pin", frame: Rect(40, 40, 300, 60), text: text, maxLength: maxLength, placeholder: "PIN",
                  masked: masked)
    }

    @Test("each character typed is one textChanged with the whole text; submit sends submitted and keeps the text")
    func typingAndSubmitting() {
        let pin = field()
        let ui = SceneHarness([pin])
        #expect(pin.insert("1") && pin.insert("2"))
        pin.submit()
        ui.step()
        #expect(pin.text == "12")
        #expect(ui.events.map(\.kind) == [.textChanged, .textChanged, .submitted])
        #expect(ui.events.map { $0["text"] } == [.string("1"), .string("12"), .string("12")])
        #expect(pin.currentValue?.map(\.name) == ["text"])
    }

    @Test("a full field ignores another key: no change, no event; a longer insert keeps what fits")
    func maxLength() {
        let pin = field()
        let ui = SceneHarness([pin])
        pin.insert("1234")
        ui.step()
        let before = ui.events.count
        #expect(!pin.insert("5"))
        ui.step()
        #expect(pin.text == "1234" && ui.events.count == before)
        let code = field(maxLength: 3)
        code.insert("98765")
        #expect(code.text == "987")
    }

    @Test("delete removes the last character; on an empty field it does nothing and sends nothing")
    func deleteBackward() {
        let pin = field(text: "12")
        let ui = SceneHarness([pin])
        #expect(pin.deleteBackward())
        #expect(pin.text == "1")
        #expect(pin.deleteBackward() && pin.text.isEmpty)
        #expect(!pin.deleteBackward())
        ui.step()
        #expect(ui.events.map { $0["text"] } == [.string("1"), .string("")])
    }

    @Test("the owner clears or sets the text through setValue, cut to maxLength, with textChanged; a restore sends none")
    func ownerSetsTheText() throws {
        let pin = field(text: "12")
        let ui = SceneHarness([pin])
        try pin.setValue([("text", .string(""))])
        #expect(pin.text.isEmpty)
        try pin.setValue([("text", .string("987654"))])
        #expect(pin.text == "9876")
        try pin.setValue([("text", .number(42))])   // `kiosk ctl set pin text=42`
        #expect(pin.text == "42")
        try pin.setValue([("text", .string("7"))], sendsEvents: false)
        #expect(pin.text == "7")
        try pin.setValue([("text", .string("7"))])   // no change, no event
        ui.step()
        #expect(ui.events.map(\.kind) == [.textChanged, .textChanged, .textChanged])
        #expect(ui.events.map { $0["text"] } == [.string(""), .string("9876"), .string("42")])
        #expect(throws: ControlValueError("'pin'.text must be text (found a boolean)")) {
            try pin.setValue([("text", .bool(true))])
        }
        #expect(throws: ControlValueError.self) { try pin.setValue([("value", .string("1"))]) }
    }

    @Test("text longer than the display's limit is cut at a whole character")
    func displayLimit() {
        let long = TextField(id: "note", frame: Rect(0, 0, 300, 40), text: String(repeating: "é", count: 5000))
        #expect(long.text.unicodeScalars.count <= 4096)
        #expect(long.text.count == 4096)
        #expect(long.maxLength == nil)
    }

    @Test("a masked field draws one ● per character and keeps its text secret; an empty one draws its placeholder")
    func maskAndPlaceholder() {
        let pin = field(masked: true)
        let canvas = RecordingCanvas()
        pin.draw(canvas, in: pin.frame)
        #expect(texts(canvas) == ["PIN"])
        pin.insert("123")
        canvas.calls = []
        pin.draw(canvas, in: pin.frame)
        #expect(texts(canvas) == ["●●●"])
        #expect(pin.valueIsSecret)
        pin.isMasked = false
        canvas.calls = []
        pin.draw(canvas, in: pin.frame)
        #expect(texts(canvas) == ["123"])
        #expect(!pin.valueIsSecret)
    }

    @Test("a key typed repaints the band of the old and new words and the caret inside the border, not the field")
    func damageIsTheTextBand() {
        let pin = field()
        let ui = SceneHarness([pin])
        let measurer = RecordingCanvas()   // 10 px per character
        ui.scene.textMeasurer = measurer
        pin.insert("1")
        _ = ui.scene.takeDamage()
        pin.insert("2")
        let damage = ui.scene.takeDamage()
        let inside = pin.frame.insetBy(2)
        #expect(damage.rects.allSatisfy { inside.contains($0) }, "\(damage)")
        #expect(damage.area < pin.frame.area / 3, "\(damage)")
        withExtendedLifetime(measurer) {}
    }

    @Test("the caret stands after the text, or before the placeholder on an empty field")
    func caret() {
        let pin = field()
        let empty = pin.caretX(width: 30, empty: true)
        #expect(empty < pin.textStart(width: 30))
        let typed = pin.caretX(width: 30, empty: false)
        #expect(typed == pin.textStart(width: 30) + 32)
        #expect(pin.caretX(width: 10_000, empty: false) <= pin.frame.maxX - 4 - TextField.caretWidth)
    }

    func texts(_ canvas: RecordingCanvas) -> [String] {
        canvas.calls.compactMap { if case .text(let s, _) = $0 { return s } else { return nil } }
    }
}
