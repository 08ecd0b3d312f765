@preconcurrency import Glibc
import KioskLoop

/// A file that could not be read or written, with the path as the user gave it.
package struct FileError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The path as the user gave it.
    package var path: String
    /// Why it failed, from `strerror(errno)` or a check of the contents.
    package var reason: String
    /// An error about `path`, for `reason`.
    package init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    package var description: String { "\(path): \(reason)" }
}

/// Whole-file reads with plain POSIX calls (no Foundation in the binary); writes are `AtomicFile`'s.
package enum TextFile {
    /// The largest input file read: far above any real config (a 10 MB one checks in about a
    /// second), small enough that a wrong file cannot exhaust memory.
    package static let maximumSize = 64 << 20

    /// Reads a UTF-8 text file. Invalid UTF-8 is an error rather than silently repaired,
    /// so a config saved in another encoding is reported, not half-understood.
    package static func read(_ path: FilePath) throws(FileError) -> String {
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(path: path.description, reason: "not valid UTF-8 text")
        }
        return text
    }

    /// Reads a UTF-8 text file given as a string path.
    package static func read(_ path: String) throws(FileError) -> String { try read(FilePath(path)) }

    /// The bytes of a regular file.
    ///
    /// Only regular files: `open(2)` of a FIFO blocks until a writer appears (for ever, if none
    /// does), and a character device such as `/dev/zero` never ends. The file is opened with
    /// `O_NONBLOCK`, so that the open returns at once whatever it is, and `fstat(2)` decides.
    /// A file larger than `limit` bytes is an error, checked before reading and while reading.
    package static func readBytes(_ path: FilePath, limit: Int = maximumSize) throws(FileError) -> [UInt8] {
        try readRegularFile(path, limit: limit, whole: true)
    }

    /// The first `count` bytes of a regular file (all of it when it is shorter), however large
    /// it is: enough to tell what a file holds without reading a large one whole.
    static func readPrefix(_ path: FilePath, count: Int) throws(FileError) -> [UInt8] {
        try readRegularFile(path, limit: count, whole: false)
    }

    /// `readBytes` (`whole`: more than `limit` bytes is an error) or `readPrefix` (the rest is
    /// not read).
    private static func readRegularFile(_ path: FilePath, limit: Int, whole: Bool) throws(FileError) -> [UInt8] {
        let fd = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY) }
        guard fd >= 0 else { throw FileError(path: path.description, reason: errorText()) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw FileError(path: path.description, reason: errorText()) }
        if let kind = nonRegularKind(status.st_mode) {
            throw FileError(path: path.description, reason: "not a regular file (\(kind))")
        }
        guard !whole || status.st_size <= limit else { throw FileError(path: path.description, reason: sizeText(limit)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(Int(status.st_size), limit))
        var chunk = [UInt8](repeating: 0, count: 65536)
        while whole || bytes.count < limit {
            let wanted = whole ? chunk.count : min(chunk.count, limit - bytes.count)
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, wanted) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path.description, reason: errorText())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            // The size can grow while we read (a log being appended to).
            if whole, bytes.count > limit { throw FileError(path: path.description, reason: sizeText(limit)) }
        }
        return bytes
    }

    private static func sizeText(_ limit: Int) -> String {
        limit >= 1 << 20 ? "larger than \(limit >> 20) MiB" : "larger than \(limit) bytes"
    }

    /// What a non-regular file is, for the message; nil for a regular file.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a directory"
        case S_IFIFO: return "a FIFO"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFSOCK: return "a socket"
        default: return "not a file"
        }
    }

    static func errorText() -> String { SystemCallError.message(errno) }
}
