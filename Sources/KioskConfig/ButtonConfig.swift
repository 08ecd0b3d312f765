import KioskCore
import KioskUI

/// A push button: `{"type": "button", "id": "next", "frame": […], "title": "Next",
/// "action": {"switchScreen": "details"}}`. Every tap is reported as an event; the action,
/// if any, is what the kiosk itself does on a tap (see `ButtonAction`).
public struct ButtonConfig: ControlDescription {
    /// `"button"`.
    public static let typeName = "button"

    public var id: String
    public var frame: Rect
    /// `title` (required): text on screen, as a label's `text`.
    public var title: String
    /// `font` (optional): nil means the theme's font.
    public var font: String?
    /// `action` (optional).
    public var action: ButtonAction?
    /// `background` (optional): the fill at rest; nil means the theme's button background.
    public var background: Color?
    /// `color` (optional): the title's colour; nil means the theme's button text colour.
    public var color: Color?
    /// `icon` (optional): a PNG or JPEG left of the title (centred when the title is empty),
    /// a path as an `image`'s `source`.
    public var icon: String?

    /// A button as the config describes it; `font` nil takes the theme's, `action` nil makes a button that only reports taps.
    public init(id: String, frame: Rect, title: String, font: String? = nil, action: ButtonAction? = nil,
                icon: String? = nil) {
        self.id = id
        self.frame = frame
        self.title = title
        self.font = font
        self.action = action
        self.icon = icon
    }

    enum CodingKeys: String, CodingKey { case id, frame, title, font, action, background, color, icon }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        self.init(id: try fields.id(.id) ?? "", frame: try fields.frame(.frame) ?? .zero,
                  title: try fields.text(.title) ?? "", font: try fields.font(.font),
                  action: try fields.optional(.action, as: ButtonAction.self),
                  icon: try fields.optionalImageSource(.icon))
        background = try fields.optionalColor(.background)
        color = try fields.optionalColor(.color)
    }

    /// `title`, `font`, `background`, `color` and `icon` (not kept in the state file: see
    /// `ImageConfig.properties`).
    public static let properties = [
        ControlProperty("title", .text), ControlProperty("font", .font),
        ControlProperty("background", .color), ControlProperty("color", .color),
        ControlProperty("icon", .path, persists: false),
    ]

    /// A `Button` whose tap does `action` (besides being reported).
    public func makeControl(in context: ControlContext) -> Control {
        let button = Button(id: id, frame: frame, theme: context.theme, title: title,
                            action: action.map { $0.controlAction() })
        apply(to: button, in: context)
        return button
    }

    /// Sets the icon to the file `icon` names when `context` has it (none: no icon), then the
    /// rest as `apply(to:)`.
    public func apply(to control: Control, in context: ControlContext) {
        guard let button = control as? Button else { return }
        if let icon {
            if let image = context.images[icon] { button.icon = image }
        } else {
            button.icon = nil
        }
        apply(to: button)
    }

    /// Sets a `Button`'s title, font and colours.
    public func apply(to control: Control) {
        guard let button = control as? Button else { return }
        button.title = title
        button.font = font
        button.backgroundColor = background
        button.textColor = color
    }
}
