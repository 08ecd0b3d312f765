@preconcurrency import Glibc
import Synchronization

/// Line-buffered text output to a file descriptor (stdout, stderr or an events file).
/// Each line is written with one `write(2)`, so event lines from the kiosk never interleave
/// with other output and reach journald as soon as they are produced.
///
/// A failed write never stops the kiosk (a screen in a shop must stay up when its event
/// reader goes away), but it is never silent either: the first failure is announced on
/// stderr at once, every lost line is counted, and ``failure`` lets the command end with
/// exit code 1 and the reason.
///
/// Under systemd, stderr is a journal stream and each line starts with its syslog priority
/// (`<3>` an error, `<4>` a warning, `<6>` the rest), which journald strips and keeps as the
/// entry's priority (`SyslogLevelPrefix=`, on by default): `journalctl -p warning` then shows
/// what went wrong. On a terminal or a pipe the lines stay as they are.
package final class LineWriter: Sendable {
    /// A line's syslog priority, as journald records it.
    package enum Priority: Int32, Sendable {
        /// Something failed: the run or the command stops, or a frame, a file or a device is lost.
        case error = 3
        /// Something was refused or went wrong and the kiosk goes on (a bad reload, a client's error).
        case warning = 4
        /// Everything else: start, devices, statistics.
        case info = 6
    }

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
    /// priority when it is the journal (``isJournalStream(descriptor:environment:)``).
    package static let standardError = LineWriter(descriptor: 2, destination: "stderr",
                                                 prefixesPriority: isJournalStream(descriptor: 2))

    /// A writer to an open `descriptor` that it does not close; `destination` names it in
    /// messages; `prefixesPriority`: start each line with `<N>`, its ``Priority``.
    package init(descriptor: Int32, destination: String, prefixesPriority: Bool = false) {
        fd = descriptor
        ownsDescriptor = false
        self.destination = destination
        self.prefixesPriority = prefixesPriority
    }

    /// Whether `descriptor` is the journal stream systemd connected (systemd.exec(5):
    /// `JOURNAL_STREAM` is `device:inode` of that stream, and a descriptor with the same
    /// device and inode is it; a redirected stderr, `2>file`, is not).
    package static func isJournalStream(descriptor: Int32,
                                       environment: String? = getenv("JOURNAL_STREAM").map { String(cString: $0) }) -> Bool {
        guard let environment else { return false }
        let parts = environment.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        return UInt64(info.st_dev) == device && UInt64(info.st_ino) == inode
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
        var bytes: [UInt8] = []
        if prefixesPriority {
            let prefix = Array("<\(priority.rawValue)>".utf8)
            bytes.reserveCapacity(line.utf8.count + 4)
            bytes += prefix
            for byte in line.utf8 {
                bytes.append(byte)
                if byte == UInt8(ascii: "\n") { bytes += prefix }
            }
        } else {
            bytes = Array(line.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                recordFailure(reason: String(cString: strerror(errno)))
                return
            }
            offset += n
        }
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
            LineWriter.standardError.writeLine("kiosk: cannot write to \(destination): \(reason); lines are being lost", priority: .error)
        }
    }
}
