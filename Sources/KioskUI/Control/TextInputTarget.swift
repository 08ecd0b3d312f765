/// A control that text is typed into (a text field): what the focused control is given by the
/// keys of an on-screen keyboard, a hardware keyboard or a scanner sent into a field. The scene
/// hands typing to its focused control through this (`Scene.typeText(_:)`), so it names no
/// control type of its own.
public protocol TextInputTarget: Control {
    /// The text typed so far.
    var text: String { get }
    /// Where typing goes, in characters from the start (0…`text.count`).
    var caretIndex: Int { get }
    /// Puts the caret before the character at `index`.
    func moveCaret(to index: Int)
    /// Types `characters` at the caret, as many as fit; false when nothing was typed.
    @discardableResult
    func insert(_ characters: String) -> Bool
    /// Removes the character before the caret; false when there was none.
    @discardableResult
    func deleteBackward() -> Bool
    /// Removes the character after the caret (Delete); false when there was none.
    @discardableResult
    func deleteForward() -> Bool
    /// Hands the text in (Enter, ✓): the control's `submitted`.
    func submit()
}
