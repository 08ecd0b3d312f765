import KioskCore
import KioskUI

/// A rounded button with a title and an icon (`PushButton`: it lights up while pressed and
/// fades back after the lift). A tap (lift without moving past the touch slop) emits
/// `tapped` and performs the action.
///
/// A checkable button (`isCheckable`, or one in a `group`) is also a choice that stays made:
/// a tap checks it (and unchecks it again, outside a group), it is drawn in
/// `checkedBackground` while checked, and its value is `{"checked": true}` (`valueChanged` and
/// `valueCommitted` on a change, the socket's `set`, the state file). In a group, one button
/// at most is checked: checking one unchecks the others of the scene's buttons of that group
/// (tabs, a language chooser, radio choices), and a tap on the checked one leaves it checked.
public final class Button: PushButton {
    /// A picture left of the title (`icon`): as tall as the button less `iconInset` above and
    /// below, the title centred in the width that is left; alone, centred. Nil: none.
    public var icon: ImageReference? { didSet { if oldValue != icon { invalidate() } } }
    /// An icon by name (`"icon": "lightbulb"`) before the title, in its colour and font, the
    /// two centred together; alone, centred. Drawn instead of `icon` when both are set. Nil: none.
    public var iconGlyph: IconGlyph? { didSet { if oldValue != iconGlyph { invalidate() } } }
    /// What the scene does on a tap, besides reporting `tapped`; nil only reports it.
    public var action: ControlAction?

    /// Whether a tap checks and unchecks it; true for a button in a `group`.
    public var isCheckable: Bool { didSet { if oldValue != isCheckable { invalidate() } } }
    /// The buttons of one group name, across the scene, are one choice: one checked at most.
    public var group: String? { didSet { if group != nil { isCheckable = true } } }
    /// Checked (a checkable button's value); set it with `setChecked(_:)`.
    public private(set) var isChecked = false { didSet { if oldValue != isChecked { invalidate() } } }
    /// The fill while checked; nil takes the theme's accent.
    public var checkedBackground: Color? { didSet { if oldValue != checkedBackground { invalidate() } } }

    /// A button titled `title`; `font` nil takes the theme's, `action` nil only reports taps.
    public init(id: String, frame: Rect, theme: Theme = .standard, title: String,
                font: String? = nil, action: ControlAction? = nil) {
        self.action = action
        isCheckable = false
        super.init(id: id, frame: frame, theme: theme, title: title, font: font)
    }

    // MARK: Checked

    /// Checks or unchecks a checkable button (nothing for another), without events; checking
    /// one of a group unchecks the group's other buttons, which report their change.
    public func setChecked(_ checked: Bool) {
        guard isCheckable, checked != isChecked else { return }
        isChecked = checked
        if checked, let group { host?.controlChecked(self, inGroup: group) }
    }

    /// `group`: the buttons of one name are one choice.
    public override var checkGroup: String? { group }

    /// Unchecks it as its group's choice moved to another button, and reports the change.
    public override func uncheckForGroup() {
        guard isChecked else { return }
        isChecked = false
        sendValueEvents()
    }

    /// A checkable button whose action sets `code` (a language chooser) checks itself,
    /// however the language was chosen.
    public override func languageChosen(_ code: String, sendsEvents: Bool) {
        guard isCheckable, !isChecked, action == .setLanguage(code) else { return }
        try? setValue([("checked", .bool(true))], sendsEvents: sendsEvents)
    }

    /// `{"checked": …}` for a checkable button; nil for another (it has no value).
    public override var currentValue: [(name: String, value: EventScalar)]? {
        isCheckable ? [("checked", .bool(isChecked))] : nil
    }

    /// `checked` (true or false) for a checkable button, as a tap would leave it.
    public override func setValue(_ fields: [(name: String, value: EventScalar)],
                                  sendsEvents: Bool = true) throws(ControlValueError) {
        guard isCheckable else { throw ControlValueError("'\(id)' has no value to set (it is not checkable)") }
        if let error = ControlValueError.unknownFields(fields, known: ["checked"], control: id) { throw error }
        var checked = isChecked
        for field in fields {
            guard case .bool(let b) = field.value else {
                throw ControlValueError("'\(id)'.checked must be true or false (found \(field.value.kindDescription))")
            }
            checked = b
        }
        guard checked != isChecked else { return }
        setChecked(checked)
        if sendsEvents { sendValueEvents() }
    }

    /// The checked fill while checked.
    public override var restingFill: Color { isChecked ? checkedBackground ?? theme.accent : super.restingFill }

    /// An icon glyph with the title, centred together; else a picture at the left with the
    /// title centred in the rest; else the title.
    public override func drawContent(_ canvas: Canvas) {
        if let iconGlyph {
            var style = titleStyle
            style.icon = iconGlyph
            canvas.drawText(title, style: style, in: frame)
            return
        }
        guard let icon else { return super.drawContent(canvas) }
        let box = iconFrame
        canvas.drawImage(icon, fit: .contain, in: box)
        guard !title.isEmpty else { return }
        let titleFrame = Rect(box.maxX, frame.minY, Swift.max(0, frame.maxX - box.maxX - Self.iconInset), frame.height)
        canvas.drawText(title, style: titleStyle, in: titleFrame)
    }

    /// The margin around an icon, in design pixels.
    public static let iconInset = 8.0

    /// Where the icon goes: a square as tall as the frame less `iconInset` above and below,
    /// at the left edge (inset too); centred when there is no title.
    public var iconFrame: Rect {
        let side = Swift.max(0, Swift.min(frame.height, frame.width) - 2 * Self.iconInset)
        let y = frame.midY - side / 2
        if title.isEmpty { return Rect(frame.midX - side / 2, y, side, side) }
        return Rect(frame.minX + Self.iconInset, y, side, side)
    }

    // MARK: Touch

    public override func touchTapped(at point: Point, time: Instant) {
        send(.tapped)
        if isCheckable {
            let checked = group != nil || !isChecked
            if checked != isChecked {
                setChecked(checked)
                sendValueEvents()
            }
        }
        if let action { host?.perform(action, from: self) }
    }
}
