import KioskCore

/// Turns `wl_pointer` events into the neutral pointer events the runner makes one finger of
/// (`PointerFinger`): the left button is the finger, motion moves it.
///
/// - `enter` places the pointer (no time comes with it: the reading time is used), and says
///   whether it is a new entry, so the caller sets the cursor for its serial.
/// - Only `BTN_LEFT` counts, as on DRM; other buttons and axes are ignored.
/// - `leave` with the button held lifts the finger where the pointer was: the compositor took
///   the pointer away (a grab, a seat change) and no release will reach the kiosk.
/// - Positions are clamped to the panel, like `KioskInput.PointerTracker`: during the implicit
///   grab of a drag the compositor keeps reporting outside the surface.
///
/// Pure: ``WaylandSeat`` calls it from the C callbacks.
struct PointerState: Sendable {
    /// evdev's `BTN_LEFT` (linux/input-event-codes.h), what `wl_pointer.button` reports.
    static let leftButton: UInt32 = 0x110

    /// Buffer pixels per logical pixel.
    var scale = 1
    /// The panel (buffer) size positions are clamped to.
    var panelSize = Size(1, 1)
    /// Where the pointer is, while it is over the surface.
    private(set) var position: Point?
    private(set) var isPressed = false

    init() {}

    /// `wl_pointer.enter`.
    mutating func enter(x: Double, y: Double, time: Instant) -> [InputEvent] {
        let point = panelPoint(x, y)
        position = point
        return [.pointerMotion(point, time)]
    }

    /// `wl_pointer.motion`; nothing while the pointer is not over the surface.
    mutating func motion(x: Double, y: Double, time: Instant) -> [InputEvent] {
        guard position != nil else { return [] }
        let point = panelPoint(x, y)
        position = point
        return [.pointerMotion(point, time)]
    }

    /// `wl_pointer.button` (`state` 1 pressed, 0 released).
    mutating func button(_ button: UInt32, pressed: Bool, time: Instant) -> [InputEvent] {
        guard button == Self.leftButton, let position, pressed != isPressed else { return [] }
        isPressed = pressed
        return [.pointerButton(pressed: pressed, position, time)]
    }

    /// `wl_pointer.leave`, and the pointer capability or the seat going away.
    mutating func leave(time: Instant) -> [InputEvent] {
        defer { position = nil; isPressed = false }
        guard isPressed, let position else { return [] }
        return [.pointerButton(pressed: false, position, time)]
    }

    private func panelPoint(_ x: Double, _ y: Double) -> Point {
        let p = Point(x * Double(scale), y * Double(scale))
        return Point(min(max(p.x, 0), max(panelSize.width - 1, 0)), min(max(p.y, 0), max(panelSize.height - 1, 0)))
    }
}
