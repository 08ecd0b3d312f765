import KioskCore

/// Everything a popup dialog's look is made of, resolved from a template file: the kiosk's
/// owner restyles dialogs by editing the template, never code. Frames of the parts are
/// relative to the box; the box frame is in scene coordinates.
public struct PopupStyle: Sendable, Equatable {
    public var boxFrame: Rect
    public var cornerRadius: Double
    public var borderColor: Color
    public var borderWidth: Double
    public var boxBackground: Color
    /// The translucent layer over everything below the dialog; a tap on it dismisses all popups.
    public var backdrop: Color
    public var title: TextBlockStyle
    public var text: TextBlockStyle
    public var buttons: PopupButtonStyle

    public init(boxFrame: Rect, cornerRadius: Double, borderColor: Color, borderWidth: Double,
                boxBackground: Color, backdrop: Color, title: TextBlockStyle, text: TextBlockStyle,
                buttons: PopupButtonStyle) {
        self.boxFrame = boxFrame; self.cornerRadius = cornerRadius; self.borderColor = borderColor
        self.borderWidth = borderWidth; self.boxBackground = boxBackground; self.backdrop = backdrop
        self.title = title; self.text = text; self.buttons = buttons
    }
}

/// A text part of a dialog: where (relative to the box), in which font and colour.
public struct TextBlockStyle: Sendable, Equatable {
    public var frame: Rect
    public var font: String
    public var color: Color
    public var alignment: TextAlignment

    public init(frame: Rect, font: String, color: Color, alignment: TextAlignment) {
        self.frame = frame; self.font = font; self.color = color; self.alignment = alignment
    }
}

/// The row of buttons: `frame` (relative to the box) is shared side by side by the buttons,
/// `spacing` apart.
public struct PopupButtonStyle: Sendable, Equatable {
    public var frame: Rect
    public var font: String
    public var textColor: Color
    public var background: Color
    public var cornerRadius: Double
    public var spacing: Double

    public init(frame: Rect, font: String, textColor: Color, background: Color, cornerRadius: Double, spacing: Double) {
        self.frame = frame; self.font = font; self.textColor = textColor; self.background = background
        self.cornerRadius = cornerRadius; self.spacing = spacing
    }
}

/// What a particular popup says: filled into its template by the config.
public struct PopupContent: Sendable, Equatable {
    public struct ButtonItem: Sendable, Equatable {
        public var id: String
        public var title: String
        /// What the kiosk does on a tap besides reporting it; nil dismisses the popup.
        public var action: ControlAction?
        public init(id: String, title: String, action: ControlAction? = nil) {
            self.id = id; self.title = title; self.action = action
        }
    }
    public var title: String
    public var text: String
    public var buttons: [ButtonItem]

    public init(title: String, text: String, buttons: [ButtonItem]) {
        self.title = title; self.text = text; self.buttons = buttons
    }
}

/// The edge a panel slides in from.
public enum PanelEdge: String, Sendable, CaseIterable {
    case bottom, top, left, right
}

/// How a panel looks and where it sits, resolved from the config.
public struct PanelStyle: Sendable, Equatable {
    public var edge: PanelEdge
    /// Fraction of the screen the panel covers along its axis, 0…1.
    public var extent: Double
    public var background: Color
    public var cornerRadius: Double
    /// The dimming layer's colour at full presentation (black at 30 %).
    public var dim: Color

    public init(edge: PanelEdge = .bottom, extent: Double = 0.5, background: Color = Color(hex: "#1C232C")!,
                cornerRadius: Double = 16, dim: Color = Color.black.withAlpha(0.3)) {
        self.edge = edge; self.extent = extent; self.background = background
        self.cornerRadius = cornerRadius; self.dim = dim
    }
}
