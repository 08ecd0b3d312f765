import KioskCore

/// One button of a popup: `{ "id": "ok", "title": "Okay", "action": {"showPanel": "filters"} }`.
package struct PopupButtonConfig: Sendable, Equatable, Decodable {
    /// `id` (required, 1…128 Unicode scalars): unique within its popup; the `button` of its
    /// `buttonTapped` events.
    package var id: String
    /// `title` (required): text on screen, as a label's `text`.
    package var title: String
    /// `action` (optional): any button action; nil dismisses the popup.
    package var action: ButtonAction?

    /// A popup button; `action` nil closes the popup when tapped.
    package init(id: String, title: String, action: ButtonAction? = nil) {
        self.id = id
        self.title = title
        self.action = action
    }

    enum CodingKeys: String, CodingKey { case id, title, action }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.idString(.id)
        if let id { fields.validator?.claim(buttonID: id, elementPath: fields.codingPath, idPath: fields.path(of: .id)) }
        self.init(id: id ?? "", title: try fields.text(.title) ?? "",
                  action: try fields.optional(.action, as: ButtonAction.self))
    }
}
