import KioskCore
import KioskUI

/// The look of a popup dialog, read from a template file that the kiosk's owner restyles
/// without touching code or the config. Popups name it by path (`"template": "popups/dialog.json"`);
/// several may share one.
///
/// ```json
/// { "box": { "frame": [200, 110, 400, 260], "cornerRadius": 14, "background": "#222A34",
///            "border": "#4A5A6E", "borderWidth": 1 },
///   "backdrop": "#00000080",
///   "title":   { "frame": [24, 20, 352, 36], "font": "sans-serif bold 22", "color": "#FFFFFF", "alignment": "center" },
///   "text":    { "frame": [24, 64, 352, 110], "font": "sans-serif 17", "color": "#C8D2DC", "alignment": "center" },
///   "buttons": { "frame": [24, 192, 352, 48], "font": "sans-serif bold 17", "color": "#FFFFFF",
///                "background": "#0073F0", "cornerRadius": 10, "spacing": 12 } }
/// ```
///
/// `box`, `title`, `text` and `buttons` are required, each with its `frame`; every other key
/// has the default shown above (so the example is the default template, laid out for an
/// 800x480 design). The box's frame is in design pixels and must lie wholly on the screen;
/// the parts' frames are relative to the box and must lie wholly within it.
package struct PopupTemplate: Sendable, Equatable, Decodable {
    /// `box`: the dialog itself.
    package var box: Box
    /// `backdrop`: the translucent layer over everything below the dialog (default `#00000080`).
    package var backdrop: Color
    /// `title`: the heading, one line.
    package var title: TextPart
    /// `text`: the message, wrapped to its frame.
    package var text: TextPart
    /// `buttons`: the row the popup's buttons share.
    package var buttons: ButtonRow

    /// The dim behind the box when the template gives none: black at half opacity.
    package static let defaultBackdrop = Color(hex: "#00000080")!

    /// A template from its parts; `backdrop` dims what is behind the popup.
    package init(box: Box, backdrop: Color = PopupTemplate.defaultBackdrop, title: TextPart, text: TextPart,
                buttons: ButtonRow) {
        self.box = box
        self.backdrop = backdrop
        self.title = title
        self.text = text
        self.buttons = buttons
    }

    /// The template in the UI's terms.
    package func style() -> PopupStyle {
        PopupStyle(boxFrame: box.frame, cornerRadius: box.cornerRadius, borderColor: box.border,
                   borderWidth: box.borderWidth, boxBackground: box.background, backdrop: backdrop,
                   title: title.style(), text: text.style(),
                   buttons: PopupButtonStyle(frame: buttons.frame, font: buttons.font, textColor: buttons.color,
                                             background: buttons.background, cornerRadius: buttons.cornerRadius,
                                             spacing: buttons.spacing))
    }

    enum CodingKeys: String, CodingKey { case box, backdrop, title, text, buttons }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        // The box first: the parts are checked against its size.
        let box = try fields.required(.box, as: Box.self)
        let backdrop = try fields.color(.backdrop, default: Self.defaultBackdrop)
        let title = try fields.required(.title, as: TextPartFields.self)?.resolved(defaults: .titleDefaults)
        let text = try fields.required(.text, as: TextPartFields.self)?.resolved(defaults: .textDefaults)
        let buttons = try fields.required(.buttons, as: ButtonRow.self)
        guard let box, let title, let text, let buttons else { throw ProblemAlreadyReported() }
        self.init(box: box, backdrop: backdrop ?? Self.defaultBackdrop, title: title, text: text, buttons: buttons)
    }
}
