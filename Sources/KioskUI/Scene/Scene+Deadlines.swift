import KioskCore

/// Going back to a start screen after a time without a touch: the config's
/// `"idle": {"after": 60, "screen": "start"}`.
public struct IdleReturn: Sendable, Equatable {
    /// How long without a touch.
    public var after: Duration
    /// The screen gone back to.
    public var screen: String
    /// Whether the language goes back to the scene's first (`Scene.languages`) too.
    public var resetsLanguage: Bool

    /// After `after` without a touch, every panel and popup is dismissed and `screen` shown
    /// (and, when `resetsLanguage`, the first language).
    public init(after: Duration, screen: String, resetsLanguage: Bool = false) {
        self.after = after
        self.screen = screen
        self.resetsLanguage = resetsLanguage
    }
}

/// What the scene does at a time rather than on a touch or a step: a popup that closes by
/// itself (`PopupDialog.autoClose`), the idle return (`idleReturn`) and a screen that moves
/// on by itself (`Screen.advanceAfter`). Nothing moves while they wait: the runtime wakes at
/// `nextDeadline` (an idle kiosk still makes no frame and no wake-up before it), and calls
/// `fireDeadlines(upTo:)` with the time. What they do is the kiosk's own (`origin` kiosk).
extension Scene {
    /// The earliest time something waits for; nil: nothing.
    public var nextDeadline: Instant? {
        var earliest: Instant?
        for overlay in overlays { earliest = Instant.earliest(earliest, overlay.deadline) }
        return Instant.earliest(earliest, Instant.earliest(idleDeadline, advanceDeadline))
    }

    /// Does what is due at `time` or before: the overlays' first, then the idle return, or
    /// else the current screen's advance (the idle return's screen change restarts that count).
    public func fireDeadlines(upTo time: Instant) {
        setTime(time)
        withEventOrigin(.kiosk) {
            for overlay in overlays {
                if let deadline = overlay.deadline, deadline <= time { overlay.deadlineReached() }
            }
            if let deadline = idleDeadline, deadline <= time, let idle = idleReturn {
                returnWhenIdle(to: idle.screen)
            } else if let deadline = advanceDeadline, deadline <= time {
                advanceToNextScreen()
            }
        }
    }

    /// A finger came: the idle countdowns start again. The scene notes every gesture itself;
    /// a runtime calls this too for a touch it keeps from the scene (one that only wakes the
    /// screen), which is a person at the screen all the same.
    package func noteActivity(at time: Instant) {
        lastActivity = time
        idleReturned = false
    }

    /// When the idle return is due: `after` past the last touch, unless it already happened
    /// and no finger came since, or the scene is already where it would go (that screen, no
    /// overlay, nothing moving).
    var idleDeadline: Instant? {
        guard let idleReturn, !idleReturned else { return nil }
        if currentScreen.id == idleReturn.screen && overlays.isEmpty && transition == nil
            && (idleLanguage ?? language.code) == language.code { return nil }
        return lastActivity + idleReturn.after
    }

    /// When the current screen moves on by itself: its `advanceAfter` past the later of its
    /// arrival and the last touch, while no panel or popup is over it.
    var advanceDeadline: Instant? {
        guard let after = currentScreen.advanceAfter, overlays.isEmpty, transition == nil else { return nil }
        return max(screenShownAt, lastActivity) + after
    }

    /// Dismisses every panel and popup and cuts to `screen`; the history starts again.
    private func returnWhenIdle(to screen: String) {
        idleReturned = true
        if let idleLanguage { setLanguage(idleLanguage) }
        for overlay in overlays { overlay.dismiss() }
        if currentScreen.id != screen { showScreen(screen, transition: .fade) }
        history.removeAll()
    }

    /// The next screen in the config's order (the first after the last), with a fade; the
    /// `back` history does not grow (an attract loop is not a path to go back along).
    private func advanceToNextScreen() {
        guard let index = screens.firstIndex(where: { $0 === currentScreen }) else { return }
        let next = screens[(index + 1) % screens.count]
        guard next !== currentScreen else { return }
        let depth = history.count
        showScreen(next.id, transition: .fade)
        history.removeSubrange(depth...)
    }
}
