import KioskCore

/// Remembers where each touch slot is, so that touch-up and cancel, which libinput (like
/// Wayland's `wl_touch.up`) reports without a position, still carry one, and so that the
/// touches of a device that goes away can be cancelled.
///
/// Pure bookkeeping over plain values: slots, device tokens, points and instants.
package struct TouchSlotTracker: Sendable {
    /// A finger that is down.
    package struct ActiveTouch: Hashable, Sendable {
        /// Whatever token the caller uses for the device the finger is on.
        package var device: Int
        /// Where the finger was last reported.
        package var position: Point

        package init(device: Int, position: Point) {
            self.device = device; self.position = position
        }
    }

    /// The fingers that are down, by slot.
    package private(set) var active: [Int: ActiveTouch] = [:]

    package init() {}

    /// The slots that are down, in ascending order.
    package var activeSlots: [Int] { active.keys.sorted() }

    /// A finger landed. A slot that was somehow still down is taken over: the new touch wins.
    package mutating func down(slot: Int, device: Int, at position: Point, time: Instant) -> TouchEvent {
        active[slot] = ActiveTouch(device: device, position: position)
        return TouchEvent(slot: slot, phase: .down, position: position, time: time)
    }

    /// A finger moved; nil for a slot that is not down (nothing to move).
    package mutating func move(slot: Int, to position: Point, time: Instant) -> TouchEvent? {
        guard active[slot] != nil else { return nil }
        active[slot]?.position = position
        return TouchEvent(slot: slot, phase: .move, position: position, time: time)
    }

    /// A finger lifted, at its last known position; nil for a slot that is not down.
    package mutating func up(slot: Int, time: Instant) -> TouchEvent? {
        end(slot: slot, phase: .up, time: time)
    }

    /// A touch was taken back (libinput's `TOUCH_CANCEL`: a palm, or the device going away),
    /// at its last known position; nil for a slot that is not down.
    package mutating func cancel(slot: Int, time: Instant) -> TouchEvent? {
        end(slot: slot, phase: .cancel, time: time)
    }

    /// Cancels every finger still down on `device`, in slot order: the device was unplugged
    /// or closed, and no up will ever come for them.
    package mutating func cancelAll(onDevice device: Int, time: Instant) -> [TouchEvent] {
        active.filter { $0.value.device == device }.keys.sorted().compactMap { cancel(slot: $0, time: time) }
    }

    private mutating func end(slot: Int, phase: TouchPhase, time: Instant) -> TouchEvent? {
        guard let touch = active.removeValue(forKey: slot) else { return nil }
        return TouchEvent(slot: slot, phase: phase, position: touch.position, time: time)
    }
}
