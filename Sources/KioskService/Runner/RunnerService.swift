import KioskCore
import KioskLoop
import KioskUI

/// Something that lives in the runner's loop beside the display and talks to the outside
/// world: the control socket (`ControlServer`), and in the same way an MQTT bridge.
///
/// The runner starts every service before it opens the display (so a service that cannot
/// start, such as a socket another kiosk holds, stops the run before anything is shown),
/// hands each the events as they go out, calls `advance(to:)` on every pass and wakes for
/// its `nextDeadline`, and stops them when the run ends. A service registers its own
/// descriptors with the loop and must never block it: a slow peer costs the service memory
/// within its own bounds, never a frame.
package protocol RunnerService: AnyObject {
    /// Starts the service in `loop`; it acts on the kiosk through `target` (whose scene is
    /// nil until the display's size is known).
    func start(loop: EventLoop, target: ControlTarget) throws
    /// One event as it is handed out, after `emit`: `line` is its JSON line
    /// (`ControlEvent.jsonLine`, built once for every service), `sequence` its number among
    /// all the run has handed out (1, 2, …), which subscribers read (`numberedLine`).
    func eventHandedOut(_ event: ControlEvent, line: String, sequence: Int)
    /// When the service must be called again without any of its descriptors being ready (a
    /// reconnection back-off); nil: never.
    var nextDeadline: Instant? { get }
    /// Called on every pass of the loop with the current time.
    func advance(to now: Instant)
    /// Called once when the run ends: close what it opened.
    func stop()
    /// A few words for systemd's `STATUS=` line ("2 clients"); nil: nothing to say.
    var statusText: String? { get }
}

extension RunnerService {
    package func eventHandedOut(_ event: ControlEvent, line: String, sequence: Int) {}

    /// The line as subscribers read it (the socket's `subscribe`, MQTT's `PREFIX/events`):
    /// `"seq"` last, so that a subscriber can tell which events the state in its `subscribe`
    /// reply (its `"seq"`: the last one it includes) already holds.
    package static func numberedLine(_ line: String, sequence: Int) -> String {
        String(line.dropLast()) + ", \"seq\": \(sequence)}"
    }
    package var nextDeadline: Instant? { nil }
    package func advance(to now: Instant) {}
    package var statusText: String? { nil }
}
