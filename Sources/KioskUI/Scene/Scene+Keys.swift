import KioskCore

/// Keys: what a person types on a hardware keyboard or the on-screen one, as `KeyAction`s.
///
/// Text, ⌫, Delete, Enter and the caret keys go to the focused control (`focusedControl`, a
/// `TextInputTarget`); without one they are ignored and say nothing (a kiosk whose keyboard
/// is unplugged from any field must not beep or complain). Tab and Shift+Tab move the focus;
/// Escape sends the popup on top away (not a modal one: a modal popup asks for its own answer).
/// What keys change is a person's doing: events carry the origin `touch`.
extension Scene {
    /// Does what `action` asks; false when nothing took it.
    @discardableResult
    public func handleKey(_ action: KeyAction) -> Bool {
        withEventOrigin(.touch) {
            switch action {
            case .tab: return moveFocus(forward: true)
            case .backTab: return moveFocus(forward: false)
            case .escape:
                let top = overlays.last { $0 is PopupDialog && !$0.isLeaving }
                guard let popup = top as? PopupDialog, !popup.isModal else { return false }
                popup.dismiss()
                return true
            default:
                break
            }
            guard let target = focusedControl as? TextInputTarget else { return false }
            switch action {
            case .text(let text): return target.insert(text)
            case .backspace: return target.deleteBackward()
            case .delete: return target.deleteForward()
            case .enter:
                target.submit()
                return true
            case .left, .right, .home, .end:
                let index = target.caretIndex, count = target.text.count
                // Left and right are screen directions: in right-to-left text, left is onwards.
                let onwards = target.layoutDirection.isRightToLeft
                let moved: Int
                switch action {
                case .left: moved = onwards ? index + 1 : index - 1
                case .right: moved = onwards ? index - 1 : index + 1
                case .home: moved = 0
                default: moved = count
                }
                let clamped = min(max(moved, 0), count)
                guard clamped != index else { return false }
                target.moveCaret(to: clamped)
                return true
            case .tab, .backTab, .escape:
                return false
            }
        }
    }
}
