import KioskCore
import KioskGestures

/// Routing of gestures to controls: the control under a finger at touch-down owns that
/// finger until it lifts, wherever it moves (CERangeSlider keeps tracking outside its bounds).
extension Scene {
    public func handle(_ gestures: [GestureEvent]) {
        for gesture in gestures { handle(gesture) }
    }

    public func handle(_ gesture: GestureEvent) {
        switch gesture {
        case let .pressed(slot, location, time):
            setTime(time)
            if let control = currentScreen.control(at: location), control.touchBegan(at: location, time: time) {
                setOwner(control, for: slot)
            }
        case let .panBegan(slot, _, location, time),
             let .panChanged(slot, location, _, _, time),
             let .panEnded(slot, location, _, _, time):
            setTime(time)
            owner(of: slot)?.touchMoved(to: location, time: time)
        case let .tapped(slot, location, time):
            setTime(time)
            owner(of: slot)?.touchTapped(at: location, time: time)
        case let .released(slot, location, time):
            setTime(time)
            let control = owner(of: slot)
            setOwner(nil, for: slot)
            control?.touchEnded(at: location, time: time)
        case let .cancelled(slot, time):
            setTime(time)
            let control = owner(of: slot)
            setOwner(nil, for: slot)
            control?.touchCancelled(time: time)
        case .longPressed, .swiped:
            break   // no control uses them yet; panels (dismiss by swipe) will
        }
    }
}
