import KioskCore

/// A mouse (or QEMU's tablet, or a Wayland pointer) drives the kiosk like one finger: the left
/// button going down is a touch-down where the pointer is, motion while it is held a move, and
/// the button coming up a lift. Kiosks get a mouse for set-up and bring-up; this keeps every
/// control usable with it without a second input path.
struct PointerFinger {
    /// The touch slot the pointer's finger uses: the last of the 64, unlikely to be a real one.
    static let slot = 63
    private(set) var isDown = false

    /// A move of the finger, when the button is held.
    mutating func moved(to position: Point, at time: Instant) -> TouchEvent? {
        isDown ? TouchEvent(slot: Self.slot, phase: .move, position: position, time: time) : nil
    }

    /// The finger going down or up, when the button's state changed.
    mutating func button(pressed: Bool, at position: Point, time: Instant) -> TouchEvent? {
        guard pressed != isDown else { return nil }
        isDown = pressed
        return TouchEvent(slot: Self.slot, phase: pressed ? .down : .up, position: position, time: time)
    }
}
