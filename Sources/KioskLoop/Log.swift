@preconcurrency import Glibc

/// The kiosk's one log: the operator's lines on stderr, each written with one `write(2)` (so
/// lines from libinput's log and the kiosk's own never interleave mid-line), each with its
/// syslog priority when stderr is the journal, each naming the program.
///
/// Under systemd, stderr is a journal stream and each line starts with its priority (`<3>` an
/// error, `<4>` a warning, `<6>` the rest), which journald strips and keeps as the entry's
/// priority (`SyslogLevelPrefix=`, on by default): `journalctl -p warning` then shows what
/// went wrong. On a terminal or a pipe the lines stay as they are. A module below the
/// service (libinput's log) writes through ``write(_:priority:)``; the service's `LineWriter` encodes and writes
/// its lines with ``encode(_:priority:prefixed:)`` and ``writeAll(_:to:)``.
package enum Log {
    /// A line's syslog priority, as journald records it.
    package enum Priority: Int32, Sendable {
        /// Something failed: the run or the command stops, or a frame, a file or a device is lost.
        case error = 3
        /// Something was refused or went wrong and the kiosk goes on (a bad reload, a client's error).
        case warning = 4
        /// Everything else: start, devices, statistics.
        case info = 6
    }

    /// The program's name that starts every runtime line (`kiosk: ready`): `kiosk` unless an
    /// app built on the library names itself (`KioskCommand.main(name:)` sets it at start).
    package static var program: String {
        get { programName.value }
        set { programName.value = newValue }
    }

    private static let programName = LockedString("kiosk")

    /// `message` as a runtime line: `kiosk: message`, with ``program``'s name.
    package static func line(_ message: String) -> String { "\(program): \(message)" }

    /// Whether stderr is the journal stream systemd connected, read once.
    package static let stderrIsJournal = isJournalStream(descriptor: 2)

    /// Writes `message` to stderr as a runtime line (``line(_:)``) at `priority`.
    package static func write(_ message: String, priority: Priority = .info) {
        _ = writeAll(encode(line(message), priority: priority, prefixed: stderrIsJournal), to: 2)
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

    /// The bytes of `line` and a newline; with `prefixed`, `<N>` (its ``Priority``) before it
    /// and before each line of a text with newlines. The one place the journal prefix is made.
    package static func encode(_ line: String, priority: Priority, prefixed: Bool) -> [UInt8] {
        var bytes: [UInt8] = []
        if prefixed {
            let prefix = Array("<\(priority.rawValue)>".utf8)
            bytes.reserveCapacity(line.utf8.count + 5)
            bytes += prefix
            for byte in line.utf8 {
                bytes.append(byte)
                if byte == UInt8(ascii: "\n") { bytes += prefix }
            }
        } else {
            bytes = Array(line.utf8)
        }
        bytes.append(UInt8(ascii: "\n"))
        return bytes
    }

    /// Writes all of `bytes` to `descriptor`, retrying partial writes and `EINTR`. Returns nil
    /// when they went out, else the `errno` of the write that failed (0: it wrote nothing).
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            if n == 0 { return 0 }
            offset += n
        }
        return nil
    }
}

/// A string behind a mutex: the program's name, set at start and read by any thread.
private final class LockedString: @unchecked Sendable {
    // Allocated, not stored: a pthread mutex must not move, and Swift may move a stored one.
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private var stored: String

    init(_ value: String) {
        stored = value
        pthread_mutex_init(mutex, nil)
    }

    var value: String {
        get { pthread_mutex_lock(mutex); defer { pthread_mutex_unlock(mutex) }; return stored }
        set { pthread_mutex_lock(mutex); stored = newValue; pthread_mutex_unlock(mutex) }
    }
}
