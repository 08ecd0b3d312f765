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

    enum CodingKeys: String, CodingKey { case id, frame, title, font, action, icon }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        self.init(id: try fields.id(.id) ?? "", frame: try fields.frame(.frame) ?? .zero,
                  title: try fields.text(.title) ?? "", font: try fields.font(.font),
                  action: try fields.optional(.action, as: ButtonAction.self),
                  icon: try fields.optionalImageSource(.icon))
    }

    /// A `Button` whose tap does `action` (besides being reported).
    public func makeControl(in context: ControlContext) -> Control {
        let button = Button(id: id, frame: frame, theme: context.theme, title: title, font: font,
                            action: action.map { $0.controlAction() })
        button.icon = icon.flatMap { context.images[$0] }
        return button
    }
}
