/// What a key does to a kiosk, in neutral terms: the text it types, or the editing or
/// navigation it asks for. A hardware keyboard's key (through the keyboard layout, with its
/// modifiers), a touch script's key by name and a scanner's text all become these, so the
/// scene never sees a key code, a keysym or a layout.
public enum KeyAction: Sendable, Equatable, CustomStringConvertible {
    /// Types `text` at the focused field's caret (one key's character, or a scan's whole text).
    case text(String)
    /// ⌫: the character before the caret.
    case backspace
    /// Delete: the character after the caret.
    case delete
    /// Enter: the focused field hands its text in (`submitted`).
    case enter
    /// Tab: the focus to the next field.
    case tab
    /// Shift+Tab: the focus to the previous field.
    case backTab
    /// Escape: the popup on top goes.
    case escape
    /// The caret one character back (left in left-to-right text).
    case left
    /// The caret one character on.
    case right
    /// The caret to the start of the text.
    case home
    /// The caret to its end.
    case end

    /// The keys a touch script may name besides one character, by their XKB keysym names.
    public static let names: [(name: String, action: KeyAction)] = [
        ("Return", .enter), ("KP_Enter", .enter), ("BackSpace", .backspace), ("Delete", .delete),
        ("Tab", .tab), ("ISO_Left_Tab", .backTab), ("Escape", .escape), ("Left", .left), ("Right", .right),
        ("Home", .home), ("End", .end), ("space", .text(" ")),
    ]

    /// What the key called `name` does: one of `names`, or a name of one printable character
    /// (`A`, `7`, `é`), which types it. Nil for any other name.
    public static func named(_ name: String) -> KeyAction? {
        if let known = names.first(where: { $0.name == name }) { return known.action }
        guard name.count == 1, let first = name.unicodeScalars.first,
              !first.properties.isWhitespace, first.properties.generalCategory != .control else { return nil }
        return .text(name)
    }

    public var description: String {
        switch self {
        case .text(let text): return "text \(JSONWriter.quoted(text))"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .enter: return "enter"
        case .tab: return "tab"
        case .backTab: return "shift+tab"
        case .escape: return "escape"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        }
    }
}
