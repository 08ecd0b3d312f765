import KioskCore
import KioskUI

/// One line of text that a person types, with an on-screen `Keypad` bound to it (a PIN, a
/// quantity, a locker number): a box showing the text, or its `placeholder` dimmed while it
/// is empty, with a caret after the last character. A masked field (`isMasked`) draws each
/// character as a ● (a PIN).
///
/// **Its text is its value** (`{"text": "1234"}`): every key typed sends `textChanged` with
/// the whole text (a masked field's: its length), OK sends `submitted`, and the owner reads it with `get` and sets or clears
/// it with `set` (`kiosk ctl set pin text=`), which sends `textChanged` as well. Text never
/// grows past `maxLength` characters: a key typed into a full field is ignored, a longer text
/// from the owner is cut. Templates follow it like any value.
///
/// **A masked field's text is secret** (`valueIsSecret`): it leaves the kiosk only in
/// `submitted`, to the owner that checks the PIN (over MQTT only with `mqtt.maskedText`; else
/// its length). Its `textChanged`, `get`, `subscribe`'s state and templates carry only its
/// `length`; the state file and MQTT's retained state nothing. A PIN is typed for one login,
/// not kept.
///
/// **The caret** stands where typing goes (`caretIndex`): at the end after a `set`, moved by a
/// tap between the characters nearest the finger. A text longer than the box scrolls so that
/// the caret stays in view. The caret does not blink: a blinking caret would wake the kiosk
/// twice a second for as long as the field is shown, and an idle kiosk draws nothing.
///
/// **Focus.** A tap on the field focuses it (`Scene.focusedControl`, one field at a time): a
/// hardware keyboard and the on-screen keyboard type into the focused field, and a focused
/// field's border is drawn thicker. Its keypad types into it whether it has the focus or not.
public final class TextField: Control, TextInputTarget {
    /// What a masked field draws for each character.
    public static let maskCharacter: Character = "●"
    /// How far the text sits inside the box's left and right edges.
    public static let textInset = 12.0
    /// The caret's width; at the end it stands 2 px after the last character.
    public static let caretWidth = 2.0
    /// How far past the caret a scrolled text keeps in view, so a typed character shows whole.
    static let caretMargin = 6.0

    /// The text typed or set (the value). Change it with `insert(_:)`, `deleteBackward()`,
    /// `setText(_:)` or the value's `setValue(_:sendsEvents:)`.
    public private(set) var text: String
    /// Where typing goes, in characters from the start (0…`text.count`): the end after a `set`,
    /// where a tap put it. Typing inserts there, ⌫ removes the character before it.
    public private(set) var caretIndex: Int
    /// How far a text wider than the box is scrolled, in design pixels from its start (kept so
    /// that the caret stays in view and the text does not jump as it moves).
    var scrollOffset = 0.0
    /// The most characters (grapheme clusters) the text may have; nil: no limit but the
    /// display's (4096 Unicode scalars).
    public let maxLength: Int?
    /// Shown dimmed while the text is empty ("PIN"); empty: nothing.
    public var placeholder: String {
        didSet { if oldValue != placeholder && text.isEmpty { invalidateText(oldShown: oldValue, wasEmpty: true) } }
    }
    /// Draws each character as `maskCharacter`, and keeps the text out of the state file and
    /// MQTT's retained state (see `valueIsSecret`).
    public var isMasked: Bool { didSet { if oldValue != isMasked { invalidate() } } }
    /// A Pango font description for the text; nil takes the theme's.
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    /// The text's colour (the placeholder's too, dimmed); nil takes the theme's text colour.
    public var textColor: Color? { didSet { if oldValue != textColor { invalidate() } } }
    /// The box's fill; nil takes the theme's button background.
    public var backgroundColor: Color? { didSet { if oldValue != backgroundColor { invalidate() } } }
    /// Where the text sits across the box.
    public var alignment: TextAlignment { didSet { if oldValue != alignment { invalidate() } } }

    /// A field showing `text` (cut to `maxLength` characters); `maxLength` nil or below 1 sets
    /// no limit of its own.
    public init(id: String, frame: Rect, theme: Theme = .standard, text: String = "", maxLength: Int? = nil,
                placeholder: String = "", masked: Bool = false, alignment: TextAlignment = .leading) {
        let limit = maxLength.flatMap { $0 >= 1 ? $0 : nil }
        self.maxLength = limit
        self.text = Self.cut(text, to: limit)
        caretIndex = self.text.count
        self.placeholder = placeholder
        self.isMasked = masked
        self.alignment = alignment
        super.init(id: id, frame: frame, theme: theme)
    }

    // MARK: Editing

    /// Types `characters` at the caret, as many as fit under `maxLength`, the caret after them;
    /// sends `textChanged` when the text changed. Returns whether it did (false: the field was
    /// full, or `characters` empty).
    @discardableResult
    public func insert(_ characters: String) -> Bool {
        let caret = text.index(text.startIndex, offsetBy: caretIndex)
        let room = maxLength.map { max(0, $0 - text.count) } ?? Int.max
        let typed = Self.cut(String(characters.prefix(room)), to: nil)
        let newText = Self.cut(String(text[..<caret]) + typed + String(text[caret...]), to: maxLength)
        let before = text.count
        guard replaceText(with: newText, caret: caretIndex + max(0, newText.count - before)) else { return false }
        sendTextChanged()
        return true
    }

