import KioskCore

/// Turns `wl_touch` events into the neutral touch events every backend delivers, so that a
/// finger on a compositor's touchscreen drives gestures, panels and popups exactly as one read
/// by libinput on DRM.
///
/// - Wayland's touch ids are any 32-bit numbers, reused freely; each finger that lands gets
///   the lowest free slot 0…62 (63 is the pointer's finger, `PointerFinger.slot`) and keeps it
///   until it lifts.
/// - `wl_touch.up` has no position: the finger's last one is used (as for libinput).
/// - `wl_touch.frame` ends a set of changes that belong together: `.touchFrame`.
/// - `wl_touch.cancel` takes every finger back (the compositor claimed the sequence for a
///   gesture of its own): each becomes a `.cancel` at its last position, and then a frame.
/// - Positions are surface-local logical pixels; times `wl_touch` milliseconds already put on
///   the program's time line by the caller (``CompositorClock``).
///
/// Pure: the C callbacks in ``WaylandSeat`` call these methods and deliver what they return.
struct TouchPoints: Sendable {
    /// Slots a Wayland touch may take: 0…62.
    static let slots = 0..<63

    private struct Finger: Sendable {
        var slot: Int
        var position: Point
    }

    /// Buffer pixels per logical pixel: positions become panel (buffer) pixels.
    var scale = 1
    /// The fingers that are down, by Wayland touch id.
    private var fingers: [Int32: Finger] = [:]
    /// The time of the newest event, for the frame that ends it.
    private var lastTime: Instant?

    init() {}

    /// How many fingers are down.
    var count: Int { fingers.count }

    /// `wl_touch.down`. An id that is somehow still down is taken back first (the new touch
    /// wins); with every slot taken the finger is ignored until it lifts.
    mutating func down(id: Int32, x: Double, y: Double, time: Instant) -> [InputEvent] {
        var events: [InputEvent] = []
        if let stale = fingers.removeValue(forKey: id) {
            events.append(.touch(TouchEvent(slot: stale.slot, phase: .cancel, position: stale.position, time: time)))
        }
        let taken = Set(fingers.values.map(\.slot))
        guard let slot = Self.slots.first(where: { !taken.contains($0) }) else { return events }
        let position = panelPoint(x, y)
        fingers[id] = Finger(slot: slot, position: position)
        lastTime = time
        events.append(.touch(TouchEvent(slot: slot, phase: .down, position: position, time: time)))
        return events
    }

    /// `wl_touch.motion`; nothing for an id that is not down.
    mutating func motion(id: Int32, x: Double, y: Double, time: Instant) -> [InputEvent] {
        guard var finger = fingers[id] else { return [] }
        finger.position = panelPoint(x, y)
        fingers[id] = finger
        lastTime = time
        return [.touch(TouchEvent(slot: finger.slot, phase: .move, position: finger.position, time: time))]
    }

    /// `wl_touch.up`, at the finger's last position; nothing for an id that is not down.
    mutating func up(id: Int32, time: Instant) -> [InputEvent] {
        guard let finger = fingers.removeValue(forKey: id) else { return [] }
        lastTime = time
        return [.touch(TouchEvent(slot: finger.slot, phase: .up, position: finger.position, time: time))]
    }

    /// `wl_touch.frame`: the changes since the last frame belong together.
    mutating func frame(readAt: Instant) -> [InputEvent] {
        defer { lastTime = nil }
        return [.touchFrame(lastTime ?? readAt)]
    }

    /// `wl_touch.cancel`, and the touch capability or the seat going away: every finger is
    /// taken back, in slot order, then one frame. Nothing when no finger is down.
    mutating func cancelAll(time: Instant) -> [InputEvent] {
        guard !fingers.isEmpty else { return [] }
        let ended = fingers.values.sorted { $0.slot < $1.slot }
        fingers.removeAll()
        lastTime = nil
        return ended.map { .touch(TouchEvent(slot: $0.slot, phase: .cancel, position: $0.position, time: time)) }
            + [.touchFrame(time)]
    }

    private func panelPoint(_ x: Double, _ y: Double) -> Point {
        Point(x * Double(scale), y * Double(scale))
    }
}
