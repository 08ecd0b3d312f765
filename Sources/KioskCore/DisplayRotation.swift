/// How the upright screen is turned on the physical panel, in degrees clockwise.
///
/// One setting drives both directions: the renderer paints the upright screen through
/// `screenToPanel` into the panel-oriented framebuffer, and touches (reported in panel
/// coordinates) come back through `panelToScreen`, so pixels and touch can never disagree.
public enum DisplayRotation: Int, Sendable, CaseIterable, Hashable {
    /// How far the picture is turned clockwise on the panel; the raw value is in degrees.
    case none = 0, quarter = 90, half = 180, threeQuarters = 270

    /// The rotation of `degrees` (0, 90, 180 or 270); nil for any other angle.
    public init?(degrees: Int) { self.init(rawValue: degrees) }

    /// The clockwise rotation in degrees.
    public var degrees: Int { rawValue }

    /// True when the screen's width is the panel's height.
    public var swapsAxes: Bool { self == .quarter || self == .threeQuarters }

    /// The upright screen size for a panel of `panel` size.
    public func screenSize(forPanel panel: Size) -> Size {
        swapsAxes ? Size(panel.height, panel.width) : panel
    }

    /// Maps upright screen coordinates into panel (framebuffer) coordinates.
    public func screenToPanel(panel: Size) -> AffineTransform {
        switch self {
        case .none: return .identity
        // (sx, sy) → (Wp − sy, sx): the screen's top-left corner lands at the panel's top-right.
        case .quarter: return AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: panel.width, ty: 0)
        case .half: return AffineTransform(a: -1, b: 0, c: 0, d: -1, tx: panel.width, ty: panel.height)
        // (sx, sy) → (sy, Hp − sx)
        case .threeQuarters: return AffineTransform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: panel.height)
        }
    }

    /// Maps panel coordinates (what a touchscreen reports) into upright screen coordinates.
    public func panelToScreen(panel: Size) -> AffineTransform {
        screenToPanel(panel: panel).inverted!
    }
}
