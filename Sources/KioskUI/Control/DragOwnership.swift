import KioskCore

/// The axis a drag mostly moves along, once the finger left the touch slop.
public enum DragAxis: Sendable, Equatable, CaseIterable {
    /// Sideways: along x.
    case horizontal
    /// Up and down: along y.
    case vertical

    /// The axis `translation` mostly follows: horizontal when it moved strictly further
    /// sideways than up or down, vertical otherwise (a perfect diagonal counts as vertical,
    /// the axis a list scrolls along, so a diagonal flick scrolls rather than grabs a slider).
    public init(of translation: Point) {
        self = abs(translation.x) > abs(translation.y) ? .horizontal : .vertical
    }
}

/// Who gets a finger when controls compete for it: the one rule of the scene, of panels and
/// of scroll containers (lists, swipeable pages).
///
/// 1. A finger belongs to the innermost control under it that accepts it (`touchBegan`
///    returned true), from touch-down on: a button shows itself pressed at once.
/// 2. When the finger first moves past the touch slop (`panBegan`), a scroll container
///    around that control whose axis the drag mostly follows takes the finger over: the
///    control gets `touchCancelled` (a button does not fire, a slider that has not moved
///    commits nothing) and the container scrolls, from the touch-down point on.
/// 3. Unless the control keeps drags along that axis (`Control.keepsDrag(along:)`): a
///    horizontal slider in a horizontally swiped page keeps a sideways drag, a dial keeps
///    every drag. A drag mostly across the container's axis is never the container's.
/// 4. A finger the container holds stays the container's until it lifts; a finger that lands
///    while the container is still moving (a fling) stops it there and presses nothing.
///
/// The table of every built-in control is `Documentation/Contracts.md`, "Who gets a finger".
public enum DragOwnership {
    /// Whether a container scrolling along `containerAxis` takes over a drag whose first move
    /// past the slop is `translation`, from `control` (nil: the finger landed on nothing that
    /// accepted it).
    public static func containerTakesOver(_ containerAxis: DragAxis, translation: Point,
                                          from control: Control?) -> Bool {
        let axis = DragAxis(of: translation)
        guard axis == containerAxis else { return false }
        return !(control?.keepsDrag(along: axis) ?? false)
    }
}
