import KioskCore

/// Whether the loop is healthy enough to ping systemd's watchdog (`WATCHDOG=1`).
///
/// The pings come from a timer on the loop's own thread, so a loop that does not turn (a
/// handler that never returns, SIGSTOP) sends none, and systemd restarts the kiosk after
/// `WatchdogSec=`. That leaves a loop that turns but shows nothing: a frame handed to the
/// output whose flip never completes (a lost page-flip event, a compositor that never sends
/// the frame callback) leaves the kiosk alive, on a frozen screen, forever. So healthy means
/// *frames complete or there is nothing to present*: no frame has been in flight for longer
/// than ``limit``. While paused (VT switched away) nothing is in flight.
///
/// Time is a parameter: the runner passes its loop's clock, tests a virtual one.
package struct FrameWatchdog: Sendable, Equatable {
    /// How long a frame may be in flight and the loop still count as healthy: half of
    /// `WatchdogSec=`, so that a stuck frame stops the pings and systemd acts within 1.5
    /// intervals of it. A flip takes a refresh period (~17 ms); nothing healthy comes near.
    package let limit: Duration
    /// When the oldest frame still in flight was presented; nil: none in flight.
    package private(set) var inFlightSince: Instant?

    /// A watchdog for systemd's `interval` (`WatchdogSec=`, from `sd_watchdog_enabled`).
    package init(interval: Duration) {
        limit = interval / 2
    }

    /// A frame went to the output.
    package mutating func framePresented(at time: Instant) {
        if inFlightSince == nil { inFlightSince = time }
    }

    /// The output took the frame (the flip completed, or the frame was dropped).
    package mutating func frameDone() {
        inFlightSince = nil
    }

    /// The display was paused or resumed: a frame in flight before does not count.
    package mutating func displayPausedOrResumed() {
        inFlightSince = nil
    }

    /// True while pings should go out at `now`.
    package func isHealthy(at now: Instant) -> Bool {
        guard let since = inFlightSince else { return true }
        return now - since <= limit
    }
}
