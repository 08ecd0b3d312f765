@preconcurrency import Glibc
import Synchronization
import KioskLoop

/// Line-buffered text output to a file descriptor (stdout, stderr or an events file).
/// Each line is written with one `write(2)`, so event lines from the kiosk never interleave
/// with other output and reach journald as soon as they are produced.
///
/// A failed write never stops the kiosk (a screen in a shop must stay up when its event
/// reader goes away), but it is never silent either: the first failure is announced on
/// stderr at once, every lost line is counted, and ``failure`` lets the command end with
/// exit code 1 and the reason.
///
/// On a journal stream each line starts with its syslog priority (`Log.Priority`): the
/// encoding and the write are `Log`'s, the one log of every module; this adds the failure
/// count and the destinations (stdout, an events file).
package final class LineWriter: Sendable {
    /// A line's syslog priority, as journald records it: `Log.Priority`.
    package typealias Priority = Log.Priority

    /// Why lines could not be written, and how many were lost.
    package struct Failure: Sendable, Equatable, CustomStringConvertible {
        /// What the writer writes to, as shown in messages ("/dev/full", "stdout").
        package var destination: String
        /// The first error, from `strerror(errno)`.
        package var reason: String
        /// Lines dropped since the first failure, that one included.
        package var linesLost: Int
        package var description: String {
            "cannot write to \(destination): \(reason) (\(linesLost) line\(linesLost == 1 ? "" : "s") lost)"
        }
    }

    private let fd: Int32
    private let ownsDescriptor: Bool
    private let destination: String
    private let state = Mutex<Failure?>(nil)
    /// Lines start with `<N>` (``Priority``): the descriptor is a journal stream.
    package let prefixesPriority: Bool

    /// Standard output (descriptor 1), where events go by default: never prefixed, an event
    /// line is exactly its JSON.
    package static let standardOutput = LineWriter(descriptor: 1, destination: "stdout")
    /// Standard error (descriptor 2), for reports and messages; prefixed with each line's
    /// priority when it is the journal (`Log.isJournalStream(descriptor:environment:)`).
    package static let standardError = LineWriter(descriptor: 2, destination: "stderr",
                                                 prefixesPriority: Log.stderrIsJournal)

    /// A writer to an open `descriptor` that it does not close; `destination` names it in
    /// messages; `prefixesPriority`: start each line with `<N>`, its ``Priority``.
    package init(descriptor: Int32, destination: String, prefixesPriority: Bool = false) {
        fd = descriptor
        ownsDescriptor = false
        self.destination = destination
        self.prefixesPriority = prefixesPriority
    }

    /// Opens (creating or truncating) a file for writing.
    package init(path: FilePath) throws(FileError) {
        let d = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard d >= 0 else { throw FileError(path: path.description, reason: TextFile.errorText()) }
        fd = d
        ownsDescriptor = true
        destination = path.description
        prefixesPriority = false
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// The first write error and the number of lines lost since; nil while all went out.
    package var failure: Failure? { state.withLock { $0 } }

    /// Writes `line` and a newline with one `write(2)`, retrying partial writes and `EINTR`; a failure is recorded (see ``failure``), not thrown.
    /// On a journal stream it goes in at `priority` (each line of a text with newlines).
    package func writeLine(_ line: String, priority: Priority = .info) {
        if let code = Log.writeAll(Log.encode(line, priority: priority, prefixed: prefixesPriority), to: fd) {
            recordFailure(reason: SystemCallError.message(code))
        }
    }

    /// Writes `message` as a runtime line, named by the program (`Log.line(_:)`: `kiosk: message`).
    package func log(_ message: String, priority: Priority = .info) {
        writeLine(Log.line(message), priority: priority)
    }

    private func recordFailure(reason: String) {
        let first = state.withLock { failure -> Bool in
            if failure == nil {
                failure = Failure(destination: destination, reason: reason, linesLost: 1)
                return true
            }
            failure!.linesLost += 1
            return false
        }
        // SIGPIPE is ignored at start, so a closed pipe lands here too. Said once, at once,
        // so the journal shows when the loss began; stderr's own failures have nowhere to go.
        if first, fd != 2 {
            LineWriter.standardError.log("cannot write to \(destination): \(reason); lines are being lost", priority: .error)
        }
    }
}
