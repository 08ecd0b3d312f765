import KioskBackend
import KioskCore
import KioskDevice

/// What the kiosk tells systemd (`sd_notify`, for `Type=notify` units): `READY=1` with the
/// first frame on screen, a one-line `STATUS=` whenever it changes ("showing main; 800x480
/// drm; 2 clients"), `WATCHDOG=1` on the watchdog timer while ``FrameWatchdog`` says the loop
/// is healthy, and `STOPPING=1` when the run ends.
///
/// Only made under systemd (`NOTIFY_SOCKET` set, see ``systemd()``); the messages go out
/// through `send`, so tests collect them.
package final class ServiceNotifier {
    /// `WatchdogSec=` when systemd asked for pings; nil: no watchdog.
    package let watchdogInterval: Duration?
    /// Decides whether a ping goes out; fed by the runner with frames presented and done.
    package var watchdog: FrameWatchdog?
    /// The last `STATUS=` sent.
    package private(set) var status: String?
    private let send: (String) -> Void
    private var ready = false
    private var warnedUnhealthy = false
    private let log: LineWriter

    /// A notifier that hands each message to `send`; `watchdogInterval` arms the watchdog.
    package init(watchdogInterval: Duration?, log: LineWriter = .standardError, send: @escaping (String) -> Void) {
        self.watchdogInterval = watchdogInterval
        watchdog = watchdogInterval.map { FrameWatchdog(interval: $0) }
        self.log = log
        self.send = send
    }

    /// The notifier for this process when systemd started it with a notify socket; nil otherwise.
    package static func systemd() -> ServiceNotifier? {
        guard SystemdNotifySocket.isPresent else { return nil }
        return ServiceNotifier(watchdogInterval: SystemdNotifySocket.watchdogInterval(), send: SystemdNotifySocket.send)
    }

    /// The first frame is on screen: `READY=1`, with the status.
    package func becameReady(status: String) {
        guard !ready else { return }
        ready = true
        self.status = status
        send("READY=1\nSTATUS=\(status)")
    }

    /// `STATUS=` if it changed since the last one (nothing before READY=1).
    package func update(status: String) {
        guard ready, status != self.status else { return }
        self.status = status
        send("STATUS=\(status)")
    }

    /// The watchdog timer fired at `now`: ping if the loop is healthy. The first missed ping
    /// is logged, so the journal says why systemd is about to restart the kiosk.
    package func watchdogTimerFired(at now: Instant) {
        guard let watchdog else { return }
        if watchdog.isHealthy(at: now) {
            warnedUnhealthy = false
            send("WATCHDOG=1")
        } else if !warnedUnhealthy {
            warnedUnhealthy = true
            let since = watchdog.inFlightSince.map { NumberFormat.fixed((now - $0).inMilliseconds, decimals: 2) } ?? "?"
            log.log("a frame has been in flight for \(since) ms; no watchdog ping", priority: .error)
        }
    }

    /// The run ends (SIGTERM, the backend closed): `STOPPING=1`.
    package func stopping() {
        send("STOPPING=1\nSTATUS=stopping")
    }

    /// The `STATUS=` line: the screen shown, the output and backend, what the services report.
    package static func statusLine(screen: String?, mode: OutputMode?, backend: String?, paused: Bool,
                                  services: [String]) -> String {
        var parts = [screen.map { "showing \($0)" } ?? "starting"]
        if let mode, let backend { parts.append("\(mode.width)x\(mode.height) \(backend)") }
        if paused { parts.append("paused") }
        return (parts + services).joined(separator: "; ")
    }
}
