import KioskCore

/// The rules that turn libinput's reports into ``InputEvent``s: touch slots and their last
/// positions, cancelling the touches of a device that goes away, the pointer position, the
/// left button, program time. No C here; `LibinputSeat` feeds it.
struct InputEventConverter {
    /// evdev's `BTN_LEFT` (linux/input-event-codes.h); other buttons are not reported.
    static let leftButton: UInt32 = 0x110

    let clockOrigin: Int64
    private(set) var touches = TouchSlotTracker()
    private(set) var pointer: PointerTracker
    /// Devices that are present, in the order they appeared, for logs.
    private(set) var devices: [(token: Int, name: String)] = []
    /// The time of the latest event. libinput's device events carry no time, so the cancels
    /// sent for an unplugged device's touches get this one: still in order with everything
    /// the device reported before it went.
    private(set) var latestTime: Instant = .zero

    init(panelSize: Size, clockOrigin: Int64) {
        self.clockOrigin = clockOrigin
        self.pointer = PointerTracker(panelSize: panelSize)
    }

    var deviceNames: [String] { devices.map(\.name) }

    mutating func convert(_ raw: RawInputEvent) -> [InputEvent] {
        switch raw {
        case let .deviceAdded(device, name, capabilities):
            devices.append((device, name))
            return [.deviceAdded(name: name, capabilities: InputCapabilities(capabilities))]

        case let .deviceRemoved(device, name):
            devices.removeAll { $0.token == device }
            // A touchscreen unplugged with a finger down gets no TOUCH_CANCEL from libinput
            // 1.22 (seen in the QEMU guest: the removal came straight after the last motion),
            // so the finger is cancelled here and the gesture layer never waits for an up
            // that cannot come. Touches libinput did cancel are no longer in the tracker.
            let cancelled = touches.cancelAll(onDevice: device, time: latestTime)
            var events = cancelled.map(InputEvent.touch)
            if !cancelled.isEmpty { events.append(.touchFrame(latestTime)) }
            events.append(.deviceRemoved(name: name))
            return events

        case let .touchDown(device, seatSlot, position, usec):
            return [.touch(touches.down(slot: Self.slot(seatSlot), device: device, at: position, time: time(usec)))]

        case let .touchMotion(_, seatSlot, position, usec):
            return touches.move(slot: Self.slot(seatSlot), to: position, time: time(usec)).map { [.touch($0)] } ?? []

        case let .touchUp(_, seatSlot, usec):
            return touches.up(slot: Self.slot(seatSlot), time: time(usec)).map { [.touch($0)] } ?? []

        case let .touchCancel(_, seatSlot, usec):
            return touches.cancel(slot: Self.slot(seatSlot), time: time(usec)).map { [.touch($0)] } ?? []

        case let .touchFrame(usec):
            return [.touchFrame(time(usec))]

        case let .pointerMotion(delta, usec):
            return [.pointerMotion(pointer.move(by: delta), time(usec))]

        case let .pointerMotionAbsolute(position, usec):
            return [.pointerMotion(pointer.move(to: position), time(usec))]

        case let .pointerButton(button, pressed, usec):
            let at = time(usec)
            guard button == Self.leftButton else { return [] }
            return [.pointerButton(pressed: pressed, pointer.position, at)]

        case let .key(code, pressed, usec):
            return [.key(code: code, pressed: pressed, time(usec))]
        }
    }

    /// libinput's seat slots are seat-wide and never negative for real touches (a
    /// single-touch device gets one too; only its per-device slot is −1). Should a −1 appear
    /// anyway, it is the one touch of a single-touch device: slot 0.
    static func slot(_ seatSlot: Int32) -> Int { seatSlot < 0 ? 0 : Int(seatSlot) }

    /// Converts libinput's time and remembers it as the latest.
    private mutating func time(_ usec: UInt64) -> Instant {
        let instant = Instant(libinputMicroseconds: usec, clockOrigin: clockOrigin)
        latestTime = max(latestTime, instant)
        return instant
    }
}
