import Glibc
import KioskCore
import KioskLoop

/// Reads an image file whole, within `ImageLimits.maximumFileBytes`, with what tells its
/// versions apart (`stamp`).
///
/// Opened non-blocking and checked with `fstat` before a byte is read: a FIFO or a device
/// named as an image is refused at once instead of blocking the kiosk's loop, and a file
/// larger than the limit is refused without reading it.
package enum ImageFileReader {
    /// A file's bytes and its version.
    package struct Contents {
        /// The whole file.
        package var bytes: [UInt8]
        /// Device, inode, size and modification time mixed: changes when the file does.
        package var stamp: UInt64
    }

    /// The bytes of the file at `path` (opened as given: resolving and confining it is the
    /// caller's business), or why they cannot be had.
    package static func read(_ path: String) throws(ImageError) -> Contents {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { throw ImageError(SystemCallError.message(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw ImageError(SystemCallError.message(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw ImageError("is not a regular file") }
        let size = Int(info.st_size)
        if let problem = ImageLimits.problem(fileBytes: size) { throw ImageError(problem) }
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + done, size - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                throw ImageError(n == 0 ? "became shorter while it was read" : SystemCallError.message(errno))
            }
            done += n
        }
        return Contents(bytes: bytes, stamp: stamp(of: info))
    }

    /// The version of a file from its `stat`: FNV-1a over device, inode, size and mtime.
    static func stamp(of info: stat) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [UInt64(info.st_dev), UInt64(info.st_ino), UInt64(bitPattern: Int64(info.st_size)),
                     UInt64(bitPattern: Int64(info.st_mtim.tv_sec)), UInt64(bitPattern: Int64(info.st_mtim.tv_nsec))] {
            var v = part
            for _ in 0..<8 {
                hash = (hash ^ (v & 0xFF)) &* 0x100_0000_01b3
                v >>= 8
            }
        }
        return hash
    }
}
