import KioskCore

/// One finger on the screen, from touch-down to touch-up or cancel, and the state machine
/// that turns its inputs into gesture events. One handler per state, as in libinput's tap
/// and gesture code; each handler returns the events the input causes, in order.
struct TouchSlot: Sendable {
    let slot: Int
    /// Where the finger touched down; pans measure their translation from here.
    let start: Point
    let downTime: Instant
    /// The last known position. Touch-up reports this one, never a position of its own.
    private(set) var location: Point
    private(set) var state: TouchSlotState
    private var velocity: VelocityEstimator
    /// This touch went down soon and close enough after a tap to make a double tap, if it is
    /// a tap too (the tracker, which sees every slot, decides at touch-down).
    let completesDoubleTap: Bool
    /// When the touch lifted as a tap; nil for any other ending, or while it is down.
    private(set) var tapTime: Instant?

    init(slot: Int, position: Point, time: Instant, configuration: GestureConfiguration,
         completesDoubleTap: Bool = false) {
        self.slot = slot
        self.start = position
        self.downTime = time
        self.completesDoubleTap = completesDoubleTap
        self.location = position
        self.state = .possible(longPressDeadline: time + configuration.longPressDuration)
        self.velocity = VelocityEstimator(window: configuration.velocityWindow)
        // The touch-down point is a real sample: a flick that starts moving at once needs it.
        velocity.add(position, at: time)
    }

    /// When this touch becomes a long press, if it still can.
    var longPressDeadline: Instant? {
        if case .possible(let deadline) = state { deadline } else { nil }
    }

    /// Whether the long press has happened by `time`. The one place that says a deadline is
    /// due *at* its instant, for `advance(to:)` and for the handler alike.
    func isLongPressDue(at time: Instant) -> Bool {
        longPressDeadline.map { $0 <= time } ?? false
    }

    mutating func handle(_ input: TouchSlotInput, configuration: GestureConfiguration) -> [GestureEvent] {
        switch state {
        case .possible(let deadline): handlePossible(input, deadline: deadline, configuration: configuration)
        case .panning: handlePanning(input, configuration: configuration)
        case .longPressed: handleLongPressed(input, configuration: configuration)
        case .ended: []
        }
    }

    private mutating func handlePossible(
        _ input: TouchSlotInput, deadline: Instant, configuration: GestureConfiguration
    ) -> [GestureEvent] {
        // The long press happened before this input, whether or not anyone called
        // `advance(to:)` at the deadline; fire it first so both paths give the same events.
        if isLongPressDue(at: input.time) {
            state = .longPressed
            let longPress = GestureEvent.longPressed(slot: slot, location: location, time: deadline)
            if case .timeout = input { return [longPress] }
            return [longPress] + handleLongPressed(input, configuration: configuration)
        }
        switch input {
        case .move(let position, let time):
            location = position
            velocity.add(position, at: time)
            guard start.distance(to: position) > configuration.touchSlop else { return [] }
            state = .panning
            return [.panBegan(slot: slot, start: start, location: position, time: time)]
        case .up(let time):
            state = .ended
            tapTime = time
            let tap = GestureEvent.tapped(slot: slot, location: location, time: time)
            let release = GestureEvent.released(slot: slot, location: location, time: time)
            guard completesDoubleTap else { return [tap, release] }
            return [tap, .doubleTapped(slot: slot, location: location, time: time), release]
        case .cancel(let time):
            state = .ended
            return [.cancelled(slot: slot, time: time)]
        case .timeout:
            return []
        }
    }

    private mutating func handlePanning(_ input: TouchSlotInput, configuration: GestureConfiguration) -> [GestureEvent] {
        switch input {
        case .move(let position, let time):
            location = position
            velocity.add(position, at: time)
            return [.panChanged(slot: slot, location: position, translation: position - start,
                                velocity: velocity.velocity(at: time), time: time)]
        case .up(let time):
            state = .ended
            let release = velocity.velocity(at: time)
            var events: [GestureEvent] = [
                .panEnded(slot: slot, location: location, translation: location - start,
                          velocity: release, time: time),
            ]
            // `> 0` too: a finger that stopped never swipes, even with a fling velocity of 0.
            if release.length > 0, release.length >= configuration.flingVelocity {
                events.append(.swiped(slot: slot, direction: SwipeDirection(dominantAxisOf: release),
                                      velocity: release, time: time))
            }
            events.append(.released(slot: slot, location: location, time: time))
            return events
        case .cancel(let time):
            state = .ended
            return [.cancelled(slot: slot, time: time)]
        case .timeout:
            return []
        }
    }

    private mutating func handleLongPressed(_ input: TouchSlotInput, configuration: GestureConfiguration) -> [GestureEvent] {
        switch input {
        case .move(let position, let time):
            // A finger that rested and then drags is dragging (people rest before they drag):
            // beyond the slop it becomes a pan, measured from the touch-down point like any
            // other, so no distance is lost to the rest. Consumers that give a long press a
            // meaning of its own ignore what follows it (`Control.claimsLongPress`).
            location = position
            velocity.add(position, at: time)
            guard start.distance(to: position) > configuration.touchSlop else { return [] }
            state = .panning
            return [.panBegan(slot: slot, start: start, location: position, time: time)]
        case .up(let time):
            state = .ended
            return [.released(slot: slot, location: location, time: time)]
        case .cancel(let time):
            state = .ended
            return [.cancelled(slot: slot, time: time)]
        case .timeout:
            return []
        }
    }
}
