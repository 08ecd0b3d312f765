import KioskCore

/// A reload: a new scene, built from the config read again, takes the place of the one on
/// screen. What a person was doing goes on where the new config still has it: the panels
/// and popups open stay open, a drag goes on on the control of the same id.
extension Scene {
    /// Shows the overlays shown in `old` (not those on their way out) that this scene has
    /// registered under the same id, bottom first, each as it was there
    /// (`Overlay.takePlace(of:)`): no slide in again, no second `panelShown`. The others stay
    /// closed.
    package func showOverlays(as old: Scene) {
        for previous in old.overlays where !previous.isLeaving {
            guard let overlay = registeredOverlay(withID: previous.id), !isShowing(overlay),
                  overlay.takePlace(of: previous) else { continue }
            overlays.append(overlay)
            currentScreen.layer.invalidateAll()
            invalidateAll()
        }
    }

    /// Takes on the fingers of `old`: a finger on a control (on the current screen, or in a
    /// panel this scene shows on top, as `old` did) goes on on this scene's control of the
    /// same id, where that control takes it (`Control.takeTouch(from:)`); every other finger
    /// that held something in `old` is cancelled there (a drag's `valueCommitted`, the
    /// person's), and ignored here until it lifts. Call it after the values, the screen and
    /// the overlays have been carried over.
    package func takeTouches(from old: Scene) {
        withEventOrigin(.touch) {
            for (slot, owner) in old.owners.sorted(by: { $0.key < $1.key }) {
                old.owners[slot] = nil
                owners[slot] = .ignored
                switch owner {
                case .ignored, .unclaimed, .pages:
                    // A swipe of pages ends with the old scene: the new one shows its
                    // current screen in place, and the finger waits for its lift.
                    break
                case .control(let previous):
                    if overlays.isEmpty, let control = currentScreen.control(withID: previous.id),
                       control.takeTouch(from: previous) {
                        owners[slot] = .control(control)
                    } else {
                        old.withEventOrigin(.touch) { Self.deliver(.cancelled(slot: slot, time: old.currentTime), to: previous) }
                    }
                case .overlay(let previousOverlay):
                    if let panel = overlays.last as? Panel, let previousPanel = previousOverlay as? Panel,
                       panel.id == previousPanel.id, case .control(let previous)? = previousPanel.fingers[slot],
                       let control = panel.control(withID: previous.id), control.takeTouch(from: previous) {
                        previousPanel.fingers[slot] = nil
                        panel.fingers[slot] = .control(control)
                        owners[slot] = .overlay(panel)
                    } else {
                        old.withEventOrigin(.touch) { previousOverlay.handle(.cancelled(slot: slot, time: old.currentTime)) }
                    }
                }
            }
        }
    }

    /// Goes on counting towards the idle return and a screen's `advanceAfter` from where `old`
    /// was (a reload is not a touch, and must not send a kiosk idle for an hour home at once
    /// either): the last touch, whether the idle return already happened, and, on the same
    /// screen, when it was shown.
    package func takeTimers(from old: Scene) {
        lastActivity = old.lastActivity
        idleReturned = old.idleReturned
        screenShownAt = currentScreen.id == old.currentScreen.id ? old.screenShownAt : currentTime
    }
}
