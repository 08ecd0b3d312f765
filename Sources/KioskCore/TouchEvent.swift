/// The phase of one touch point. libinput's touch down/motion/up/cancel map onto these.
public enum TouchPhase: String, Sendable, Hashable, CaseIterable {
    /// `down`: a finger touched; `move`: it moved; `up`: it lifted; `cancel`: the touch was taken away (the session lost the device), and nothing it started may take effect.
    case down, move, up, cancel
}

/// A backend-neutral touch event. Backends turn whatever they read (libinput, Wayland
/// wl_touch, a headless script) into these at the edge; nothing above a backend sees a C type.
public struct TouchEvent: Sendable, Hashable, CustomStringConvertible {
    /// The touch slot; several fingers down at once use different slots.
    public var slot: Int
    /// Down, move, up or cancel.
    public var phase: TouchPhase
    /// Position in the coordinate space of whoever holds the event (panel pixels at the
    /// backend edge, screen pixels after `InputMapping`). Touch-up carries the last position.
    public var position: Point
    /// When it happened, on the program's time line.
    public var time: Instant

    /// A touch event of finger `slot` at `position`.
    public init(slot: Int, phase: TouchPhase, position: Point, time: Instant) {
        self.slot = slot; self.phase = phase; self.position = position; self.time = time
    }

    public var description: String { "\(phase)#\(slot)@\(position) t=\(time)" }
}
