import KioskCore

/// Actions and screen changes.
extension Scene {
    /// The default length of a screen transition.
    public static let defaultTransitionDuration = Duration.milliseconds(300)

    /// Does what `action` says (switch screen, go back, show a panel or popup, dismiss); `control` is the control it came from, if any.
    public func perform(_ action: ControlAction, from control: Control?) {
        switch action {
        case let .switchScreen(id, kind, duration):
            showScreen(id, transition: kind, duration: duration ?? Self.defaultTransitionDuration)
        case let .back(kind, duration):
            goBack(transition: kind, duration: duration)
        case let .showPanel(id), let .showPopup(id):
            showOverlay(id)
        }
    }

    /// Shows another screen, with a transition or at once. Fingers on the old screen are
    /// cancelled, so a drag can never continue on a control that is no longer visible.
    /// Asking for the screen a running transition came from turns that transition round.
    @discardableResult
    public func showScreen(_ id: String, transition kind: TransitionKind = .none,
                           duration: Duration = Scene.defaultTransitionDuration) -> Bool {
        guard let next = screen(withID: id) else { return false }
        if let t = transition {
            guard next === t.origin else { return false }   // one transition at a time
            t.reverse()
            if history.last?.screen === next { history.removeLast() } else { history.append((t.destination, kind, duration)) }
            return true
        }
        guard next !== currentScreen else { return false }
        history.append((currentScreen, kind, duration))
        change(to: next, kind: kind, duration: duration, forwards: true)
        return true
    }

    /// Returns to the previous screen, playing the transition that left it backwards unless
    /// another is given.
    @discardableResult
    public func goBack(transition kind: TransitionKind? = nil, duration: Duration? = nil) -> Bool {
        if let t = transition {
            t.reverse()
            return true
        }
        guard let previous = history.popLast() else { return false }
        change(to: previous.screen, kind: kind ?? previous.transition, duration: duration ?? previous.duration,
               forwards: false)
        return true
    }

    private func change(to next: Screen, kind: TransitionKind, duration: Duration, forwards: Bool) {
        cancelAllTouches()
        let old = currentScreen
        currentScreen = next
        invalidateAll()
        guard kind != .none, duration > .zero else { return }
        // Going back, the old screen is the one on top, leaving the way it came.
        setTransition(forwards
            ? ScreenTransition(kind: kind, under: old, over: next, duration: duration, forwards: true)
            : ScreenTransition(kind: kind, under: next, over: old, duration: duration, forwards: false))
    }
}
