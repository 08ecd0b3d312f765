import KioskCore

/// Turns touch events into gestures: tap, double tap, long press, pan (after a slop) and
/// swipe, for every touch slot independently (a double tap's two touches may be in two).
///
/// Time is always passed in, never read: the tracker gives the same events for the same
/// inputs, on a device or on headless mode's virtual clock. The main loop feeds it every touch
/// event with `handle(_:)`, and wakes at `nextDeadline` to call `advance(to:)` so that a long
/// press fires while the finger is still down and nothing else happens.
///
/// Not thread-safe: it belongs to the main loop, like the scene it feeds.
public final class GestureTracker {
    /// The largest magnitude of a position the tracker takes as it is, in pixels; beyond it
    /// (and infinity) positions are clamped, NaN goes to −limit. A million pixels is a
    /// hundred times the largest screen: no real touch comes near it, while 1e308 would
    /// overflow the velocity fit. (The runtime's `InputMapping` already keeps touches within
    /// a few screen sizes; this guards every other caller.)
    public static let coordinateLimit = 1_000_000.0
    static let reach = Rect(-coordinateLimit, -coordinateLimit, 2 * coordinateLimit, 2 * coordinateLimit)

    /// The thresholds in use; fixed for the tracker's lifetime so that no touch in flight
    /// changes its rules half-way.
    public let configuration: GestureConfiguration
    private var slots: [Int: TouchSlot] = [:]
    /// The last touch that ended as a tap and was not a double tap's second, while no other
    /// touch went down since: the first half of a possible double tap.
    private var lastTap: (location: Point, time: Instant)?

    /// A tracker with no touches down, judging them by `configuration`.
    public init(configuration: GestureConfiguration = .standard) {
        self.configuration = configuration
    }

    /// Feeds one touch event (already in screen coordinates). Returns the gesture events it
    /// causes, in order. Positions are clamped to ±`coordinateLimit` first.
    ///
    /// Long presses that were due at or before `event.time` fire first, so the result does not
    /// depend on whether `advance(to:)` was called in between. The position of an `.up` or
    /// `.cancel` event is ignored: libinput's touch-up has no coordinates, so the slot's last
    /// known position is used. Moves, ups and cancels for a slot that is not down are
    /// ignored. A down for a slot that is already down means the device lost a touch-up;
    /// the old touch is cancelled (`cancelled`) and the new one starts (`pressed`).
    public func handle(_ event: TouchEvent) -> [GestureEvent] {
        var event = event
        event.position = event.position.clamped(to: Self.reach)
        var events = advance(to: event.time)
        switch event.phase {
        case .down:
            if slots[event.slot] != nil { events += send(.cancel(event.time), to: event.slot) }
            slots[event.slot] = TouchSlot(slot: event.slot, position: event.position, time: event.time,
                                          configuration: configuration, completesDoubleTap: followsTap(event))
            lastTap = nil
            events.append(.pressed(slot: event.slot, location: event.position, time: event.time))
        case .move:
            Self.append(send(.move(event.position, event.time), to: event.slot), to: &events)
        case .up:
            Self.append(send(.up(event.time), to: event.slot), to: &events)
        case .cancel:
            Self.append(send(.cancel(event.time), to: event.slot), to: &events)
        }
        return events
    }

    /// Fires time-outs (long press) that are due at or before `time`, earliest first (slots
    /// with the same deadline in slot order).
    public func advance(to time: Instant) -> [GestureEvent] {
        let due = slots.values
            .filter { $0.isLongPressDue(at: time) }
            .compactMap { touch in touch.longPressDeadline.map { (deadline: $0, slot: touch.slot) } }
            .sorted { ($0.deadline, $0.slot) < ($1.deadline, $1.slot) }
        return due.flatMap { send(.timeout(time), to: $0.slot) }
    }

    /// The earliest instant at which `advance(to:)` would produce something, or nil (then the
    /// main loop may sleep without a timeout).
    public var nextDeadline: Instant? {
        // Asked on every pass of the main loop: a loop, not a collected array.
        var earliest: Instant?
        for touch in slots.values {
            if let deadline = touch.longPressDeadline, earliest.map({ deadline < $0 }) ?? true { earliest = deadline }
        }
        return earliest
    }

    /// The slots with a finger down, sorted.
    public var activeSlots: [Int] { slots.keys.sorted() }

    /// The state of a slot's gesture state machine ("possible", "panning", "longPressed"), or
    /// nil when no finger is down in it. For logs and tests; do not branch on it.
    public func stateName(ofSlot slot: Int) -> String? { slots[slot]?.state.name }

    /// Cancels every touch, in slot order, e.g. when the screen changes under the fingers or
    /// the kiosk loses the input device. Long presses due by `time` fire first, as in `handle`.
    public func cancelAll(time: Instant) -> [GestureEvent] {
        var events = advance(to: time)
        for slot in activeSlots { events += send(.cancel(time), to: slot) }
        return events
    }

    /// Whether the touch-down `down` is soon and close enough after the last tap to make a
    /// double tap of it, should it be a tap too.
    private func followsTap(_ down: TouchEvent) -> Bool {
        guard let lastTap else { return false }
        return down.time - lastTap.time <= configuration.doubleTapInterval
            && lastTap.location.distance(to: down.position) <= configuration.doubleTapDistance
    }

    /// Passes one input to a slot's state machine and forgets the slot once it has ended
    /// (remembering a single tap, which a next tap may make a double one).
    private func send(_ input: TouchSlotInput, to slot: Int) -> [GestureEvent] {
        // Taken out while it changes: a copy that the table still shared would copy its
        // velocity samples on the move's new sample, and changing it in place
        // (`slots[slot]?.handle`) goes through the dictionary's `_modify` coroutine, whose
        // frames are heap-allocated even in an optimised build.
        guard var touch = slots.removeValue(forKey: slot) else { return [] }
        let events = touch.handle(input, configuration: configuration)
        if touch.state != .ended {
            slots.updateValue(touch, forKey: slot)
        } else if let tapTime = touch.tapTime {
            lastTap = touch.completesDoubleTap ? nil : (touch.location, tapTime)
        }
        return events
    }

    /// `events += more`, except that an empty `events` (a touch with no long press due, the
    /// usual case) takes `more` as it is instead of copying it into new storage.
    private static func append(_ more: [GestureEvent], to events: inout [GestureEvent]) {
        if events.isEmpty { events = more } else { events += more }
    }
}
