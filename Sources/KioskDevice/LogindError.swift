@preconcurrency import Glibc
import KioskLoop

/// A logind session that could not be found or controlled, naming the call that failed and
/// logind's (or D-Bus's) own words for it.
package struct LogindError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The sd-bus function or logind method that failed (`sd_bus_open_system`, `TakeControl`).
    package var call: String
    /// The negative return value of the sd-bus call, as a positive `errno`.
    package var errno: Int32
    /// The D-Bus error's name and message when the bus sent one
    /// (`org.freedesktop.login1.NoSessionForPID: PID 42 does not belong to any known session`).
    package var busError: String?

    package init(call: String, errno: Int32, busError: String? = nil) {
        self.call = call; self.errno = errno; self.busError = busError
    }

    package var description: String {
        if let busError { return "logind: \(call): \(busError)" }
        return "logind: \(call): \(SystemCallError.message(errno))"
    }
}
