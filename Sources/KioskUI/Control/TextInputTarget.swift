/// A control that text is typed into (a text field): what the focused control is given by the
/// keys of an on-screen keyboard, a hardware keyboard or a scanner sent into a field. The scene
/// hands typing to its focused control through this (`Scene.typeText(_:)`), so it names no
/// control type of its own.
public protocol TextInputTarget: Control {
    /// Types `characters` at the caret, as many as fit; false when nothing was typed.
    @discardableResult
    func insert(_ characters: String) -> Bool
    /// Removes the character before the caret; false when there was none.
    @discardableResult
    func deleteBackward() -> Bool
    /// Hands the text in (Enter, ✓): the control's `submitted`.
    func submit()
}
