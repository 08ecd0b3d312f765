import KioskConfig
import KioskCore
import KioskUI

/// A vertical list of rows with kinetic scrolling:
///
/// ```json
/// { "type": "list", "id": "exhibits", "frame": [0, 80, 800, 400], "rowHeight": 96,
///   "rows": [ { "controls": [ { "type": "label", "id": "name0", "frame": [16, 0, 400, 96], "text": "…" } ] } ] }
/// ```
///
/// Each row's controls have frames relative to the row (as wide as the list, `rowHeight`
/// tall), each at least partly on it; their ids are in the config's one namespace, so `set`,
/// `get`, events and templates reach them as any control.
package struct ListConfig: ControlDescription {
    /// `"list"`.
    package static let typeName = "list"

    package var id: String
    package var frame: Rect
    /// `rowHeight` (default 80): every row's height, in design pixels.
    package var rowHeight: Double
    /// `rows` (default none), top first.
    package var rows: [ListRowConfig]
    /// `background` (optional): behind the rows; nil takes the theme's background.
    package var background: Color?
    /// `separatorColor` (optional): the line between rows; nil takes the theme's track colour at
    /// a quarter. `"#00000000"` draws none.
    package var separatorColor: Color?

    /// The `rowHeight` of a config that gives none.
    package static let defaultRowHeight = 80.0

    /// A list as the config describes it; its rows' control frames are relative to their row.
    package init(id: String, frame: Rect, rowHeight: Double = ListConfig.defaultRowHeight, rows: [ListRowConfig] = [],
                background: Color? = nil, separatorColor: Color? = nil) {
        self.id = id
        self.frame = frame
        self.rowHeight = rowHeight
        self.rows = rows
        self.background = background
        self.separatorColor = separatorColor
    }

    enum CodingKeys: String, CodingKey { case id, frame, rowHeight, rows, background, separatorColor }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        let frame = try fields.frame(.frame)
        let rowHeight = try fields.number(.rowHeight, .frameSide, default: Self.defaultRowHeight)
        // The rows' controls are checked against a row, when its size is known.
        let area = fields.validator?.placementArea
        fields.validator?.placementArea = frame.flatMap { f in rowHeight.map { .row(Size(f.width, $0)) } }
        defer { fields.validator?.placementArea = area }
        let rows = try fields.array(.rows, of: ListRowConfig.self, default: []) ?? []
        self.init(id: id ?? "", frame: frame ?? .zero, rowHeight: rowHeight ?? Self.defaultRowHeight, rows: rows,
                  background: try fields.optionalColor(.background),
                  separatorColor: try fields.optionalColor(.separatorColor))
    }

    /// A `List` at the top, its rows' controls made as they would be on a screen.
    package func makeControl(in context: ControlContext) -> Control {
        let rows = rows.enumerated().map { index, row in
            ListRow(index: index, controls: row.controls.map { $0.makeControl(in: context) })
        }
        let list = List(id: id, frame: frame, theme: context.theme, rowHeight: rowHeight, rows: rows)
        apply(to: list)
        return list
    }

    /// `background` and `separatorColor`.
    package static let properties = [ControlProperty("background", .color), ControlProperty("separatorColor", .color)]

    /// Sets a `List`'s colours; its rows and scroll stay as they are.
    package func apply(to control: Control) {
        guard let list = control as? List else { return }
        list.background = background
        list.separatorColor = separatorColor
    }

    /// Every row's controls, top row first.
    package var children: [ControlConfig] { rows.flatMap(\.controls) }
}

/// One row of a list: `{"controls": [ … ]}`, frames relative to the row.
package struct ListRowConfig: Sendable, Equatable, Decodable {
    /// `controls` (default none), painted in order.
    package var controls: [ControlConfig]

    /// A row of `controls`.
    package init(controls: [ControlConfig] = []) { self.controls = controls }

    enum CodingKeys: String, CodingKey { case controls }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        controls = try fields.array(.controls, of: ControlConfig.self, default: []) ?? []
    }
}
