@preconcurrency import Glibc

/// Line-buffered text output to a file descriptor (stdout, stderr or an events file).
/// Each line is written with one `write(2)`, so event lines from the kiosk never interleave
/// with other output and reach journald as soon as they are produced.
public final class LineWriter: Sendable {
    private let fd: Int32
    private let ownsDescriptor: Bool

    public static let standardOutput = LineWriter(descriptor: 1)
    public static let standardError = LineWriter(descriptor: 2)

    public init(descriptor: Int32) {
        fd = descriptor
        ownsDescriptor = false
    }

    /// Opens (creating or truncating) a file for writing.
    public init(path: String) throws(FileError) {
        let d = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard d >= 0 else { throw FileError(path: path, reason: TextFile.errorText()) }
        fd = d
        ownsDescriptor = true
    }

    deinit { if ownsDescriptor { close(fd) } }

    public func writeLine(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(UInt8(ascii: "\n"))
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                return   // a closed pipe must not take the kiosk down; SIGPIPE is ignored at start
            }
            offset += n
        }
    }
}
