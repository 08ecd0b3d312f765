import KioskCore
import KioskGestures

/// Routing of gestures: a finger belongs, from touch-down to lift, to what it landed on.
/// During a screen transition fingers are ignored; with overlays present the top overlay
/// takes them (controls under a dimmed area get nothing); otherwise the control under the
/// finger owns it wherever it moves (CERangeSlider keeps tracking outside its bounds).
extension Scene {
    /// Routes each gesture to the control or overlay that owns its finger, in order.
    public func handle(_ gestures: [GestureEvent]) {
        for gesture in gestures { handle(gesture) }
    }

    /// Handles one gesture, with its positions clamped to `inputReach` and its velocities to
    /// `VelocityEstimator.maximumSpeed` first (see `inputReach`).
    public func handle(_ gesture: GestureEvent) {
        withEventOrigin(.touch) { route(gesture.limited(to: inputReach)) }
    }

    private func route(_ gesture: GestureEvent) {
        setTime(gesture.time)
        noteActivity(at: gesture.time)
        if case let .pressed(slot, location, time) = gesture {
            owners[slot] = newOwner(at: location, slot: slot, time: time)
        }
        let slot = gesture.slot
        guard let owner = owners[slot] else { return }
        switch gesture {
        case .released, .cancelled: owners[slot] = nil
        default: break
        }
        if case let .panBegan(_, start, location, _) = gesture, takesOverForPages(owner, slot: slot, start: start, translation: location - start) {
            handlePageGesture(gesture)
            return
        }
        switch owner {
        case .ignored, .unclaimed:
            return
        case .pages:
            handlePageGesture(gesture)
        case .overlay(let overlay):
            overlay.handle(gesture)
        case .control(let control):
            // Disabled or hidden under the finger: it was told then (touchCancelled), and the
            // rest of this finger's gesture goes nowhere.
            guard control.acceptsTouches else {
                if owners[slot] != nil { owners[slot] = .ignored }
                return
            }
            Self.deliver(gesture, to: control)
        }
    }

    /// How far around the scene gesture positions are taken as they are: two scene sizes on
    /// every side (as `InputMapping.limited(toScene:)`, for gestures that do not come through
    /// the runtime). Nothing moves further than one scene size (a panel's travel, a slider's
    /// track), so a finger beyond the reach acts as it would at its edge, while positions like
    /// 1e308 could overflow into infinity and start a motion that never ends.
    public var inputReach: Rect {
        bounds.outsetBy(InputMapping.reachMargin * max(designSize.width, designSize.height))
    }

    private func newOwner(at location: Point, slot: Int, time: Instant) -> TouchOwner {
        if transition != nil { return .ignored }
        if let caught = catchPages(slot: slot, at: location) { return caught ? .pages : .ignored }
        if let top = overlays.last { return .overlay(top) }
        if let control = currentScreen.control(at: location), control.acceptsTouches, control.touchBegan(at: location, time: time) {
            return .control(control)
        }
        return .unclaimed
    }

    /// At a drag's first move, swipeable pages take the finger from what it landed on when
    /// `DragOwnership` says so: the control is told `touchCancelled` and the pages follow the
    /// finger from its touch-down point.
    private func takesOverForPages(_ owner: TouchOwner, slot: Int, start: Point, translation: Point) -> Bool {
        let control: Control?
        switch owner {
        case .control(let c): control = c
        case .unclaimed: control = nil
        default: return false
        }
        guard pagesTakeOver(translation: translation, from: control) else { return false }
        owners[slot] = .pages
        if let control { Self.deliver(.cancelled(slot: slot, time: currentTime), to: control) }
        beginPageSwipe(slot: slot, start: start)
        return true
    }

    /// Turns a gesture into the control's touch calls (`touchBegan` already happened), in
    /// the tracker's order: a double tap right after its second tap, a swipe after the pan's
    /// last move and before the lift, a long
    /// press before the lift (and before the moves of a finger that rested, then dragged;
    /// a control that `claimsLongPress` gets none of those moves).
    public static func deliver(_ gesture: GestureEvent, to control: Control) {
        switch gesture {
        case .pressed:
            break
        case let .panBegan(slot, _, location, time),
             let .panChanged(slot, location, _, _, time):
            guard !control.claimedLongPresses.contains(slot) else { return }
            control.touchMoved(to: location, time: time)
        case let .panEnded(slot, location, _, velocity, time):
            guard !control.claimedLongPresses.contains(slot) else { return }
            control.touchMoved(to: location, time: time)
            control.touchPanEnded(velocity: velocity, time: time)
        case let .tapped(_, location, time):
            control.touchTapped(at: location, time: time)
        case let .doubleTapped(_, location, time):
            control.touchDoubleTapped(at: location, time: time)
        case let .released(slot, location, time):
            control.claimedLongPresses.remove(slot)
            control.touchEnded(at: location, time: time)
        case let .longPressed(slot, location, time):
            if control.claimsLongPress { control.claimedLongPresses.insert(slot) }
            control.touchLongPressed(at: location, time: time)
        case let .swiped(slot, direction, velocity, time):
            guard !control.claimedLongPresses.contains(slot) else { return }
            control.touchSwiped(direction, velocity: velocity, time: time)
        case let .cancelled(slot, time):
            control.claimedLongPresses.remove(slot)
            control.touchCancelled(time: time)
        }
    }

    /// Every finger lets go of what it holds (as libinput's touch cancel would). What the
    /// controls report of it (a drag's `valueCommitted`) is the person's, whoever took the
    /// fingers away (an owner's screen change).
    public func cancelAllTouches() {
        let held = owners.sorted { $0.key < $1.key }
        owners.removeAll()
        withEventOrigin(.touch) { cancel(held) }
    }

    private func cancel(_ held: [(key: Int, value: TouchOwner)]) {
        for (slot, owner) in held {
            switch owner {
            case .control(let control): Self.deliver(.cancelled(slot: slot, time: currentTime), to: control)
            case .overlay(let overlay): overlay.handle(.cancelled(slot: slot, time: currentTime))
            case .pages: handlePageGesture(.cancelled(slot: slot, time: currentTime))
            case .ignored, .unclaimed: break
            }
        }
    }
}
