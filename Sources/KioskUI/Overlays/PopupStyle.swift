import KioskCore

/// Everything a popup dialog's look is made of, resolved from a template file: the kiosk's
/// owner restyles dialogs by editing the template, never code. Frames of the parts are
/// relative to the box; the box frame is in scene coordinates.
public struct PopupStyle: Sendable, Equatable {
    /// The box, in scene coordinates.
    public var boxFrame: Rect
    /// The box's corner radius.
    public var cornerRadius: Double
    /// The box's border colour.
    public var borderColor: Color
    /// The box's border width; 0 draws none.
    public var borderWidth: Double
    /// The box's fill.
    public var boxBackground: Color
    /// The translucent layer over everything below the dialog; a tap on it dismisses all popups.
    public var backdrop: Color
    /// Where and how the title is set.
    public var title: TextBlockStyle
    /// Where and how the message is set.
    public var text: TextBlockStyle
    /// The button row.
    public var buttons: PopupButtonStyle

    /// A style from its resolved parts.
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
    /// The text's rectangle, relative to the box.
    public var frame: Rect
    /// A Pango font description.
    public var font: String
    /// The text colour.
    public var color: Color
    /// Where the lines sit across the rectangle.
    public var alignment: TextAlignment

    /// A text part at `frame`.
    public init(frame: Rect, font: String, color: Color, alignment: TextAlignment) {
        self.frame = frame; self.font = font; self.color = color; self.alignment = alignment
    }
}

/// The row of buttons: `frame` (relative to the box) is shared side by side by the buttons,
/// `spacing` apart.
public struct PopupButtonStyle: Sendable, Equatable {
    /// The row's rectangle, relative to the box; the buttons share its width.
    public var frame: Rect
    /// The buttons' font (a Pango description).
    public var font: String
    /// The buttons' title colour.
    public var textColor: Color
    /// The buttons' fill.
    public var background: Color
    /// The buttons' corner radius.
    public var cornerRadius: Double
    /// The gap between two buttons.
    public var spacing: Double

    /// A button row at `frame`.
    public init(frame: Rect, font: String, textColor: Color, background: Color, cornerRadius: Double, spacing: Double) {
        self.frame = frame; self.font = font; self.textColor = textColor; self.background = background
        self.cornerRadius = cornerRadius; self.spacing = spacing
    }
}

/// What a particular popup says: filled into its template by the config.
public struct PopupContent: Sendable, Equatable {
    /// One button of the dialog.
    public struct ButtonItem: Sendable, Equatable {
        /// The name reported as `value.button` when it is tapped.
        public var id: String
        /// The text on the button.
        public var title: String
        /// What the kiosk does on a tap besides reporting it; nil dismisses the popup.
        public var action: ControlAction?
        /// A button `id` titled `title`; `action` nil dismisses the popup.
        public init(id: String, title: String, action: ControlAction? = nil) {
            self.id = id; self.title = title; self.action = action
        }
    }
    /// The heading.
    public var title: String
    /// The message, wrapped to the template's text frame.
    public var text: String
    /// The buttons, left to right.
    public var buttons: [ButtonItem]

    /// Content of `title`, `text` and `buttons`.
    public init(title: String, text: String, buttons: [ButtonItem]) {
        self.title = title; self.text = text; self.buttons = buttons
    }
}

/// The edge a panel slides in from.
public enum PanelEdge: String, Sendable, CaseIterable {
    /// The screen edge the panel is attached to and slides from.
    case bottom, top, left, right
}

/// How a panel looks and where it sits, resolved from the config.
public struct PanelStyle: Sendable, Equatable {
    /// Where it slides in from.
    public var edge: PanelEdge
    /// Fraction of the screen the panel covers along its axis, 0…1.
    public var extent: Double
    /// The panel's fill.
    public var background: Color
    /// The radius of the corners away from the edge.
    public var cornerRadius: Double
    /// The dimming layer's colour at full presentation (black at 30 %).
    public var dim: Color

    /// A style; the defaults are a half-screen bottom sheet.
    public init(edge: PanelEdge = .bottom, extent: Double = 0.5, background: Color = Color(hex: "#1C232C")!,
                cornerRadius: Double = 16, dim: Color = Color.black.withAlpha(0.3)) {
        self.edge = edge; self.extent = extent; self.background = background
        self.cornerRadius = cornerRadius; self.dim = dim
    }
}
