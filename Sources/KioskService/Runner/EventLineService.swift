import KioskLoop
import KioskUI

/// The events as JSON lines on a stream (`kiosk run`'s stdout or `--events FILE`): a service
/// like the control socket, so it writes the line the runner built once for every service,
/// never one of its own. Plain lines, without the subscribers' `"seq"`.
package final class EventLineService: RunnerService {
    private let writer: LineWriter

    /// Writes each event's line to `writer`.
    package init(writer: LineWriter) { self.writer = writer }

    package func start(loop: EventLoop, target: ControlTarget) {}

    package func eventHandedOut(_ event: ControlEvent, line: String, sequence: Int) { writer.writeLine(line) }

    package func stop() {}
}
