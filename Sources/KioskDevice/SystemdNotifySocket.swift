@preconcurrency import Glibc
import CSystemd
import KioskCore

/// systemd's notify socket (`sd_notify`, for `Type=notify` units), the one door to libsystemd
/// for what a service tells its manager; logind's is `SystemBus`. Both live here so that
/// libsystemd is wrapped in one module.
package enum SystemdNotifySocket {
    /// systemd started this process with a notify socket (`NOTIFY_SOCKET`).
    package static var isPresent: Bool { getenv("NOTIFY_SOCKET") != nil }

    /// `WatchdogSec=` when systemd asked for pings (`sd_watchdog_enabled`); nil: no watchdog.
    package static func watchdogInterval() -> Duration? {
        var usec: UInt64 = 0
        return sd_watchdog_enabled(0, &usec) > 0 && usec > 0 ? Duration.microseconds(Int64(clamping: usec)) : nil
    }

    /// Sends `message` (`READY=1`, `STATUS=…`, `WATCHDOG=1`, …) with `sd_notify`.
    package static func send(_ message: String) { _ = sd_notify(0, message) }
}
