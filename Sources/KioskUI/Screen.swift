import KioskCore

/// One page of the kiosk: a background and controls in paint order (later ones on top).
/// A screen hosts its controls: their damage goes to the scene when the screen is visible,
/// and always to the screen's retained layer, which keeps the screen's pixels while an overlay
/// or a transition is composited over or with it.
public final class Screen: ControlHost {
    public let id: String
    public var background: Color? { didSet { if oldValue != background { invalidate(layer.bounds) } } }
    public private(set) var controls: [Control]
    public private(set) weak var scene: Scene?
    /// The screen's pixels, kept by the canvas while overlays or transitions need them.
    public private(set) lazy var layer = RetainedLayer(id: "screen:\(id)", bounds: scene?.bounds ?? .zero) {
        [unowned self] canvas, rect in self.draw(canvas, in: rect)
    }

    public init(id: String, background: Color? = nil, controls: [Control] = []) {
        self.id = id
        self.background = background
        self.controls = controls
        for control in controls { control.host = self }
    }

    func attach(to scene: Scene) {
        self.scene = scene
        layer.invalidateAll()
    }

    public func add(_ control: Control) {
        control.host = self
        controls.append(control)
        control.invalidate()
    }

    public func control(withID id: String) -> Control? { controls.first { $0.id == id } }

    /// The control a finger landing at `point` belongs to.
    public func control(at point: Point) -> Control? { Self.control(at: point, among: controls) }

    /// A point inside a control's frame beats an enlarged touch target of another; among
    /// enlarged targets the nearest wins; ties go to the control on top.
    public static func control(at point: Point, among controls: [Control]) -> Control? {
        var best: (control: Control, distance: Double)?
        for control in controls.reversed() where !control.isHidden {
            guard let d = control.touchDistance(to: point) else { continue }
            if best == nil || d < best!.distance { best = (control, d) }
        }
        return best?.control
    }

    /// Paints the background and every control that can touch `rect` (scene coordinates).
    public func draw(_ canvas: Canvas, in rect: Rect) {
        canvas.fill(.rect(rect), .solid(background ?? scene?.background ?? Theme.standard.background))
        for control in controls where !control.isHidden && control.paintBounds.intersects(rect) {
            control.draw(canvas, in: rect)
        }
    }

    // MARK: ControlHost

    public func invalidate(_ rect: Rect) {
        layer.invalidate(rect)
        scene?.screen(self, didInvalidate: rect)
    }
    public func post(_ event: ControlEvent) { scene?.post(event) }
    public func perform(_ action: ControlAction, from control: Control) { scene?.perform(action, from: control) }
    public func startAnimating(_ control: Control) { scene?.startAnimating(control) }
    public var currentTime: Instant { scene?.currentTime ?? .zero }
}
