import CLibInput
@preconcurrency import Glibc
import KioskCore
import KioskDevice
import KioskLoop

/// The kiosk's input devices through libinput, delivered as neutral ``InputEvent``s.
///
/// Two ways in: the seat (udev backend: every touchscreen, pointer and keyboard udev assigns to
/// the seat, with hot-plug) or a fixed list of device nodes (path backend, `--input-device`).
/// Either way every node is opened through the ``DeviceOpener`` the program chose, so under
/// logind the kiosk needs no access to `/dev/input` itself.
///
/// Zero devices is a normal state, not an error: a kiosk may start before its touchscreen is
/// plugged in, and in a container there are none. Devices that appear later arrive as
/// ``InputEvent/deviceAdded(name:capabilities:)`` from ``dispatch()``.
///
/// Main-loop use:
///
/// ```swift
/// let input = try LibinputSeat(opener: opener, panelSize: panel, clockOrigin: loop.clock.origin)
/// handle(input.dispatch())                              // devices present at start (see below)
/// try loop.register(fd: input.fileDescriptor) { handle(input.dispatch()) }
/// ```
///
/// libinput queues the device events of `init`, ``suspend()`` and ``resume()`` without making
/// ``fileDescriptor`` readable, so call ``dispatch()`` once after each of them.
///
/// Not `Sendable`: libinput contexts are single-threaded; use it on the main loop's thread.
package final class LibinputSeat {
    private let context: LibinputContext
    private let reader: LibinputEventReader
    private var converter: InputEventConverter
    /// Converted events not yet handed out by `dispatch()`.
    private var pending: [InputEvent] = []
    private var latestDispatchError: Int32 = 0
    /// True between ``suspend()`` and ``resume()``.
    package private(set) var isSuspended = false

    /// The udev backend on `seat`, with hot-plug (`libinput_udev_create_context` +
    /// `libinput_udev_assign_seat`). Succeeds with no devices, and without udevd (nothing
    /// is enumerated then; hot-plug needs udevd's events).
    ///
    /// - Parameters:
    ///   - panelSize: the panel in pixels; touch and absolute pointer ranges are mapped onto it.
    ///   - clockOrigin: the CLOCK_MONOTONIC nanoseconds the program's ``Instant/zero`` stands
    ///     for (`MonotonicClock.origin`); libinput's event times are converted with it.
    package init(seat: String = "seat0", opener: DeviceOpener, panelSize: Size, clockOrigin: Int64) throws(InputError) {
        context = try LibinputContext.udev(opener: opener)
        reader = LibinputEventReader(panelSize: panelSize)
        converter = InputEventConverter(panelSize: panelSize, clockOrigin: clockOrigin)
        context.access.forgetFailures()
        guard libinput_udev_assign_seat(context.pointer, seat) == 0 else {
            throw InputError(
                call: "libinput_udev_assign_seat(\(seat))", reason: context.access.loggedReason ?? "failed",
                hint: "is udev available (/run/udev)?")
        }
        drainQueue()
    }

    /// The path backend with exactly these device nodes (`libinput_path_create_context` +
    /// `libinput_path_add_device` for each). No hot-plug: libinput's path backend does not
    /// watch for devices, so one unplugged stays gone (use the seat for hot-plug).
    ///
    /// - Throws: naming the first path that is missing, cannot be opened (with the opener's
    ///   hint: groups, logind) or is not an input device libinput can use.
    package init(devicePaths: [String], opener: DeviceOpener, panelSize: Size, clockOrigin: Int64) throws(InputError) {
        context = try LibinputContext.path(opener: opener)
        reader = LibinputEventReader(panelSize: panelSize)
        converter = InputEventConverter(panelSize: panelSize, clockOrigin: clockOrigin)
        for path in devicePaths {
            try add(path)
        }
        drainQueue()
    }

    /// libinput's epoll descriptor (`libinput_get_fd`): readable when a device has events or
    /// udev reports a device. Call ``dispatch()`` then.
    package var fileDescriptor: Int32 { libinput_get_fd(context.pointer) }

    /// Reads what the devices sent (`libinput_dispatch`) and returns it converted, oldest
    /// first. Returns `[]` when nothing happened.
    package func dispatch() -> [InputEvent] {
        let result = libinput_dispatch(context.pointer)
        if result < 0, result != latestDispatchError {
            // Reported once per distinct error: the loop calls this on every wake-up.
            Log.write("libinput: \(SystemCallError(call: "libinput_dispatch", errno: -result, wording: .plain))", priority: .error)
        }
        latestDispatchError = min(result, 0)
        drainQueue()
        defer { pending.removeAll(keepingCapacity: true) }
        return pending
    }

    /// Closes every device (`libinput_suspend`): the session is being switched away (a VT
    /// switch, logind's `PauseDevice`). Their removal, and the cancel of any finger still
    /// down, comes from the next ``dispatch()``. Does nothing when already suspended.
    package func suspend() {
        guard !isSuspended else { return }
        libinput_suspend(context.pointer)
        isSuspended = true
        drainQueue()
    }

    /// Opens the devices again (`libinput_resume`): the seat's present devices, or the path
    /// backend's list. They arrive as `.deviceAdded` from the next ``dispatch()``. Does
    /// nothing when not suspended.
    ///
    /// - Throws: when libinput cannot re-enable input. With the path backend that includes a
    ///   listed device that went away meanwhile: libinput then gives up on all of them.
    package func resume() throws(InputError) {
        guard isSuspended else { return }
        context.access.forgetFailures()
        guard libinput_resume(context.pointer) == 0 else {
            drainQueue()
            throw InputError(
                call: "libinput_resume",
                reason: context.access.latestOpenError.map { "\($0)" } ?? context.access.loggedReason ?? "failed")
        }
        isSuspended = false
        drainQueue()
    }

    /// The names of the devices present, in the order they appeared; for logs. Up to date with
    /// the events returned so far and those waiting for the next ``dispatch()``.
    package var devices: [String] { converter.deviceNames }

    private func add(_ path: String) throws(InputError) {
        // Checked here because libinput does not call open_restricted for a path udev cannot
        // resolve; it only logs "client bug: Invalid path", which names no reason.
        var info = stat()
        guard stat(path, &info) == 0 else {
            let code = errno
            throw InputError.fromErrno(
                code, call: "libinput_path_add_device", path: path,
                hint: code == ENOENT ? "is the device plugged in? `libinput list-devices` lists input devices" : nil)
        }
        guard info.st_mode & S_IFMT == S_IFCHR else {
            throw InputError(
                call: "libinput_path_add_device", path: path, reason: "not a device node",
                hint: "name an evdev node such as /dev/input/event0 or /dev/input/by-id/…")
        }
        context.access.forgetFailures()
        guard libinput_path_add_device(context.pointer, path) != nil else {
            if let refused = context.access.latestOpenError {
                throw InputError.opening(refused, call: "libinput_path_add_device")
            }
            throw InputError(
                call: "libinput_path_add_device", path: path,
                reason: context.access.loggedReason ?? "libinput cannot use this device",
                hint: "is it an evdev node (/dev/input/eventN) of a touchscreen, pointer or keyboard, and is udevd running?")
        }
    }

    /// Takes every queued libinput event, converted, into `pending`.
    private func drainQueue() {
        while let event = libinput_get_event(context.pointer) {
            if let raw = reader.read(event) {
                pending += converter.convert(raw)
            }
            libinput_event_destroy(event)
        }
    }
}
