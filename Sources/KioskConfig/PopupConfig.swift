import KioskCore
import KioskUI

/// A popup dialog: an element of the config's `"popups"` array, shown by a
/// `{"showPopup": "<id>"}` action. The config says what the dialog says; its look comes from
/// a template file (`PopupTemplate`) that several popups may share.
///
/// ```json
/// { "id": "hello", "template": "popups/dialog.json", "title": "Popup Title", "text": "Hello World!",
///   "buttons": [ { "id": "ok", "title": "Okay" },
///                { "id": "more", "title": "Filters", "action": {"showPanel": "filters"} } ] }
/// ```
package struct PopupConfig: Sendable, Equatable, Decodable {
    /// `id` (required): unique across all screens, panels, popups and controls; the `source`
    /// of its `buttonTapped` events.
    package var id: String
    /// `template` (required): the template file's path as written, relative to the config
    /// file (at most 1024 Unicode scalars); the key of `KioskConfig.templates`.
    package var templatePath: String
    /// `title` (required): text on screen, as a label's `text`.
    package var title: String
    /// `text` (default empty): the message, wrapped to the template's text frame; text on
    /// screen, as a label's `text`.
    package var text: String
    /// `buttons` (required): one to `maximumButtons`, side by side in the template's button row.
    package var buttons: [PopupButtonConfig]

    /// `modal` (default false): a tap on the backdrop leaves it open; a button, `autoClose`,
    /// the owner or the idle return closes it.
    package var isModal = false
    /// `autoClose` (optional, milliseconds, 100…86400000): fully shown this long, it
    /// dismisses itself.
    package var autoCloseMilliseconds: Double?

    /// At most this many buttons fit the template's button row.
    package static let maximumButtons = 3

    /// A popup as the config describes it; `templatePath` is resolved against the config file's folder.
    package init(id: String, templatePath: String, title: String, text: String = "", buttons: [PopupButtonConfig]) {
        self.id = id
        self.templatePath = templatePath
        self.title = title
        self.text = text
        self.buttons = buttons
    }

    /// The dialog's look: `template`'s (the popup itself adds nothing to it yet).
    package func style(from template: PopupTemplate) -> PopupStyle { template.style() }

    /// What the dialog says, buttons' actions in the UI's terms (nil: dismiss the popup).
    package func content() -> PopupContent { content(in: nil, of: nil) }

    /// What the dialog says in `language`: each text that names a string (`"@popup.title"`)
    /// as `languages` has it there; without languages, the texts as written (`@@…` as `@…`).
    package func content(in language: String?, of languages: LanguageSettings?) -> PopupContent {
        func words(_ text: String) -> String { StringKey.words(text, in: language, of: languages) }
        return PopupContent(title: words(title), text: words(text), buttons: buttons.map {
            PopupContent.ButtonItem(id: $0.id, title: words($0.title), action: $0.action?.controlAction())
        })
    }

    enum CodingKeys: String, CodingKey { case id, template, title, text, buttons, modal, autoClose }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        if let id {
            fields.validator?.declare(.popup, id: id)
        } else {
            fields.validator?.loseTrack(of: .popup)
        }
        let templatePath = try fields.string(.template, .path)
        let title = try fields.text(.title)
        let text = try fields.text(.text, default: "")
        fields.validator?.beginPopupButtons()
        let buttons = try fields.array(.buttons, of: PopupButtonConfig.self, default: nil,
                                       emptyMessage: "must contain at least one button")
        // Count what was written, not what decoded: a broken button still takes a place.
        if let written = (try? fields.container.nestedUnkeyedContainer(forKey: .buttons))?.count,
           written > Self.maximumButtons {
            try fields.report("must contain at most \(Self.maximumButtons) buttons, found \(written)", at: .buttons)
        }
        if let templatePath {
            // Whether the buttons fit the template's row is checked once the template is read,
            // for a count that is itself right.
            let counted = buttons.flatMap { (1...Self.maximumButtons).contains($0.count) ? $0.count : nil }
            fields.validator?.use(template: templatePath, at: fields.path(of: .template),
                                  buttons: counted.map { ($0, fields.path(of: .buttons)) })
        }
        self.init(id: id ?? "", templatePath: templatePath ?? "", title: title ?? "", text: text ?? "",
                  buttons: buttons ?? [])
        isModal = try fields.bool(.modal, default: false) ?? false
        autoCloseMilliseconds = try fields.optionalNumber(.autoClose, .timedMilliseconds)
    }
}
