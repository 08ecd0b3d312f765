@preconcurrency import Glibc

/// A file that could not be read or written, with the path as the user gave it.
public struct FileError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason)" }
}

/// Whole-file reads and atomic writes with plain POSIX calls (no Foundation in the binary).
public enum TextFile {
    /// Reads a UTF-8 text file. Invalid UTF-8 is an error rather than silently repaired,
    /// so a config saved in another encoding is reported, not half-understood.
    public static func read(_ path: String) throws(FileError) -> String {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, reason: errorText()) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: errorText())
            }
            if n == 0 { break }
            bytes.append(contentsOf: chunk[0..<n])
            if bytes.count > 64 << 20 { throw FileError(path: path, reason: "larger than 64 MiB") }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(path: path, reason: "not valid UTF-8 text")
        }
        return text
    }

    /// Writes `text` to a temporary file beside `path` and renames it over `path`, so a
    /// reader (or a crash) never sees half a file.
    public static func writeAtomically(_ text: String, to path: String) throws(FileError) {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileError(path: path, reason: errorText()) }
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                let reason = errorText()
                close(fd); unlink(temporary)
                throw FileError(path: path, reason: reason)
            }
            offset += n
        }
        bytes.removeAll()
        guard fsync(fd) == 0, close(fd) == 0, rename(temporary, path) == 0 else {
            let reason = errorText()
            unlink(temporary)
            throw FileError(path: path, reason: reason)
        }
    }

    /// The directory part of a path ("config/demo.json" → "config", "demo.json" → ".").
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    static func errorText() -> String { String(cString: strerror(errno)) }
}
