import KioskCore
import KioskGestures

/// Fingers on a panel: a control inside claims its finger first; the panel itself takes a
/// drag that starts anywhere else on it, and a drag along its axis (towards or away from its
/// edge) that starts on a control that does not keep drags that way; a tap on the dim
/// dismisses.
extension Panel {
    func handleGesture(_ gesture: GestureEvent) {
        let slot = gesture.slot
        if case let .pressed(_, location, time) = gesture {
            fingers[slot] = finger(landingAt: location, time: time)
            return
        }
        guard var finger = fingers[slot] else { return }
        switch gesture {
        case .released, .cancelled: fingers[slot] = nil
        default: break
        }
        // A drag along the panel's axis that starts on a control the panel takes over, unless
        // the control keeps drags that way (`DragOwnership`): a sheet is pulled down from its
        // buttons too, and a slider in it keeps its sideways drags.
        if case let .panBegan(_, start, location, _) = gesture, case .control(let control) = finger,
           DragOwnership.containerTakesOver(axis, translation: location - start, from: control) {
            finger = .panel
            fingers[slot] = .panel
            if control.acceptsTouches { Scene.deliver(.cancelled(slot: slot, time: gesture.time), to: control) }
        }
        switch finger {
        case .control(let control):
            guard control.acceptsTouches else { return }   // told when it was disabled or hidden
            Scene.deliver(gesture.offset(by: currentFrame.origin * -1), to: control)
        case .dim:
            if case .tapped = gesture { dismiss(byDrag: false) }
        case .panel:
            handlePanelDrag(gesture)
        }
    }

    private func finger(landingAt location: Point, time: Instant) -> Finger {
        let frame = currentFrame
        guard frame.contains(location) else { return .dim }
        let local = location - frame.origin
        if let control = Screen.control(at: local, among: controls), control.acceptsTouches,
           control.touchBegan(at: local, time: time) {
            return .control(control)
        }
        return .panel
    }

    private func handlePanelDrag(_ gesture: GestureEvent) {
        switch gesture {
        case .panBegan, .panChanged:
            guard let translation = gesture.translation else { return }
            if case .dragging = motion {} else {
                // Grabbing stops whatever the panel was doing, where it is.
                animator.cancel()
                motion = .dragging(startPresentation: presentation + dragOffset(translation))
            }
            if case let .dragging(start) = motion {
                setPresentation(presentation(forDrag: translation, from: start))
            }
        case let .panEnded(_, _, translation, velocity, _):
            if case let .dragging(start) = motion {
                setPresentation(presentation(forDrag: translation, from: start))
                endDrag(velocity: velocity)
            }
        case .cancelled:
            if case .dragging = motion { endDrag(velocity: .zero) }
        default:
            break
        }
    }

    /// The part of the presentation the translation at the start of a drag accounts for: the
    /// drag starts from where the panel is, so it does not jump by the touch slop the finger
    /// has already travelled.
    private func dragOffset(_ translation: Point) -> Double {
        (translation.x * towardsEdge.x + translation.y * towardsEdge.y) / max(1, travel)
    }
}

extension GestureEvent {
    /// The pan translation, for pan events.
    var translation: Point? {
        switch self {
        case let .panBegan(_, start, location, _): return location - start
        case let .panChanged(_, _, translation, _, _), let .panEnded(_, _, translation, _, _): return translation
        default: return nil
        }
    }

    /// The same gesture with its positions moved by `d` (into a panel's coordinates).
    func offset(by d: Point) -> GestureEvent {
        switch self {
        case let .pressed(s, l, t): return .pressed(slot: s, location: l + d, time: t)
        case let .tapped(s, l, t): return .tapped(slot: s, location: l + d, time: t)
        case let .doubleTapped(s, l, t): return .doubleTapped(slot: s, location: l + d, time: t)
        case let .longPressed(s, l, t): return .longPressed(slot: s, location: l + d, time: t)
        case let .panBegan(s, start, l, t): return .panBegan(slot: s, start: start + d, location: l + d, time: t)
        case let .panChanged(s, l, tr, v, t): return .panChanged(slot: s, location: l + d, translation: tr, velocity: v, time: t)
        case let .panEnded(s, l, tr, v, t): return .panEnded(slot: s, location: l + d, translation: tr, velocity: v, time: t)
        case let .released(s, l, t): return .released(slot: s, location: l + d, time: t)
        case .swiped, .cancelled: return self
        }
    }
}
