import CWayland
import KioskBackend
import KioskCore

/// The compositor's seat: its pointer and touchscreen, whichever it has at the moment
/// (`wl_seat.capabilities` may add or take them at any time: a touchscreen plugged in, a
/// mouse unplugged). Events become neutral ``InputEvent``s through the pure ``TouchPoints``
/// and ``PointerState``; this class only owns the proxies and forwards what the C callbacks
/// receive. A capability going away ends whatever it had going (fingers are cancelled, a
/// held button is released) and is reported as a device removed.
final class WaylandSeat: ListenerTarget {
    let proxy: OpaquePointer
    let version: UInt32
    private(set) var name = "seat"
    private var pointer: OpaquePointer?
    private var touch: OpaquePointer?
    /// The names the devices were announced with, for their removal.
    private var pointerName = ""
    private var touchName = ""
    private var touchPoints = TouchPoints()
    private var pointerState = PointerState()
    private let cursor: PointerCursor
    /// Our surface: events for any other (the cursor's) are not the kiosk's.
    private let isKioskSurface: (OpaquePointer?) -> Bool
    /// A compositor millisecond stamp on the program's time line.
    private let stamp: (UInt32) -> Instant
    /// When the events being dispatched were read.
    private let readAt: () -> Instant
    private let deliver: (InputEvent) -> Void

    init(proxy: OpaquePointer, version: UInt32, cursor: PointerCursor, isKioskSurface: @escaping (OpaquePointer?) -> Bool,
         stamp: @escaping (UInt32) -> Instant, readAt: @escaping () -> Instant, deliver: @escaping (InputEvent) -> Void) {
        self.proxy = proxy
        self.version = version
        self.cursor = cursor
        self.isKioskSurface = isKioskSurface
        self.stamp = stamp
        self.readAt = readAt
        self.deliver = deliver
        _ = wl_seat_add_listener(proxy, Self.seatListener, listenerData)
    }

    /// The surface's buffer scale and size: positions become panel pixels.
    func surfaceChanged(scale: Int, panelSize: Size) {
        touchPoints.scale = scale
        pointerState.scale = scale
        pointerState.panelSize = panelSize
    }

    /// Destroys the proxies. When the seat went away while running, its touches and press end
    /// first and its devices are reported removed; at the end of a run (`announce` false) the
    /// runner is not told any more.
    func destroy(announce: Bool) {
        if announce {
            capabilitiesChanged(0)
        } else {
            if let pointer { if version >= 3 { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) } }
            if let touch { if version >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) } }
            pointer = nil
            touch = nil
        }
        if version >= 5 { wl_seat_release(proxy) } else { wl_seat_destroy(proxy) }
    }

    private func send(_ events: [InputEvent]) { events.forEach(deliver) }

    private func capabilitiesChanged(_ capabilities: UInt32) {
        let hasPointer = capabilities & WL_SEAT_CAPABILITY_POINTER.rawValue != 0
        let hasTouch = capabilities & WL_SEAT_CAPABILITY_TOUCH.rawValue != 0
        if hasPointer, pointer == nil, let created = wl_seat_get_pointer(proxy) {
            pointer = created
            _ = wl_pointer_add_listener(created, Self.pointerListener, listenerData)
            pointerName = "\(name) pointer"
            deliver(.deviceAdded(name: pointerName, capabilities: .pointer))
        } else if !hasPointer, let pointer {
            send(pointerState.leave(time: readAt()))
            if version >= 3 { wl_pointer_release(pointer) } else { wl_pointer_destroy(pointer) }
            self.pointer = nil
            deliver(.deviceRemoved(name: pointerName))
        }
        if hasTouch, touch == nil, let created = wl_seat_get_touch(proxy) {
            touch = created
            _ = wl_touch_add_listener(created, Self.touchListener, listenerData)
            touchName = "\(name) touch"
            deliver(.deviceAdded(name: touchName, capabilities: .touch))
        } else if !hasTouch, let touch {
            send(touchPoints.cancelAll(time: readAt()))
            if version >= 3 { wl_touch_release(touch) } else { wl_touch_destroy(touch) }
            self.touch = nil
            deliver(.deviceRemoved(name: touchName))
        }
    }

    // MARK: Listeners

    nonisolated(unsafe) private static let seatListener = permanentListener(wl_seat_listener()) { listener in
        listener.capabilities = { data, _, capabilities in
            listenerTarget(data, as: WaylandSeat.self).capabilitiesChanged(capabilities)
        }
        listener.name = { data, _, name in
            // Version 2; compositors often send it after the first capabilities, so the
            // devices announced first may be named after plain "seat".
            if let name { listenerTarget(data, as: WaylandSeat.self).name = String(cString: name) }
        }
    }

    nonisolated(unsafe) private static let pointerListener = permanentListener(wl_pointer_listener()) { listener in
        listener.enter = { data, pointer, serial, surface, x, y in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            guard seat.isKioskSurface(surface), let pointer else { return }
            seat.cursor.apply(to: pointer, serial: serial, scale: seat.pointerState.scale)
            seat.send(seat.pointerState.enter(x: kiosk_wl_fixed_to_double(x), y: kiosk_wl_fixed_to_double(y),
                                              time: seat.readAt()))
        }
        listener.leave = { data, _, _, _ in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            seat.send(seat.pointerState.leave(time: seat.readAt()))
        }
        listener.motion = { data, _, time, x, y in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            seat.send(seat.pointerState.motion(x: kiosk_wl_fixed_to_double(x), y: kiosk_wl_fixed_to_double(y),
                                               time: seat.stamp(time)))
        }
        listener.button = { data, _, _, time, button, state in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            let pressed = state == WL_POINTER_BUTTON_STATE_PRESSED.rawValue
            seat.send(seat.pointerState.button(button, pressed: pressed, time: seat.stamp(time)))
        }
        listener.axis = { _, _, _, _, _ in }
        listener.frame = { _, _ in }
        listener.axis_source = { _, _, _ in }
        listener.axis_stop = { _, _, _, _ in }
        listener.axis_discrete = { _, _, _, _ in }
        listener.axis_value120 = { _, _, _, _ in }
    }

    nonisolated(unsafe) private static let touchListener = permanentListener(wl_touch_listener()) { listener in
        listener.down = { data, _, _, time, surface, id, x, y in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            guard seat.isKioskSurface(surface) else { return }
            seat.send(seat.touchPoints.down(id: id, x: kiosk_wl_fixed_to_double(x), y: kiosk_wl_fixed_to_double(y),
                                            time: seat.stamp(time)))
        }
        listener.up = { data, _, _, time, id in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            seat.send(seat.touchPoints.up(id: id, time: seat.stamp(time)))
        }
        listener.motion = { data, _, time, id, x, y in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            seat.send(seat.touchPoints.motion(id: id, x: kiosk_wl_fixed_to_double(x), y: kiosk_wl_fixed_to_double(y),
                                              time: seat.stamp(time)))
        }
        listener.frame = { data, _ in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            seat.send(seat.touchPoints.frame(readAt: seat.readAt()))
        }
        listener.cancel = { data, _ in
            let seat = listenerTarget(data, as: WaylandSeat.self)
            seat.send(seat.touchPoints.cancelAll(time: seat.readAt()))
        }
        listener.shape = { _, _, _, _, _ in }
        listener.orientation = { _, _, _, _ in }
    }
}
