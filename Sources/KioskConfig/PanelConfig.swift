import KioskCore
import KioskUI

/// A panel that slides in from an edge over a dimmed screen: an element of the config's
/// `"panels"` array, shown by a `{"showPanel": "<id>"}` action.
///
/// ```json
/// { "id": "filters", "edge": "bottom", "extent": 0.5, "background": "#1C232C", "cornerRadius": 16,
///   "controls": [ {…} ] }
/// ```
///
/// The controls' frames are relative to the panel's top-left corner; each must lie at least
/// partly on the panel, whose size is `size(designSize:)`.
package struct PanelConfig: Sendable, Equatable, Decodable {
    /// `id` (required): unique across all screens, panels, popups and controls.
    package var id: String
    /// `edge` it slides in from (`bottom`, the default; `top`, `left`, `right`).
    package var edge: PanelEdge
    /// `extent`: the fraction of the screen it covers along its axis, more than 0 and at most
    /// 1 (default 0.5).
    package var extent: Double
    /// `background` (optional): nil means the theme's `panelBackground`.
    package var background: Color?
    /// `cornerRadius` of its inner corners, 0…16384 (optional): nil means the theme's `panelCornerRadius`.
    package var cornerRadius: Double?
    /// `controls` (default none), painted in order, frames relative to the panel.
    package var controls: [ControlConfig]

    /// The `extent` when the config gives none: half the screen, as ``KioskUI/PanelStyle``'s.
    package static let defaultExtent = PanelStyle().extent

    /// A panel as the config describes it; its controls' frames are relative to the panel.
    package init(id: String, edge: PanelEdge = .bottom, extent: Double = PanelConfig.defaultExtent,
                background: Color? = nil, cornerRadius: Double? = nil, controls: [ControlConfig] = []) {
        self.id = id
        self.edge = edge
        self.extent = extent
        self.background = background
        self.cornerRadius = cornerRadius
        self.controls = controls
    }

    /// The panel's size on a screen of `designSize`: full width and `extent` of the height for
    /// a top or bottom panel, `extent` of the width and full height for a left or right one.
    package func size(designSize: Size) -> Size { Self.size(edge: edge, extent: extent, designSize: designSize) }

    static func size(edge: PanelEdge, extent: Double, designSize: Size) -> Size {
        switch edge {
        case .bottom, .top: return Size(designSize.width, designSize.height * extent)
        case .left, .right: return Size(designSize.width * extent, designSize.height)
        }
    }

    /// How the panel looks, its own values first, then the theme's.
    package func style(theme: ThemeSettings) -> PanelStyle {
        PanelStyle(edge: edge, extent: extent, background: background ?? theme.panelBackground,
                   cornerRadius: cornerRadius ?? theme.panelCornerRadius)
    }

    enum CodingKeys: String, CodingKey { case id, edge, extent, background, cornerRadius, controls }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        let id = try fields.id(.id)
        if let id {
            fields.validator?.declare(.panel, id: id)
        } else {
            fields.validator?.loseTrack(of: .panel)
        }
        let edge = try fields.decode(.edge, default: KeywordValue(PanelEdge.bottom))?.word
        let extent = try fields.number(.extent, .extent, default: Self.defaultExtent)
        // The controls' frames are checked against this panel, when its size is known.
        let area = fields.validator?.placementArea
        fields.validator?.placementArea = edge.flatMap { edge in extent.map { .panel(edge: edge, extent: $0) } }
        defer { fields.validator?.placementArea = area }
        let controls = try fields.array(.controls, of: ControlConfig.self, default: []) ?? []
        self.init(id: id ?? "", edge: edge ?? .bottom, extent: extent ?? Self.defaultExtent,
                  background: try fields.optionalColor(.background), cornerRadius: try fields.optionalNumber(.cornerRadius, .distance),
                  controls: controls)
    }
}
