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
public final class LineWriter: Sendable {
    /// Why lines could not be written, and how many were lost.
    public struct Failure: Sendable, Equatable, CustomStringConvertible {
        /// What the writer writes to, as shown in messages ("/dev/full", "stdout").
        public var destination: String
        /// The first error, from `strerror(errno)`.
        public var reason: String
        /// Lines dropped since the first failure, that one included.
        public var linesLost: Int
        public var description: String {
            "cannot write to \(destination): \(reason) (\(linesLost) line\(linesLost == 1 ? "" : "s") lost)"
        }
    }

    private let fd: Int32
    private let ownsDescriptor: Bool
    private let destination: String
    private let state = Mutex<Failure?>(nil)

    /// Standard output (descriptor 1), where events go by default.
    public static let standardOutput = LineWriter(descriptor: 1, destination: "stdout")
    /// Standard error (descriptor 2), for reports and messages.
    public static let standardError = LineWriter(descriptor: 2, destination: "stderr")

    /// A writer to an open `descriptor` that it does not close; `destination` names it in messages.
    public init(descriptor: Int32, destination: String) {
        fd = descriptor
        ownsDescriptor = false
        self.destination = destination
    }

    /// Opens (creating or truncating) a file for writing.
    public init(path: FilePath) throws(FileError) {
        let d = path.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard d >= 0 else { throw FileError(path: path.description, reason: TextFile.errorText()) }
        fd = d
        ownsDescriptor = true
        destination = path.description
    }

    deinit { if ownsDescriptor { close(fd) } }

    /// The first write error and the number of lines lost since; nil while all went out.
    public var failure: Failure? { state.withLock { $0 } }

    /// Writes `line` and a newline with one `write(2)`, retrying partial writes and `EINTR`; a failure is recorded (see ``failure``), not thrown.
    public func writeLine(_ line: String) {
        var bytes = Array(line.utf8)
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
            LineWriter.standardError.writeLine("kiosk: cannot write to \(destination): \(reason); lines are being lost")
        }
    }
}
