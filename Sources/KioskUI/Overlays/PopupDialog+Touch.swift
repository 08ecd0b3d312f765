import KioskCore
import KioskGestures

/// Touch on a popup. The scene gives the top overlay every finger that lands; the dialog
/// decides what the finger holds where it lands (through the box's current scale, so a
/// finger lands on what it sees while the box grows):
///
/// - a button: the button gets the finger (press feedback, highlight fading on lift); a tap
///   reports `buttonTapped` and performs the button's action, or dismisses this popup;
/// - the box elsewhere: nothing;
/// - the backdrop: a tap (not a pan, not a long press) dismisses every open popup but the
///   modal ones; on a modal popup's backdrop it does nothing.
///
/// While disappearing, the buttons take no new fingers and fingers already on them are let
/// go: the dialog has been answered or sent away, and an action must not run after that (or
/// twice). A tap on its backdrop still dismisses all popups, so the popups under one that is
/// fading out can be sent away with the same gesture instead of waiting for the fade.
extension PopupDialog {
    /// What one finger holds.
    enum Finger {
        case button(PushButton)
        case box
        case backdrop
        /// Landed on a button that stopped taking touches; ignored until it lifts.
        case ignored
    }

    /// `handle(_:)`: one gesture of a finger that landed while this popup was on top.
    func route(_ gesture: GestureEvent) {
        let slot = gesture.slot
        if case let .pressed(_, location, time) = gesture {
            fingers[slot] = finger(landingAt: location, time: time)
        }
        guard let finger = fingers[slot] else { return }
        switch gesture {
        case .released, .cancelled: fingers[slot] = nil
        default: break
        }
        switch finger {
        case .button(let button):
            if case .tapped = gesture {
                tap(button)
            } else {
                Scene.deliver(gesture, to: button)
            }
        case .backdrop:
            if case .tapped = gesture, !isModal { dismissAllPopups() }
        case .box, .ignored:
            break
        }
    }

    private func finger(landingAt location: Point, time: Instant) -> Finger {
        let point = boxTransform.inverted?.apply(location) ?? location
        guard style.boxFrame.contains(point) else { return .backdrop }
        guard phase != .disappearing, let button = Screen.control(at: point, among: buttons) as? PushButton,
              button.acceptsTouches, button.touchBegan(at: point, time: time) else { return .box }
        return .button(button)
    }

    /// Reports the tap, then does what the button asks; a button without an action closes
    /// the dialog.
    func tap(_ button: PushButton) {
        guard phase == .appearing || phase == .shown,
              let index = buttons.firstIndex(where: { $0 === button }) else { return }
        let item = content.buttons[index]
        scene?.post(.buttonTapped, source: id, value: [("button", .string(item.id))])
        if let action = item.action {
            perform(action, from: button)
        } else {
            dismiss()
        }
    }

    /// Lets go of every button a finger holds (their highlight fades); those fingers are
    /// ignored until they lift.
    func releaseButtons() {
        for (slot, finger) in fingers.sorted(by: { $0.key < $1.key }) {
            guard case .button(let button) = finger else { continue }
            Scene.deliver(.cancelled(slot: slot, time: currentTime), to: button)
            fingers[slot] = .ignored
        }
    }
}
