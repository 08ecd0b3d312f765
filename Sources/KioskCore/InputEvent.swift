/// What the input devices of a seat report, in neutral values: panel pixels and program time.
/// Nothing above `KioskInput` sees libinput.
public enum InputEvent: Sendable, Equatable {
    /// One touch point changed. The position is in panel pixels (the touchscreen's range
    /// mapped onto the panel's width and height); touch-up and cancel carry the slot's last
    /// known position, since libinput reports none for them.
    case touch(TouchEvent)
    /// A set of touch changes that happened together is complete (`LIBINPUT_EVENT_TOUCH_FRAME`):
    /// two fingers moving in one scan arrive as two `.touch` and one `.touchFrame`.
    case touchFrame(Instant)
    /// The pointer's new position in panel pixels: absolute devices (a tablet, QEMU's
    /// virtio tablet) map their range onto the panel; relative ones (a mouse) move it,
    /// clamped to the panel. No cursor is drawn because of this.
    case pointerMotion(Point, Instant)
    /// The left button went down or up, at the pointer's current position.
    case pointerButton(pressed: Bool, Point, Instant)
    /// A key went down or up; `code` is the evdev key code (`KEY_ENTER` = 28, …).
    case key(code: UInt32, pressed: Bool, Instant)
    /// A key by its name (`Return`, `A`; see `KeyAction.named(_:)`) went down or up: a touch
    /// script's `key` line, with no keyboard layout between it and what it does.
    case namedKey(String, pressed: Bool, Instant)
    /// Text typed at once by `device` (a touch script's `text` line: a scanner's scan, a
    /// pasted code); nil: a keyboard of no name.
    case text(String, device: String?, Instant)
    /// A device appeared (at start, or plugged in later).
    case deviceAdded(name: String, capabilities: InputCapabilities)
    /// A device went away (unplugged, or closed by `suspend()`); its touches were cancelled first.
    case deviceRemoved(name: String)
}

extension InputEvent {
    /// The touch, for a `.touch`; nil for any other event.
    public var touchEvent: TouchEvent? { if case .touch(let touch) = self { return touch } else { return nil } }

    /// When it happened; nil for a device coming or going (they carry no time).
    public var time: Instant? {
        switch self {
        case .touch(let touch): return touch.time
        case .touchFrame(let time), .pointerMotion(_, let time), .pointerButton(_, _, let time), .key(_, _, let time),
             .namedKey(_, _, let time), .text(_, _, let time):
            return time
        case .deviceAdded, .deviceRemoved: return nil
        }
    }
}

/// What a device can report. A touchscreen is `.touch`; QEMU's virtio tablet and a mouse are
/// `.pointer`; a USB keyboard (and a power button) is `.keyboard`.
public struct InputCapabilities: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A touchscreen: slots, down/move/up.
    public static let touch = InputCapabilities(rawValue: 1 << 0)
    /// A mouse or touchpad: a pointer that moves and clicks.
    public static let pointer = InputCapabilities(rawValue: 1 << 1)
    /// A keyboard.
    public static let keyboard = InputCapabilities(rawValue: 1 << 2)

    /// "touch", "pointer+keyboard", "none": for logs.
    public var description: String {
        var names: [String] = []
        if contains(.touch) { names.append("touch") }
        if contains(.pointer) { names.append("pointer") }
        if contains(.keyboard) { names.append("keyboard") }
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}
