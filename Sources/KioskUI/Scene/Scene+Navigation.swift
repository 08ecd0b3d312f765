import KioskCore

/// Actions and screen changes.
///
/// The current screen (`currentScreen`, what `get` and the state file report) is the
/// destination from the moment a change starts; `screenChanged` goes out then, once per
/// change. A change asked for while a transition runs is never refused: the running motion
/// turns towards the new destination from where it is (as a panel's slide turns round), and
/// the `back` history is what it would be had the running change landed first, so a burst of
/// requests leaves the same history however fast it comes.
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
        case let .setLanguage(code):
            setLanguage(code)
        }
    }

    /// Shows another screen, with a transition or at once, and posts `screenChanged` unless
    /// `sendsEvents` is false (a restored or carried-over screen, as values are set without
    /// events). Fingers on the old screen are cancelled, so a drag can never continue on a
    /// control that is no longer visible. During a running transition the motion turns
    /// towards `id` from where it is (`transition: .none` cuts to it instead). Returns false
    /// when there is no such screen or it is the current one already.
    @discardableResult
    public func showScreen(_ id: String, transition kind: TransitionKind = .none,
                           duration: Duration = Scene.defaultTransitionDuration, sendsEvents: Bool = true) -> Bool {
        guard let next = screen(withID: id), next !== currentScreen else { return false }
        history.append((currentScreen, kind, duration))
        change(to: next, kind: kind, duration: duration, forwards: true, sendsEvents: sendsEvents)
        return true
    }

    /// Returns to the previous screen, playing the transition that left it backwards unless
    /// another is given; during a running transition, to the screen before its destination.
    /// Returns false when there is none.
    @discardableResult
    public func goBack(transition kind: TransitionKind? = nil, duration: Duration? = nil) -> Bool {
        guard let previous = history.popLast() else { return false }
        change(to: previous.screen, kind: kind ?? previous.transition, duration: duration ?? previous.duration,
               forwards: false, sendsEvents: true)
        return true
    }

    private func change(to next: Screen, kind: TransitionKind, duration: Duration, forwards: Bool, sendsEvents: Bool) {
        endPageSwipe()
        cancelAllTouches()
        let old = currentScreen
        currentScreen = next
        screenShownAt = currentTime
        invalidateAll()
        if sendsEvents { post(.screenChanged, source: ControlEvent.kioskSource, value: [("screen", .string(next.id))]) }
        let animates = kind != .none && duration > .zero
        if let running = transition {
            retarget(running, to: next, animates: animates)
            return
        }
        guard animates else { return }
        // Going back, the old screen is the one on top, leaving the way it came.
        setTransition(forwards
            ? ScreenTransition(kind: kind, under: old, over: next, duration: duration, forwards: true)
            : ScreenTransition(kind: kind, under: next, over: old, duration: duration, forwards: false))
    }

    /// Points the running transition at `next`: back to where it came from, it turns round;
    /// elsewhere, the screen it was heading for gives way to `next` and the motion goes on
    /// from where it is, at its pace. A change without a transition cuts to `next` at once.
    private func retarget(_ running: ScreenTransition, to next: Screen, animates: Bool) {
        if !animates {
            transition = nil
        } else if next === running.origin {
            running.reverse()
        } else {
            running.replaceDestination(with: next)
            setTransition(running)
        }
    }
}
