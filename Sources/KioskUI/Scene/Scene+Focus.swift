/// The focus: the one control typing goes to (a text field a finger tapped, or Tab reached).
///
/// The scene keeps it, so that one control at most has it; it is only ever a control that
/// can take it now: one that `acceptsFocus`, is enabled and shown, and is on the current screen
/// or the panel on top. A screen change, a panel or popup over it or hiding the control takes
/// the focus away without a word (`focusedControl` is then nil; a field covered for a while has
/// it back when it is uncovered); a reload starts with none.
extension Scene {
    /// The control keys type into, or nil.
    public var focusedControl: Control? {
        guard let control = focusHolder, canFocus(control) else { return nil }
        return control
    }

    /// Gives `control` the focus (nil: none); the control that had it and the new one are told
    /// (`Control.focusDidChange()`). A control that cannot take it now is refused.
    public func focus(_ control: Control?) {
        if let control, !canFocus(control) { return }
        let old = focusedControl
        guard old !== control else { return }
        focusHolder = control
        old?.focusDidChange()
        control?.focusDidChange()
    }

    /// Types `text` into the focused control; false when no control has the focus (a kiosk
    /// without a focused field ignores typing and says nothing) or it took none of it.
    @discardableResult
    public func typeText(_ text: String) -> Bool {
        guard let target = focusedControl as? TextInputTarget else { return false }
        return target.insert(text)
    }

    /// Moves the focus to the next control that takes it (`forward` false: the previous one),
    /// in the order of the panel on top or the current screen, round the end: Tab and
    /// Shift+Tab. False when none takes it.
    @discardableResult
    public func moveFocus(forward: Bool = true) -> Bool {
        let order = focusOrder
        guard !order.isEmpty else { return false }
        let here = focusedControl.flatMap { current in order.firstIndex { $0 === current } }
        let next: Int
        switch (here, forward) {
        case (nil, true): next = 0
        case (nil, false): next = order.count - 1
        case (let i?, true): next = (i + 1) % order.count
        case (let i?, false): next = (i + order.count - 1) % order.count
        }
        focus(order[next])
        return true
    }

    /// What the focus may move among: the focusable controls of the panel on top, or else of
    /// the current screen, in their order (list rows' included). None while a popup is on top:
    /// typing must not reach a field behind it (the field has the focus again once it goes).
    var focusOrder: [Control] {
        let controls: [Control]
        switch overlays.last(where: { !$0.isLeaving }) {
        case nil: controls = currentScreen.controls
        case let panel as Panel: controls = panel.controls
        default: return []
        }
        return controls.flatMap(\.withDescendants).filter { $0.acceptsFocus && $0.isEnabled && !$0.isHidden }
    }

    func canFocus(_ control: Control) -> Bool {
        guard control.acceptsFocus, control.isEnabled, !control.isHidden else { return false }
        return focusOrder.contains { $0 === control }
    }
}
