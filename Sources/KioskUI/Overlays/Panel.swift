import KioskCore
import KioskAnimation
import KioskGestures

/// A half-screen panel (a bottom sheet, or from any edge) over a dimming layer.
///
/// It slides in from its edge over 0.3 s (ease-out) while the dim (black at 30 %) fades in,
/// and leaves the same way. Every motion is interruptible: `dismiss()` while it comes in, or
/// `show()` while it leaves, turns the running animator round from where it is, so neither
/// position nor dim jumps and the rest takes as long as the distance left. A finger can drag
/// the panel towards its edge (the dim follows); on release it leaves if it was dragged past
/// half its extent or flicked towards the edge, and springs back otherwise. A tap on the dim
/// dismisses it. Controls inside the panel keep working: a drag that starts on one of them
/// belongs to that control, not to the panel.
///
/// `presentation` is the whole state that is drawn: 0 gone, 1 fully in (slightly above 1
/// while rubber-banding away from the edge).
public final class Panel: Overlay, SceneBoundHost {
    /// The edge, extent, colours and corners.
    public let style: PanelStyle
    /// The theme its controls draw with.
    public let theme: Theme
    /// Controls with frames relative to the panel's top-left corner.
    public private(set) var controls: [Control]
    /// How far in the panel is: 0 gone, 1 fully in (slightly more while rubber-banding).
    public internal(set) var presentation = 0.0

    /// Release velocity towards the edge (design px/s) above which a drag dismisses.
    public static let flingVelocity = 600.0
    /// How long sliding in or out takes.
    public static let duration = Duration.milliseconds(300)
    /// At most this much of the extent may be pulled away from the edge (rubber band).
    static let maxOverpull = 0.04

    let animator = Animator(duration: Panel.duration, easing: .easeOut)
    var motion = Motion.still
    var fingers: [Int: Finger] = [:]
    /// The current presentation was asked for (`show`) and not yet announced as shown.
    var announcedShown = false
    var wantsToBeShown = false
    var dismissedByDrag = false

    enum Motion {
        case still
        case animating
        case dragging(startPresentation: Double)
        case springing(SpringValue)
    }

    enum Finger {
        case control(Control)
        case panel
        case dim
    }

    /// A panel named `id`, hosting `controls` (frames relative to the panel).
    public init(id: String, style: PanelStyle, theme: Theme = .standard, controls: [Control] = []) {
        self.style = style
        self.theme = theme
        self.controls = controls
        super.init(id: id)
        for control in controls { control.host = self }
    }

    /// Adds `control` to the panel (its frame relative to the panel) and paints it.
    public func add(_ control: Control) {
        control.host = self
        controls.append(control)
        control.invalidate()
    }

    /// The panel's control with `id` (inside a list's rows too), if any.
    public func control(withID id: String) -> Control? {
        for control in controls { if let found = control.control(withID: id) { return found } }
        return nil
    }

    // MARK: Overlay (Panel+Motion.swift, Panel+Input.swift, Panel+Drawing.swift)

    public override func show() { showPanel() }
    public override func dismiss() { dismiss(byDrag: false) }
    public override func takePlace(of previous: Overlay) -> Bool {
        guard let previous = previous as? Panel, previous.wantsToBeShown else { return false }
        continueShowing(from: previous)
        return true
    }
    public override var isFinished: Bool { isGone }
    public override var isLeaving: Bool { !wantsToBeShown && !isGone }

    /// The panel's pixels in its own coordinates (its background shape, grabber and controls),
    /// composited at the panel's current position: sliding moves them without repainting.
    public private(set) lazy var layer: RetainedLayer = {
        let layer = RetainedLayer(id: "panel:\(id)", bounds: localBackgroundRect) { [unowned self] canvas, rect in
            self.drawContent(canvas, in: rect)
        }
        layer.opaqueBounds = localOpaqueRect
        return layer
    }()

    public override var retainedLayer: RetainedLayer? { layer }
    public override func advance(by dt: Duration) -> Bool { advanceMotion(by: dt) }
    public override func handle(_ gesture: GestureEvent) { handleGesture(gesture) }
    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawPanel(canvas, in: dirty) }

    /// The dim, fading with the presentation.
    public override var backdrop: Color? { currentDim }

    /// The panel is opaque except for its rounded inner corners and antialiased inner edge.
    public override var opaqueRect: Rect? {
        guard presentation > 0 else { return nil }
        return localOpaqueRect?.offsetBy(currentFrame.origin)
    }

    /// `opaqueRect` in the panel's own coordinates (origin at its frame's corner): also the
    /// part of its layer whose pixels are all opaque.
    var localOpaqueRect: Rect? {
        guard style.background.alpha >= 1 else { return nil }
        let margin = style.cornerRadius + 2
        let s = openFrame.size
        switch style.edge {
        case .bottom: return Rect(0, margin, s.width, s.height - margin)
        case .top: return Rect(0, 0, s.width, s.height - margin)
        case .left: return Rect(0, 0, s.width - margin, s.height)
        case .right: return Rect(margin, 0, s.width - margin, s.height)
        }
    }

    // MARK: Geometry

    var sceneBounds: Rect { scene?.bounds ?? .zero }

    /// The panel's size: the scene's across its edge, `extent` of it along the sliding axis.
    public var size: Size {
        let b = sceneBounds.size
        switch style.edge {
        case .bottom, .top: return Size(b.width, (b.height * style.extent).rounded())
        case .left, .right: return Size((b.width * style.extent).rounded(), b.height)
        }
    }

    /// Where the panel sits when fully presented.
    public var openFrame: Rect {
        let b = sceneBounds, s = size
        switch style.edge {
        case .bottom: return Rect(b.minX, b.maxY - s.height, s.width, s.height)
        case .top: return Rect(b.minX, b.minY, s.width, s.height)
        case .left: return Rect(b.minX, b.minY, s.width, s.height)
        case .right: return Rect(b.maxX - s.width, b.minY, s.width, s.height)
        }
    }

    /// The distance the panel travels: its size along the sliding axis.
    var travel: Double { style.edge == .bottom || style.edge == .top ? size.height : size.width }

    /// Unit vector pointing towards the panel's edge (the way it leaves).
    /// The axis the panel is dragged along: up and down for a top or bottom sheet.
    var axis: DragAxis { style.edge == .top || style.edge == .bottom ? .vertical : .horizontal }

    var towardsEdge: Point {
        switch style.edge {
        case .bottom: return Point(0, 1)
        case .top: return Point(0, -1)
        case .left: return Point(-1, 0)
        case .right: return Point(1, 0)
        }
    }

    /// Where the panel is drawn now.
    public var currentFrame: Rect {
        openFrame.offsetBy(towardsEdge * ((1 - presentation) * travel))
    }

    // MARK: ControlHost (controls use panel coordinates)

    public func invalidate(_ rect: Rect) {
        layer.invalidate(rect)
        // Out of sight (registered, not shown) only the layer is stale; it is drawn afresh
        // when the panel comes in.
        guard let scene, scene.isShowing(self) else { return }
        scene.invalidate(rect.offsetBy(currentFrame.origin))
    }
}
