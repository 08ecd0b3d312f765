import KioskCore
import KioskUI

/// A numeric keypad bound to a `TextField` by its id (`fieldID`): twelve keys laid out 3×4 in
/// its frame, 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 ✓. A tap on a digit appends it to the field (up to
/// the field's `maxLength`), ⌫ removes the field's last character, ✓ (OK) makes the field send
/// `submitted`. The field sends the events (`textChanged`, `submitted`); the keypad sends
/// none of its own.
///
/// **Finding its field.** The keypad looks its field up by id when a key is tapped, anywhere
/// in the scene (`ControlHost.sceneControl(withID:)`): the field may be on the keypad's
/// screen, or the keypad in a panel and the field on the screen under it, and a reload that
/// builds new controls keeps them bound. A key tapped while the field is missing, is not a
/// text field or is disabled types nothing.
///
/// **Touch.** A key lights up as soon as a finger lands on it and fades back over
/// `PressHighlight.releaseFade` after the finger lifts, as a button does, and acts on the tap (a lift
/// within the touch slop): a finger that slides off its key lets the highlight go and types
/// nothing. Keys are taps, so a scroll container around a keypad takes every drag
/// (`keepsDrag(along:)` stays false). Each press and fade repaints the pressed key's cell
/// only.
public final class Keypad: Control {
    /// One key of the pad.
    public enum Key: Hashable, Sendable {
        /// A digit, 0…9: appended to the field.
        case digit(Int)
        /// ⌫: the field's last character removed.
        case delete
        /// ✓ (OK): the field sends `submitted`.
        case submit
    }

    /// The keys in reading order, three to a row: 1 2 3 / 4 5 6 / 7 8 9 / ⌫ 0 ✓.
    public static let keys: [Key] = (1...9).map { Key.digit($0) } + [.delete, .digit(0), .submit]
    /// Keys to a row.
    public static let columns = 3
    /// Rows of keys.
    public static let rows = 4
    /// The gap between two keys, in design pixels (less on a pad too small for it).
    public static let keySpacing = 8.0

    /// The id of the text field the keys type into.
    public var fieldID: String
    /// A Pango font description for the keys' labels; nil: a bold sans-serif sized to the keys.
    public var font: String? { didSet { if oldValue != font { invalidate() } } }
    /// The labels' colour; nil takes the theme's button text colour.
    public var textColor: Color? { didSet { if oldValue != textColor { invalidate() } } }
    /// The digit and ⌫ keys' fill; nil takes the theme's button background.
    public var keyBackground: Color? { didSet { if oldValue != keyBackground { invalidate() } } }
    /// The ✓ key's fill; nil takes the theme's accent.
    public var submitBackground: Color? { didSet { if oldValue != submitBackground { invalidate() } } }

    /// The key lit by the last finger that landed; nil once its highlight has faded.
    public private(set) var pressedKey: Key?
    /// 1 while the key is held, fading to 0 after the finger lifts.
    public var pressedAmount: Double { highlight.amount }
    private var highlight = PressHighlight() {
        didSet { if oldValue.amount != highlight.amount, let pressedKey { invalidate(keyRect(of: pressedKey)) } }
    }
    /// The label font made from the keys' size (`keyFont`), and the key height it was made for.
    var generatedFont: (keyHeight: Double, font: String)?

    /// A keypad typing into the text field called `fieldID`.
    public init(id: String, frame: Rect, theme: Theme = .standard, fieldID: String) {
        self.fieldID = fieldID
        super.init(id: id, frame: frame, theme: theme)
    }

    /// The text field the keys type into now, if it is in the scene.
    public var field: TextField? { host?.sceneControl(withID: fieldID) as? TextField }

    // MARK: Geometry

    /// The gap between keys: `keySpacing`, or less on a small pad (a tenth of a key's side).
    var spacing: Double {
        min(Self.keySpacing, frame.width / Double(Self.columns) / 10, frame.height / Double(Self.rows) / 10)
    }

    /// The share of the frame that belongs to `key`: a finger anywhere in it (the gap's half
    /// around the key included) presses that key.
    public func cell(of key: Key) -> Rect {
        guard let index = Self.keys.firstIndex(of: key) else { return .zero }
        let w = frame.width / Double(Self.columns), h = frame.height / Double(Self.rows)
        return Rect(frame.minX + Double(index % Self.columns) * w, frame.minY + Double(index / Self.columns) * h, w, h)
    }

    /// Where `key` is drawn: its cell less half the gap on every side.
    public func keyRect(of key: Key) -> Rect { cell(of: key).insetBy(spacing / 2) }

    /// The key whose cell holds `point`; nil outside the frame.
    public func key(at point: Point) -> Key? {
        guard frame.contains(point), frame.width > 0, frame.height > 0 else { return nil }
        let column = min(Int((point.x - frame.minX) / (frame.width / Double(Self.columns))), Self.columns - 1)
        let row = min(Int((point.y - frame.minY) / (frame.height / Double(Self.rows))), Self.rows - 1)
        return Self.keys[row * Self.columns + column]
    }

    // MARK: Touch

    public override func touchBegan(at point: Point, time: Instant) -> Bool {
        guard let key = key(at: point) else { return false }
        if let old = pressedKey, old != key { invalidate(keyRect(of: old)) }
        pressedKey = key
        highlight.press()
        return true
    }

    /// A finger that leaves its key is not typing: the highlight goes.
    public override func touchMoved(to point: Point, time: Instant) {
        if key(at: point) != pressedKey { startFade() }
    }

    public override func touchTapped(at point: Point, time: Instant) {
        guard let key = key(at: point) else { return }
        enter(key)
    }

    public override func touchEnded(at point: Point, time: Instant) { startFade() }
    public override func touchCancelled(time: Instant) { startFade() }

    /// Does what `key` does to the field, as a tap on it would (without the highlight): what
    /// a hardware keypad wired to the kiosk, or a test, calls. Nothing when the field is
    /// missing or disabled.
    public func enter(_ key: Key) {
        guard let field, field.isEnabled else { return }
        switch key {
        case .digit(let d): field.insert(String(d))
        case .delete: field.deleteBackward()
        case .submit: field.submit()
        }
    }

    private func startFade() {
        if highlight.release() { startAnimating() }
    }

    public override func advance(by dt: Duration) -> Bool {
        guard highlight.step(by: dt) else {
            pressedKey = nil
            return false
        }
        return true
    }

    // MARK: Drawing (Keypad+Drawing.swift)

    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawKeys(canvas, in: dirty) }
}
