import CSystemd
@preconcurrency import Glibc

/// The bus as the main loop sees it: a descriptor to poll and a `dispatch()` to call.
extension LogindSession {
    /// The bus connection's descriptor (`sd_bus_get_fd`), to register with the main loop's epoll.
    package var fileDescriptor: Int32 { sd_bus_get_fd(bus.pointer) }

    /// What to wait for on ``fileDescriptor`` (`sd_bus_get_events`: `POLLIN`, plus `POLLOUT`
    /// while a message is only partly written). Calls here are synchronous, so this is
    /// `POLLIN` in practice.
    package var events: Int32 { max(sd_bus_get_events(bus.pointer), 0) }

    /// The CLOCK_MONOTONIC time, in nanoseconds, by which ``dispatch()`` must run even if the
    /// descriptor stays quiet (`sd_bus_get_timeout`); nil when there is none.
    ///
    /// A deadline in the past means *now*: signals that arrived while a method call waited for
    /// its reply (a `PauseDevice` during a `TakeDevice`) are already read off the socket and
    /// queued, so the descriptor will not become readable for them. The main loop subtracts its
    /// clock's origin to get an `Instant` and wakes by then.
    package var dispatchDeadline: Int64? {
        var usec: UInt64 = 0
        guard sd_bus_get_timeout(bus.pointer, &usec) >= 0, usec != UInt64.max else { return nil }
        return Int64(clamping: usec) &* 1000
    }

    /// Processes everything queued on the bus (`sd_bus_process` until it has nothing left),
    /// calling ``onPause`` and ``onResume`` for logind's signals.
    ///
    /// - Throws: when the connection is lost (logind or the bus restarted): the session's
    ///   devices are gone with it, and the descriptor stays readable, so unregister it.
    package func dispatch() throws(LogindError) {
        while true {
            let result = sd_bus_process(bus.pointer, nil)
            if result < 0 { throw LogindError(call: "sd_bus_process", errno: -result) }
            if result == 0 { return }
        }
    }

    // C callbacks cannot capture: self travels as userdata.
    static let pauseCallback: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        Unmanaged<LogindSession>.fromOpaque(userdata).takeUnretainedValue().handlePause(message)
        return 0
    }

    static let resumeCallback: sd_bus_message_handler_t = { message, userdata, _ in
        guard let message, let userdata else { return 0 }
        Unmanaged<LogindSession>.fromOpaque(userdata).takeUnretainedValue().handleResume(message)
        return 0
    }

    /// Subscribes to one of the session's signals (`sd_bus_match_signal`, which also installs
    /// the match rule on the bus daemon).
    func matchSignal(_ member: String, callback: sd_bus_message_handler_t) throws(LogindError) {
        var slot: OpaquePointer?
        // Unretained: the slots are unref'd in deinit, before self goes away.
        let result = sd_bus_match_signal(
            bus.pointer, &slot, Self.login1, sessionPath, Self.sessionInterface, member, callback,
            Unmanaged.passUnretained(self).toOpaque())
        guard result >= 0, let slot else { throw LogindError(call: "sd_bus_match_signal(\(member))", errno: -result) }
        signalSlots.append(slot)
    }

    func handlePause(_ message: OpaquePointer) {
        guard let major = BusMessage.readUInt32(message), let minor = BusMessage.readUInt32(message),
            let type = BusMessage.readString(message)
        else { return }
        switch taken.pause(DeviceNumber(major: major, minor: minor), type: type) {
        case .releaseEcho:
            return
        case .gone:
            onGone?(major, minor)
        case .pause(let acknowledge):
            onPause?(major, minor)
            // "pause": logind waits (up to a timeout) until we say we stopped using the device.
            if acknowledge {
                _ = try? bus.call(
                    Self.login1, sessionPath, Self.sessionInterface, "PauseDeviceComplete",
                    [.uint32(major), .uint32(minor)])
            }
        }
    }

    func handleResume(_ message: OpaquePointer) {
        guard let major = BusMessage.readUInt32(message), let minor = BusMessage.readUInt32(message),
            let fd = BusMessage.readFileDescriptor(message)
        else { return }
        onResume?(major, minor, fd)
    }
}
