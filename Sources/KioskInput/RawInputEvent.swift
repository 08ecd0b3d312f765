import KioskCore

/// One libinput event, read out into plain values and nothing else: no interpretation, no
/// state. `LibinputSeat` makes these from `struct libinput_event`; ``InputEventConverter``
/// turns them into ``InputEvent``s. The split lets the rules be tested without libinput.
enum RawInputEvent: Equatable {
    /// `device` is a token for the `struct libinput_device` (its address), unique while the
    /// device exists.
    case deviceAdded(device: Int, name: String, capabilities: Set<DeviceCapability>)
    case deviceRemoved(device: Int, name: String)
    /// `seatSlot` from `libinput_event_touch_get_seat_slot`; positions already transformed to
    /// panel pixels; `usec` is libinput's event time (CLOCK_MONOTONIC microseconds).
    case touchDown(device: Int, seatSlot: Int32, position: Point, usec: UInt64)
    case touchMotion(device: Int, seatSlot: Int32, position: Point, usec: UInt64)
    case touchUp(device: Int, seatSlot: Int32, usec: UInt64)
    case touchCancel(device: Int, seatSlot: Int32, usec: UInt64)
    case touchFrame(usec: UInt64)
    case pointerMotion(delta: Point, usec: UInt64)
    case pointerMotionAbsolute(position: Point, usec: UInt64)
    /// `button` is the evdev code (`BTN_LEFT` = 0x110).
    case pointerButton(button: UInt32, pressed: Bool, usec: UInt64)
    case key(code: UInt32, pressed: Bool, usec: UInt64)
}

/// libinput's device capabilities (`enum libinput_device_capability`), as plain values.
enum DeviceCapability: Hashable, CaseIterable {
    case keyboard, pointer, touch, tabletTool, tabletPad, gesture, `switch`
}

extension InputCapabilities {
    /// What the runtime can use of a device. Tablet tools and pads, touchpad gestures and
    /// switches (a lid) are not translated into events, so they are not reported either: a
    /// drawing tablet alone shows up as "none".
    init(_ capabilities: Set<DeviceCapability>) {
        self = []
        if capabilities.contains(.touch) { insert(.touch) }
        if capabilities.contains(.pointer) { insert(.pointer) }
        if capabilities.contains(.keyboard) { insert(.keyboard) }
    }
}

extension Instant {
    /// A libinput event time (microseconds of CLOCK_MONOTONIC) on the program's time line,
    /// whose zero is the CLOCK_MONOTONIC reading `clockOrigin` (nanoseconds), as
    /// `MonotonicClock` keeps it. Same clock, so no drift, only a shift.
    init(libinputMicroseconds usec: UInt64, clockOrigin: Int64) {
        self.init(nanoseconds: Int64(truncatingIfNeeded: usec) &* 1000 &- clockOrigin)
    }
}
