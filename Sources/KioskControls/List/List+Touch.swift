import KioskCore
import KioskGestures
import KioskUI

/// Fingers on a list (`DragOwnership`, the one rule): a row's control takes its finger at
/// touch-down; at the first move past the slop the list takes a mostly vertical drag over
/// unless that control keeps it; a finger landing on a moving list catches it.
extension List {
    /// One finger scrolls a list: a second one while the first is down is not taken.
    func fingerBegan(at point: Point, time: Instant) -> Bool {
        guard finger == nil else { return false }
        touchStart = point
        hasMoved = false
        flingVelocity = 0
        if scroll.isMoving {
            // A finger on a gliding (or springing) list stops it where it is and presses nothing.
            scroll.grab()
            finger = .list(caught: true)
            return true
        }
        if let row = row(at: point) {
            let local = point - rowOriginNow(row.index)
            if let control = row.control(at: local), control.acceptsTouches, control.touchBegan(at: local, time: time) {
                finger = .control(control, row: row)
                return true
            }
        }
        scroll.grab()
        finger = .list(caught: false)
        return true
    }

    func fingerMoved(to point: Point, time: Instant) {
        let first = !hasMoved
        hasMoved = true
        switch finger {
        case let .control(control, row)?:
            if first, DragOwnership.containerTakesOver(.vertical, translation: point - touchStart, from: control) {
                // The list scrolls from the touch-down point on; the control lets go (no tap).
                control.touchCancelled(time: time)
                scroll.grab()
                finger = .list(caught: false)
                drag(to: point)
            } else if control.acceptsTouches {
                control.touchMoved(to: point - rowOriginNow(row.index), time: time)
            }
        case .list?:
            if first, DragAxis(of: point - touchStart) != .vertical {
                finger = .across
                scroll.release(fingerVelocity: 0)
            } else {
                drag(to: point)
            }
        case .across?, nil:
            break
        }
    }

    private func drag(to point: Point) {
        let before = scroll.offset
        scroll.drag(translation: point.y - touchStart.y)
        if scroll.offset != before { invalidate() }
    }

    /// The lift of a pan: a slow release glides on too (the scroll stops below its own
    /// minimum speed), not only a fling.
    func fingerPanEnded(velocity: Point, time: Instant) {
        switch finger {
        case let .control(control, _)?: control.touchPanEnded(velocity: velocity, time: time)
        case .list?: flingVelocity = velocity.y
        case .across?, nil: break
        }
    }

    func fingerSwiped(_ direction: SwipeDirection, velocity: Point, time: Instant) {
        switch finger {
        case let .control(control, _)?: control.touchSwiped(direction, velocity: velocity, time: time)
        case .list?: flingVelocity = velocity.y
        case .across?, nil: break
        }
    }

    func fingerTapped(at point: Point, time: Instant) {
        switch finger {
        case let .control(control, row)?:
            control.touchTapped(at: point - rowOriginNow(row.index), time: time)
        case .list(caught: false)?:
            if let row = row(at: point) { send(Self.rowTapped, value: ["row": .number(Double(row.index))]) }
        case .list(caught: true)?, .across?, nil:
            break
        }
    }

    func fingerDoubleTapped(at point: Point, time: Instant) {
        if case let .control(control, row)? = finger {
            control.touchDoubleTapped(at: point - rowOriginNow(row.index), time: time)
        }
    }

    func fingerLongPressed(at point: Point, time: Instant) {
        if case let .control(control, row)? = finger {
            control.touchLongPressed(at: point - rowOriginNow(row.index), time: time)
        }
    }

    func fingerEnded(at point: Point, time: Instant) {
        let held = finger
        finger = nil
        switch held {
        case let .control(control, row)?:
            control.touchEnded(at: point - rowOriginNow(row.index), time: time)
        case .list?:
            letGo(velocity: flingVelocity)
        case .across?, nil:
            break
        }
    }

    func fingerCancelled(time: Instant) {
        let held = finger
        finger = nil
        switch held {
        case let .control(control, _)?: control.touchCancelled(time: time)
        case .list?: letGo(velocity: 0)
        case .across?, nil: break
        }
    }

    /// The finger left the list: it glides on, springs back or rests.
    private func letGo(velocity: Double) {
        scroll.release(fingerVelocity: velocity)
        if scroll.isMoving { startAnimating() }
    }

    /// A list keeps vertical drags (it scrolls them), and whatever the control its finger
    /// holds keeps: a list inside swipeable pages gives a sideways drag to the pages, unless
    /// it started on a slider in a row.
    func fingerKeeps(along axis: DragAxis) -> Bool {
        if axis == .vertical { return true }
        if case let .control(control, _)? = finger { return control.keepsDrag(along: axis) }
        return false
    }

    /// The control the list's finger holds now, if a row's control holds it.
    public var heldControl: Control? {
        if case let .control(control, _)? = finger { return control }
        return nil
    }
}