    /// Removes the character before the caret; sends `textChanged` when there was one.
    /// Returns whether the text changed (false with the caret at the start).
    @discardableResult
    public func deleteBackward() -> Bool {
        guard caretIndex > 0 else { return false }
        var newText = text
        newText.remove(at: newText.index(newText.startIndex, offsetBy: caretIndex - 1))
        replaceText(with: newText, caret: caretIndex - 1)
        sendTextChanged()
        return true
    }

    /// Removes the character after the caret; sends `textChanged` when there was one.
    /// Returns whether the text changed (false with the caret at the end).
    @discardableResult
    public func deleteForward() -> Bool {
        guard caretIndex < text.count else { return false }
        var newText = text
        newText.remove(at: newText.index(newText.startIndex, offsetBy: caretIndex))
        replaceText(with: newText, caret: caretIndex)
        sendTextChanged()
        return true
    }

    /// Puts the caret before the character at `index` (clamped to 0…`text.count`).
    public func moveCaret(to index: Int) {
        let index = min(max(index, 0), text.count)
        guard index != caretIndex else { return }
        caretIndex = index
        invalidate(frame.insetBy(2))
    }

    /// Sends `submitted` with the text as it is (empty included: the owner says what an empty
    /// PIN means). The text stays; the owner clears it (`set` with `text` "").
    public func submit() {
        send(.submitted, fields: [("text", .string(text))], disclosing: isMasked ? lengthValue : nil)
    }

    /// Replaces the text (cut to `maxLength`), without events: what Swift code does when the
    /// change is not news (a state restored). `setValue(_:sendsEvents:)` sends them.
    public func setText(_ newText: String) {
        replaceText(with: Self.cut(newText, to: maxLength))
    }

    /// The new text with the caret at `caret` (nil: at the end); false when the text is the
    /// one shown.
    @discardableResult
    private func replaceText(with newText: String, caret: Int? = nil) -> Bool {
        guard newText != text else { return false }
        let old = text, oldCaret = caretIndex
        text = newText
        caretIndex = min(caret ?? newText.count, newText.count)
        let atEnds = oldCaret == old.count && caretIndex == newText.count
        invalidateText(oldShown: old.isEmpty ? placeholder : displayed(old), wasEmpty: old.isEmpty, caretsAtEnd: atEnds)
        return true
    }

    /// A masked field's says only how long the text is: every key would otherwise put the PIN
    /// on every channel that hears events.
    private func sendTextChanged() { send(.textChanged, fields: disclosedValue ?? []) }

    /// `{"length": n}`: what may be said of a masked field's text.
    private var lengthValue: [(name: String, value: EventScalar)] { [("length", .number(Double(text.count)))] }

    /// `text` cut to `limit` characters and to the display's limits (whole characters only).
    static func cut(_ text: String, to limit: Int?) -> String {
        var result = Substring(text)
        if let limit, text.count > limit { result = result.prefix(limit) }
        var scalars = 0
        var end = result.startIndex
        for character in result {
            let count = character.unicodeScalars.count
            guard count <= DisplayTextLimits.maximumCharacterScalars,
                  scalars + count <= DisplayTextLimits.maximumScalars else { break }
            scalars += count
            end = result.index(after: end)
        }
        return String(result[..<end])
    }

    // MARK: Value

    /// `{"text": …}`.
    public override var currentValue: [(name: String, value: EventScalar)]? { [("text", .string(text))] }

    /// A masked field's text is a secret (a PIN): it leaves only in `submitted`.
    public override var valueIsSecret: Bool { isMasked }

    /// `{"text": …}`, or a masked field's `{"length": n}`.
    public override var disclosedValue: [(name: String, value: EventScalar)]? {
        isMasked ? lengthValue : currentValue
    }

    /// Sets `text` (cut to `maxLength`); a number is taken as the text it reads as (`kiosk ctl
    /// set pin text=42` cannot say which it meant). Sends `textChanged` when the text changed
    /// and `sendsEvents`.
    public override func setValue(_ fields: [(name: String, value: EventScalar)],
                                  sendsEvents: Bool = true) throws(ControlValueError) {
        if let error = ControlValueError.unknownFields(fields, known: ["text"], control: id) { throw error }
        guard let field = fields.last else { return }
        let newText: String
        switch field.value {
        case .string(let s): newText = s
        case .number(let n) where n.isFinite: newText = JSONWriter.format(n)
        default: throw ControlValueError("'\(id)'.text must be text (found \(field.value.kindDescription))")
        }
        guard replaceText(with: Self.cut(newText, to: maxLength)) else { return }
        if sendsEvents { sendTextChanged() }
    }

    // MARK: Focus and touch

    /// An enabled field takes the focus.
    public override var acceptsFocus: Bool { true }

    /// A finger on the field is the field's: a tap focuses it and places the caret.
    public override func touchBegan(at point: Point, time: Instant) -> Bool { true }

    /// Focuses the field and puts the caret between the characters nearest the tap.
    public override func touchTapped(at point: Point, time: Instant) {
        host?.focus(self)
        if let measurer = host?.textMeasurer { moveCaret(to: caretIndex(at: point.x, measurer: measurer)) }
    }

    // MARK: Drawing (TextField+Drawing.swift)

    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawField(canvas, in: dirty) }
}
