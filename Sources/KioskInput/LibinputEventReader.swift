import CLibInput
import KioskCore

/// Reads a `struct libinput_event` into a ``RawInputEvent``: the only code that knows
/// libinput's event accessors. Positions are transformed to panel pixels here
/// (`*_transformed(width/height)`), because only libinput knows each device's axis ranges.
struct LibinputEventReader {
    let panelWidth: UInt32
    let panelHeight: UInt32

    init(panelSize: Size) {
        panelWidth = UInt32(max(panelSize.width.rounded(), 0))
        panelHeight = UInt32(max(panelSize.height.rounded(), 0))
    }

    /// nil for events the runtime does not use (scroll, gestures, tablets, switches).
    func read(_ event: OpaquePointer) -> RawInputEvent? {
        let device = libinput_event_get_device(event)
        let token = Int(bitPattern: device)
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            guard let device else { return nil }
            return .deviceAdded(device: token, name: Self.name(of: device), capabilities: Self.capabilities(of: device))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            guard let device else { return nil }
            return .deviceRemoved(device: token, name: Self.name(of: device))

        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            let slot = libinput_event_touch_get_seat_slot(touch)
            let position = Point(
                libinput_event_touch_get_x_transformed(touch, panelWidth),
                libinput_event_touch_get_y_transformed(touch, panelHeight))
            let usec = libinput_event_touch_get_time_usec(touch)
            return type == LIBINPUT_EVENT_TOUCH_DOWN
                ? .touchDown(device: token, seatSlot: slot, position: position, usec: usec)
                : .touchMotion(device: token, seatSlot: slot, position: position, usec: usec)
        case LIBINPUT_EVENT_TOUCH_UP, LIBINPUT_EVENT_TOUCH_CANCEL:
            // No coordinates: libinput_event_touch_get_x is a client bug for these.
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            let slot = libinput_event_touch_get_seat_slot(touch)
            let usec = libinput_event_touch_get_time_usec(touch)
            return type == LIBINPUT_EVENT_TOUCH_UP
                ? .touchUp(device: token, seatSlot: slot, usec: usec)
                : .touchCancel(device: token, seatSlot: slot, usec: usec)
        case LIBINPUT_EVENT_TOUCH_FRAME:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            return .touchFrame(usec: libinput_event_touch_get_time_usec(touch))

        case LIBINPUT_EVENT_POINTER_MOTION:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerMotion(
                delta: Point(libinput_event_pointer_get_dx(pointer), libinput_event_pointer_get_dy(pointer)),
                usec: libinput_event_pointer_get_time_usec(pointer))
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerMotionAbsolute(
                position: Point(
                    libinput_event_pointer_get_absolute_x_transformed(pointer, panelWidth),
                    libinput_event_pointer_get_absolute_y_transformed(pointer, panelHeight)),
                usec: libinput_event_pointer_get_time_usec(pointer))
        case LIBINPUT_EVENT_POINTER_BUTTON:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return .pointerButton(
                button: libinput_event_pointer_get_button(pointer),
                pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                usec: libinput_event_pointer_get_time_usec(pointer))

        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let key = libinput_event_get_keyboard_event(event) else { return nil }
            return .key(
                code: libinput_event_keyboard_get_key(key),
                pressed: libinput_event_keyboard_get_key_state(key) == LIBINPUT_KEY_STATE_PRESSED,
                usec: libinput_event_keyboard_get_time_usec(key))

        default:
            return nil
        }
    }

    static func name(of device: OpaquePointer) -> String {
        libinput_device_get_name(device).map { String(cString: $0) } ?? "unnamed device"
    }

    static func capabilities(of device: OpaquePointer) -> Set<DeviceCapability> {
        let table: [(libinput_device_capability, DeviceCapability)] = [
            (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
            (LIBINPUT_DEVICE_CAP_TABLET_PAD, .tabletPad), (LIBINPUT_DEVICE_CAP_GESTURE, .gesture),
            (LIBINPUT_DEVICE_CAP_SWITCH, .switch),
        ]
        return Set(table.filter { libinput_device_has_capability(device, $0.0) != 0 }.map(\.1))
    }
}
