import CSystemd
@preconcurrency import Glibc

/// Opens device nodes through systemd-logind, so a kiosk running as an ordinary user in a
/// logind session (a `User=` + `PAMName=` + `TTYPath=` unit, as cage runs) gets its DRM card
/// and evdev inputs without root or the video/input groups.
///
/// At start it finds the process's session, checks the session sits on a seat, and becomes the
/// session's controller (`TakeControl(false)`). ``open(_:flags:)`` is then `TakeDevice(major,
/// minor)`: logind opens the node and passes the descriptor over the bus; ``close(_:)`` is
/// `ReleaseDevice`. Deinit gives control back (`ReleaseControl`, which also releases every
/// device still taken).
///
/// When the session is deactivated (a VT switch, another session on the seat), logind revokes
/// the evdev descriptors, drops DRM master and sends `PauseDevice` for each taken device;
/// when it is active again it sends `ResumeDevice`. Both reach ``onPause`` and ``onResume``
/// while the main loop calls ``dispatch()``. Wiring, as in `examples/logind-take-device.c`:
///
/// ```swift
/// let card = try DeviceNumber(path: "/dev/dri/card0")
/// logind.onPause = { major, minor in
///     if DeviceNumber(major: major, minor: minor) == card { display.stopRendering() }
///     input.suspend()                 // releases the input devices (close → ReleaseDevice)
/// }
/// logind.onResume = { major, minor, _ in
///     guard DeviceNumber(major: major, minor: minor) == card else { return }
///     display.modesetAndRepaint()     // same DRM fd, master again; fbcon had the CRTC
///     try? input.resume()             // takes the input devices again (TakeDevice)
/// }
/// try loop.register(fd: logind.fileDescriptor) { try? logind.dispatch() }
/// ```
///
/// All calls are synchronous and happen on the main loop's thread; the class is not `Sendable`.
package final class LogindSession: DeviceOpener {
    /// logind's session id ("3", "c1").
    package let sessionID: String
    /// The session's D-Bus object path (`/org/freedesktop/login1/session/_33`).
    package let sessionPath: String
    /// The seat the session is on ("seat0").
    package let seat: String

    /// Called when the session is being deactivated: `PauseDevice(major, minor, type)` with
    /// type `"pause"` (logind waits for us; this class answers `PauseDeviceComplete` after the
    /// callback returns) or `"force"` (already paused: master dropped, evdev descriptors
    /// revoked). Stop using the device before returning. One call per taken device.
    package var onPause: ((UInt32, UInt32) -> Void)?
    /// Called when a taken device disappeared (`PauseDevice` type `"gone"`, not the echo of
    /// our own `ReleaseDevice`): logind has dropped it, so ``close(_:)`` only closes it.
    /// Not a session pause; libinput notices unplugged input devices by itself.
    package var onGone: ((UInt32, UInt32) -> Void)?
    /// Called for `ResumeDevice(major, minor, fd)`. The descriptor belongs to the D-Bus message
    /// and is valid only during the call: duplicate it (`fcntl(F_DUPFD_CLOEXEC)`) to keep it.
    /// For a DRM card it is the same open file the session already holds (master again); for
    /// an evdev node logind opened a new one, the old descriptor stays revoked.
    package var onResume: ((UInt32, UInt32, Int32) -> Void)?

    let bus: SystemBus
    /// Descriptors handed out by `open`, with the device each one is, for `ReleaseDevice`.
    var taken = TakenDevices()
    var signalSlots: [OpaquePointer] = []
    private var hasControl = false

    static let login1 = "org.freedesktop.login1"
    static let managerPath = "/org/freedesktop/login1"
    static let managerInterface = "org.freedesktop.login1.Manager"
    static let sessionInterface = "org.freedesktop.login1.Session"

    /// Connects to the system bus, finds the session and takes control of it.
    ///
    /// - Parameter sessionID: the session to control; by default the caller's own: logind's
    ///   `GetSessionByPID(0)` (the session whose cgroup this process is in, as
    ///   `sd_pid_get_session` finds it), else `$XDG_SESSION_ID`.
    /// - Throws: no system bus, no session, a session without a seat (an ssh login: logind
    ///   gives such sessions no devices), or `TakeControl` refused (another controller, such as
    ///   a compositor, already runs in the session; or the caller is not the session's owner).
    package init(sessionID: String? = nil) throws(LogindError) {
        let bus = try SystemBus()
        let path = try Self.findSession(on: bus, id: sessionID)
        let id = try bus.property(Self.login1, path, Self.sessionInterface, "Id", type: "s").readString()
        let seatReply = try bus.property(Self.login1, path, Self.sessionInterface, "Seat", type: "(so)")
        let seat = seatReply.enter("r", contents: "so") ? seatReply.readString() : nil
        guard let seat, !seat.isEmpty else {
            throw LogindError(
                call: "Seat property", errno: ENXIO,
                busError: "session \(id ?? path) is on no seat (a remote login?); logind gives such sessions no devices")
        }
        self.bus = bus
        self.sessionPath = path
        self.sessionID = id ?? path
        self.seat = seat

        // Listen before taking control, so no PauseDevice can slip between the two.
        try matchSignal("PauseDevice", callback: Self.pauseCallback)
        try matchSignal("ResumeDevice", callback: Self.resumeCallback)
        _ = try bus.call(Self.login1, path, Self.sessionInterface, "TakeControl", [.bool(false)])
        hasControl = true
    }

    deinit {
        for slot in signalSlots { sd_bus_slot_unref(slot) }
        if hasControl {
            _ = try? bus.call(Self.login1, sessionPath, Self.sessionInterface, "ReleaseControl")
        }
    }

    package var name: String { "logind session \(sessionID)" }

    /// `TakeDevice` for the node at `path`. `flags` are ignored: logind opens every node
    /// `O_RDWR | O_CLOEXEC | O_NOCTTY | O_NONBLOCK`.
    package func open(_ path: String, flags: Int32 = O_RDWR | O_CLOEXEC | O_NONBLOCK) throws(DeviceError) -> Int32 {
        try takeDevice(path).fd
    }

    /// `TakeDevice` for the node at `path`, with logind's `inactive` flag: true when the
    /// session is not in the foreground (DRM descriptor without master, evdev descriptor
    /// revoked) until a `ResumeDevice` for it arrives.
    package func takeDevice(_ path: String) throws(DeviceError) -> (fd: Int32, inactive: Bool) {
        let number = try DeviceNumber(path: path)
        let reply: BusMessage
        do {
            reply = try bus.call(
                Self.login1, sessionPath, Self.sessionInterface, "TakeDevice",
                [.uint32(number.major), .uint32(number.minor)])
        } catch {
            throw DeviceError(path: path, call: "logind TakeDevice", errno: error.errno, hint: error.busError)
        }
        guard let busFD = reply.readFileDescriptor(), let inactive = reply.readBool() else {
            throw DeviceError(path: path, call: "logind TakeDevice", errno: EBADMSG, hint: "unexpected reply")
        }
        // The descriptor in the reply is closed with the message: keep a duplicate.
        let fd = fcntl(busFD, F_DUPFD_CLOEXEC, 3)
        guard fd >= 0 else {
            let code = errno
            releaseDevice(number)
            throw DeviceError(path: path, call: "fcntl(F_DUPFD_CLOEXEC)", errno: code)
        }
        taken.took(number, as: fd)
        return (fd, inactive)
    }

    /// `ReleaseDevice` for a descriptor from ``open(_:flags:)``, then closes it. Other
    /// descriptors are only closed.
    package func close(_ fd: Int32) {
        if let number = taken.closing(fd) { releaseDevice(number) }
        _ = Glibc.close(fd)
    }

    /// Sets a backlight of the session's seat (`Session.SetBrightness("backlight", name,
    /// value)`): logind writes sysfs for the session's owner, who needs no access to it.
    package func setBrightness(backlight name: String, to value: Int) throws(LogindError) {
        _ = try bus.call(Self.login1, sessionPath, Self.sessionInterface, "SetBrightness",
                         [.string("backlight"), .string(name), .uint32(UInt32(clamping: value))])
    }

    /// Whether the session is in the foreground now (its `Active` property).
    package func isActive() throws(LogindError) -> Bool {
        let reply = try bus.property(Self.login1, sessionPath, Self.sessionInterface, "Active", type: "b")
        return reply.readBool() ?? false
    }

    private func releaseDevice(_ number: DeviceNumber) {
        // Fails harmlessly for a device logind already dropped or after ReleaseControl; then
        // no "gone" echo comes either.
        do {
            _ = try bus.call(
                Self.login1, sessionPath, Self.sessionInterface, "ReleaseDevice",
                [.uint32(number.major), .uint32(number.minor)])
            taken.released(number)
        } catch {}
    }

    static func findSession(on bus: SystemBus, id: String?) throws(LogindError) -> String {
        func session(named id: String) throws(LogindError) -> String {
            let reply = try bus.call(login1, managerPath, managerInterface, "GetSession", [.string(id)])
            guard let path = reply.readString(type: "o") else {
                throw LogindError(call: "GetSession", errno: EBADMSG)
            }
            return path
        }
        if let id { return try session(named: id) }
        do throws(LogindError) {
            // PID 0: logind looks the caller up from its credentials on the bus.
            let reply = try bus.call(login1, managerPath, managerInterface, "GetSessionByPID", [.uint32(0)])
            guard let path = reply.readString(type: "o") else {
                throw LogindError(call: "GetSessionByPID", errno: EBADMSG)
            }
            return path
        } catch {
            guard let environment = getenv("XDG_SESSION_ID"), environment.pointee != 0 else { throw error }
            return try session(named: String(cString: environment))
        }
    }
}

