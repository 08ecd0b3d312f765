import KioskCore

/// What a button (or later IPC) asks the scene to do.
public enum ControlAction: Sendable, Equatable {
    /// Show another screen, with a transition (`duration` nil: the default 0.3 s).
    case switchScreen(String, transition: TransitionKind = .none, duration: Duration? = nil)
    /// Return to the previous screen; nil transition plays the one that left it, backwards.
    case back(transition: TransitionKind? = nil, duration: Duration? = nil)
    /// Show a panel (an overlay sliding in from an edge).
    case showPanel(String)
    /// Show a popup dialog over everything else.
    case showPopup(String)
}

/// The scene as seen from a control: where damage, events, actions and animations go.
public protocol ControlHost: AnyObject {
    /// Marks an area (scene coordinates) as needing a repaint in the next frame.
    func invalidate(_ rect: Rect)
    func post(_ event: ControlEvent)
    func perform(_ action: ControlAction, from control: Control)
    /// Steps `control.advance(by:)` on every fixed simulation step until it returns false.
    func startAnimating(_ control: Control)
    /// The time of the input or simulation step being handled (events carry it).
    var currentTime: Instant { get }
}

/// Base class of everything on a screen. Subclasses draw themselves through a `Canvas`,
/// answer hit tests and react to the touches the scene routes to them.
///
/// Every property change calls `invalidate()` for exactly the area whose pixels depend on it,
/// and nothing is drawn outside `paintBounds`.
open class Control {
    public let id: String
    public weak var host: ControlHost?
    public var theme: Theme { didSet { if oldValue != theme { invalidate() } } }

    /// Position and size in scene coordinates.
    public var frame: Rect {
        didSet {
            guard oldValue != frame else { return }
            host?.invalidate(paintBounds(for: oldValue))
            invalidate()
        }
    }

    public var isHidden = false { didSet { if oldValue != isHidden { host?.invalidate(paintBounds(for: frame)) } } }

    public init(id: String, frame: Rect, theme: Theme) {
        self.id = id
        self.frame = frame
        self.theme = theme
    }

    /// How far drawing may reach beyond the frame (shadows, glows).
    open var paintMargin: Double { 0 }

    /// Everything drawing may touch, for a given frame.
    public func paintBounds(for frame: Rect) -> Rect { frame.outsetBy(paintMargin) }
    public var paintBounds: Rect { paintBounds(for: frame) }

    /// Asks for the whole control to be repainted.
    public func invalidate() { host?.invalidate(paintBounds) }
    public func invalidate(_ rect: Rect) { host?.invalidate(rect) }

    /// Paints the control. The canvas is already clipped to `dirty` (scene coordinates);
    /// a control may skip parts that cannot touch it, since every damaged rectangle is
    /// drawn in a pass of its own.
    open func draw(_ canvas: Canvas, in dirty: Rect) {}

    // MARK: Touch

    /// Fingers are fat: a control may accept touches a little outside what it draws.
    /// Returns the distance from `point` to the control's touch target, 0 when inside the
    /// frame, nil when the point is not a touch for this control at all.
    open func touchDistance(to point: Point) -> Double? {
        frame.contains(point) ? 0 : nil
    }

    /// A finger went down on this control. Returning true claims the touch: every later
    /// event of that finger comes here, wherever it moves.
    open func touchBegan(at point: Point, time: Instant) -> Bool { false }
    /// The finger moved past the touch slop (first call) and on (later calls).
    open func touchMoved(to point: Point, time: Instant) {}
    /// The finger lifted without having moved past the slop.
    open func touchTapped(at point: Point, time: Instant) {}
    /// The finger lifted (after a tap, a pan or a long press).
    open func touchEnded(at point: Point, time: Instant) {}
    /// The system took the touch away (e.g. the screen changed).
    open func touchCancelled(time: Instant) {}

    /// One fixed simulation step for a control that asked for `startAnimating`.
    /// Returns true while the control still has something moving.
    open func advance(by dt: Duration) -> Bool { false }

    /// Posts an event through the host, stamped with the host's current time.
    func emit(_ kind: ControlEvent.Kind, _ value: [(name: String, value: EventScalar)] = []) {
        guard let host else { return }
        host.post(ControlEvent(time: host.currentTime, source: id, kind: kind, value: value))
    }
}
