import KioskConfig
import KioskCore
import KioskUI

/// A push button: `{"type": "button", "id": "next", "frame": […], "title": "Next",
/// "action": {"switchScreen": "details"}}`. Every tap is reported as an event; the action,
/// if any, is what the kiosk itself does on a tap (see `ButtonAction`).
package struct ButtonConfig: ControlDescription {
    /// `"button"`.
    package static let typeName = "button"

    package var id: String
    package var frame: Rect
    /// `title` (required): text on screen, as a label's `text`.
    package var title: String
    /// `font` (optional): nil means the theme's font.
    package var font: String?
    /// `action` (optional).
    package var action: ButtonAction?
    /// `background` (optional): the fill at rest; nil means the theme's button background.
    package var background: Color?
    /// `color` (optional): the title's colour; nil means the theme's button text colour.
    package var color: Color?
    /// `icon` (optional): an icon's name (`lightbulb`: only `a`–`z`, `0`–`9` and `_`) from the
    /// Material Icons font, before the title in its colour and size; or, when it has a `/` or
    /// a `.` (any other spelling), a PNG or JPEG left of the title, a path as an `image`'s
    /// `source`. Either is centred when the title is empty.
    package var icon: String?
    /// `checkable` (default false; true with a `group`): a tap checks and unchecks it, and
    /// its value is `{"checked": …}`.
    package var checkable = false
    /// `group` (optional, 1…128 scalars): the buttons of one group are one choice, one checked
    /// at most (tabs, a language chooser).
    package var group: String?
    /// `checked` (default false): checked at the start; only for a checkable button.
    package var checked = false
    /// `checkedBackground` (optional): the fill while checked; nil means the theme's accent.
    package var checkedBackground: Color?

    /// A button as the config describes it; `font` nil takes the theme's, `action` nil makes a button that only reports taps.
    package init(id: String, frame: Rect, title: String, font: String? = nil, action: ButtonAction? = nil,
                icon: String? = nil) {
        self.id = id
        self.frame = frame
        self.title = title
        self.font = font
        self.action = action
        self.icon = icon
    }

    enum CodingKeys: String, CodingKey {
        case id, frame, title, font, action, background, color, icon, checkable, group, checked, checkedBackground
    }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        self.init(id: try fields.id(.id) ?? "", frame: try fields.frame(.frame) ?? .zero,
                  title: try fields.text(.title) ?? "", font: try fields.font(.font),
                  action: try fields.optional(.action, as: ButtonAction.self),
                  icon: try fields.optionalIcon(.icon, allowsImage: true))
        background = try fields.optionalColor(.background)
        color = try fields.optionalColor(.color)
        group = try fields.optional(.group, as: String.self)
        if let group, let problem = TextRule.id.problem(with: group) {
            try fields.report(problem, at: .group)
        }
        checkable = (try fields.bool(.checkable, default: false) ?? false) || group != nil
        checked = try fields.bool(.checked, default: false) ?? false
        if checked && !checkable {
            try fields.report("only a checkable button can be checked: add \"checkable\": true or a \"group\"", at: .checked)
        } else if checked, let group {
            fields.validator?.checked(inGroup: group, elementPath: fields.codingPath, at: fields.path(of: .checked))
        }
        checkedBackground = try fields.optionalColor(.checkedBackground)
    }

    /// `title`, `font`, `background`, `color` and `icon` (a name or an image file; not kept in
    /// the state file: see `ImageConfig.properties`).
    package static let properties = [
        ControlProperty("title", .text), ControlProperty("font", .font),
        ControlProperty("background", .color), ControlProperty("color", .color),
        ControlProperty("icon", .icon, persists: false), ControlProperty("checkedBackground", .color),
    ]

    /// A `Button` whose tap does `action` (besides being reported).
    package func makeControl(in context: ControlContext) -> Control {
        let button = Button(id: id, frame: frame, theme: context.theme, title: title,
                            action: action.map { $0.controlAction() })
        button.isCheckable = checkable
        button.group = group
        // Before the button has a host: checked in the config unchecks no other.
        button.setChecked(checked)
        apply(to: button, in: context)
        return button
    }

    /// Sets the icon to the one `icon` names (by name, or the image file) when `context` has
    /// it (none: no icon), then the rest as `apply(to:)`.
    package func apply(to control: Control, in context: ControlContext) {
        guard let button = control as? Button else { return }
        if let icon {
            if IconCatalog.isIconName(icon) {
                if let glyph = context.icons[icon] { button.iconGlyph = glyph }
                button.icon = nil
            } else {
                if let image = context.images[icon] { button.icon = image }
                button.iconGlyph = nil
            }
        } else {
            button.icon = nil
            button.iconGlyph = nil
        }
        apply(to: button)
    }

    /// Sets a `Button`'s title, font and colours.
    package func apply(to control: Control) {
        guard let button = control as? Button else { return }
        button.title = title
        button.font = font
        button.backgroundColor = background
        button.textColor = color
        button.checkedBackground = checkedBackground
    }
}
