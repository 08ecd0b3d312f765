import KioskCore
import KioskAnimation

/// Showing, dismissing, dragging and springing back.
extension Panel {
    /// Slides in, or turns round if on the way out.
    func showPanel() {
        wantsToBeShown = true
        dismissedByDrag = false
        if presentation >= 1, case .still = motion { return announceShownIfNeeded() }
        runAnimator(forwards: true)
    }

    /// Shown where `previous` (the panel of the scene a reload replaced) is: at rest when it
    /// was fully in (its `panelShown` already out), sliding on from there otherwise (a drag
    /// of the panel itself, which the new scene does not carry over, springs back in).
    func continueShowing(from previous: Panel) {
        wantsToBeShown = true
        dismissedByDrag = false
        announcedShown = previous.announcedShown
        presentation = min(max(previous.presentation, 0), 1)
        invalidateAll()
        if presentation >= 1 {
            motion = .still
            announceShownIfNeeded()
        } else {
            runAnimator(forwards: true)
        }
    }

    func dismiss(byDrag: Bool) {
        guard wantsToBeShown || presentation > 0 else { return }
        wantsToBeShown = false
        dismissedByDrag = byDrag
        runAnimator(forwards: false)
    }

    var isGone: Bool {
        if case .still = motion { return !wantsToBeShown && presentation <= 0 }
        return false
    }

    /// Runs the animator towards 1 or 0 from the current presentation. If something else
    /// moved the panel (a finger, a spring), the animator is first put where the panel is, so
    /// the curve continues from there.
    private func runAnimator(forwards: Bool) {
        switch motion {
        case .animating:
            break
        default:
            animator.fractionComplete = Self.fraction(forValue: min(max(presentation, 0), 1), of: animator.easing)
        }
        animator.isReversed = !forwards
        animator.start()
        motion = .animating
        startAnimating()
        invalidateAll()
    }

    /// Inverts a monotonic easing curve by bisection (the curve is cheap; 40 steps reach 1e-12).
    static func fraction(forValue value: Double, of easing: Easing) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<40 {
            let mid = (lo + hi) / 2
            if easing(mid) < value { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    func advanceMotion(by dt: Duration) -> Bool {
        switch motion {
        case .still, .dragging:
            return false
        case .animating:
            animator.step(dt)
            setPresentation(animator.value)
            if animator.state == .finished {
                motion = .still
                settled()
                return false
            }
            return true
        case .springing(let spring):
            spring.step(dt)
            setPresentation(spring.value)
            if spring.isSettled {
                motion = .still
                setPresentation(1)
                settled()
                return false
            }
            return true
        }
    }

    /// Sets what is drawn, kept within 0…1 + `maxOverpull` (the most a rubber band shows) and
    /// ignoring NaN: a spring that overshoots far, or a bad number, must not throw the panel
    /// off the screen by a billion pixels.
    func setPresentation(_ value: Double) {
        guard !value.isNaN else { return }
        let p = min(max(value, 0), 1 + Self.maxOverpull)
        guard p != presentation else { return }
        presentation = p
        // The dim covers everything, so any change of presentation repaints the scene.
        invalidateAll()
    }

    /// Came to rest: report arrival at either end.
    private func settled() {
        if presentation >= 1 {
            announceShownIfNeeded()
        } else if presentation <= 0 {
            announcedShown = false
            var value: [(name: String, value: EventScalar)] = []
            if dismissedByDrag { value.append(("interactive", .bool(true))) }
            scene?.post(.panelDismissed, source: id, value: value)
        }
    }

    private func announceShownIfNeeded() {
        guard !announcedShown else { return }
        announcedShown = true
        scene?.post(.panelShown, source: id)
    }

    // MARK: Dragging

    /// How far a drag has moved the panel: the translation towards the edge, as a fraction of
    /// the travel. Away from the edge the panel barely moves (a rubber band of at most 4 %).
    func presentation(forDrag translation: Point, from start: Double) -> Double {
        let towards = translation.x * towardsEdge.x + translation.y * towardsEdge.y
        let p = start - towards / max(1, travel)
        if p <= 1 { return max(0, p) }
        let excess = p - 1
        return 1 + Self.maxOverpull * (1 - 1 / (1 + excess * 4))
    }

    /// The finger let go after dragging the panel.
    func endDrag(velocity: Point) {
        let towards = velocity.x * towardsEdge.x + velocity.y * towardsEdge.y
        if presentation < 0.5 || towards >= Self.flingVelocity {
            dismiss(byDrag: true)
        } else {
            let spring = SpringValue(value: presentation, target: 1, velocity: -towards / max(1, travel),
                                     spring: Spring(response: .milliseconds(300), dampingRatio: 0.9), tolerance: 0.001)
            motion = .springing(spring)
            startAnimating()
        }
    }
}