extension LogindSession {
    /// The opener a kiosk should use here: logind when this process is in a logind session on
    /// a seat and `TakeControl` succeeds, otherwise plain `open()` (``DirectOpener``).
    ///
    /// Why this order: a session-controlled kiosk needs neither root nor the video/input groups,
    /// and logind tells it about VT switches (``LogindSession/onPause``/``onResume``) and hands
    /// DRM master over cleanly. Where there is no logind (containers, an initramfs, a
    /// `User=root` unit without `PAMName=`), or the session cannot be controlled (an ssh login
    /// has no seat; a compositor already controls the session), `open()` as root or with group
    /// access is the only way, and the one Weston's and wlroots' direct launchers use.
    /// Probing costs one failed `connect()` where there is no bus socket.
    ///
    /// - Parameter log: receives one line saying which opener was chosen and why.
    /// - Returns: a ``LogindSession`` (check with `as?` to wire its bus into the main loop) or a
    ///   ``DirectOpener``.
    package static func automatic(log: (String) -> Void = { _ in }) -> DeviceOpener {
        do {
            let session = try LogindSession()
            log("devices are opened through logind (session \(session.sessionID) on \(session.seat))")
            return session
        } catch {
            log("devices are opened directly, not through logind: \(error)")
            return DirectOpener()
        }
    }
}
