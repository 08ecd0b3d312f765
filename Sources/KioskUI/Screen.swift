import KioskCore

/// One page of the kiosk: a background and controls in paint order (later ones on top).
public final class Screen {
    public let id: String
    public var background: Color?
    public private(set) var controls: [Control]

    public init(id: String, background: Color? = nil, controls: [Control] = []) {
        self.id = id
        self.background = background
        self.controls = controls
    }

    public func add(_ control: Control) { controls.append(control) }

    public func control(withID id: String) -> Control? { controls.first { $0.id == id } }

    /// The control a finger landing at `point` belongs to. A point inside a control's frame
    /// beats an enlarged touch target of another; among enlarged targets the nearest wins;
    /// ties go to the control on top.
    public func control(at point: Point) -> Control? {
        var best: (control: Control, distance: Double)?
        for control in controls.reversed() where !control.isHidden {
            guard let d = control.touchDistance(to: point) else { continue }
            if best == nil || d < best!.distance { best = (control, d) }
        }
        return best?.control
    }
}
