@preconcurrency import Glibc
import KioskLoop

/// Files replaced whole or not at all: configs written by `kiosk calibrate`, screenshots, the
/// state file.
package enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so a
    /// reader (or a crash) never sees half a file; then syncs the directory, so the rename
    /// itself survives a power cut.
    ///
    /// When `path` is a symbolic link, the file it points to is replaced, or made when it does
    /// not exist yet (`resolvingLinks(_:)`): the link stays a link, so a config under /etc or a
    /// state file linked into a persistent partition keeps working. A file that existed keeps
    /// its permission bits with owner read and write added, and its owner when we run as root.
    package static func write(_ bytes: [UInt8], to path: FilePath) throws(FileError) {
        let target = try resolvingLinks(path)
        // Through a link, "No such file or directory" alone would not say which folder is missing.
        func error(_ reason: String) -> FileError {
            FileError(path: path.description, reason: target == path ? reason : "\(reason) (the link's target \(target))")
        }
        var existing = stat()
        let exists = target.withCString { stat($0, &existing) } == 0
        // Replacing is for files: renaming over /dev/full or a FIFO would swap a device node
        // for a plain file (as root, in /dev).
        if exists, let kind = TextFile.nonRegularKind(existing.st_mode) {
            throw error("not a regular file (\(kind))")
        }
        let temporary = temporaryPath(for: target, process: getpid())
        // The old file's bits are what its owner chose, but the owner always gets to read and
        // write what was written: a mode-000 state file copied as it is would be unreadable at
        // every start (to a kiosk that is not root), and every start would lose every value.
        let mode: mode_t = exists ? existing.st_mode & 0o7777 | 0o600 : 0o644
        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw error(TextFile.errorText()) }
        func fail() -> FileError {
            let reason = TextFile.errorText()
            close(fd)
            _ = temporary.withCString { unlink($0) }
            return error(reason)
        }
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 {
                if errno == EINTR { continue }
                throw fail()
            }
            offset += n
        }
        if exists {
            // open(2)'s mode is filtered by the umask; the old file's bits are what the owner chose.
            guard fchmod(fd, mode) == 0 else { throw fail() }
            if geteuid() == 0, existing.st_uid != 0 || existing.st_gid != 0 {
                guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else { throw fail() }
            }
        }
        guard fsync(fd) == 0 else { throw fail() }
        guard close(fd) == 0 else {
            let reason = TextFile.errorText()
            _ = temporary.withCString { unlink($0) }
            throw error(reason)
        }
        let renamed = temporary.withCString { from in target.withCString { to in rename(from, to) } }
        guard renamed == 0 else {
            let reason = TextFile.errorText()
            _ = temporary.withCString { unlink($0) }
            throw error(reason)
        }
        let directory = target.directory.withCString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        if directory >= 0 {
            // The data is safe already; a directory that cannot be synced (some FUSE file
            // systems) only weakens durability, so it is not an error.
            _ = fsync(directory)
            close(directory)
        }
    }

    /// Where the process `pid` writes the next version of `target` (a resolved path): beside
    /// it, so that the rename stays within one file system; named by the writer, so that two
    /// processes replacing one file never write into each other's temporary file.
    static func temporaryPath(for target: FilePath, process pid: pid_t) -> FilePath {
        FilePath(bytes: target.bytes + Array("\(temporaryMarker)\(pid)".utf8))
    }

    private static let temporaryMarker = ".tmp-"

    /// Removes the temporary files that writers of `path` left behind when they were killed
    /// between `open` and `rename` (`kill -9`, a power cut): `NAME.tmp-PID` beside the file (the
    /// one its links lead to, as `write` finds it), of a process that no longer runs. They never
    /// replaced the file, so nothing is lost; without this, a kiosk restarted after every crash
    /// for months would collect them. A writer that still runs keeps its file. Returns what was
    /// removed.
    @discardableResult
    package static func removeStaleTemporaryFiles(of path: FilePath) -> [FilePath] {
        // A loop of links has no file beside which anything was written.
        guard let target = try? resolvingLinks(path) else { return [] }
        let directory = target.directory
        let name = target.bytes.lastIndex(of: UInt8(ascii: "/")).map { Array(target.bytes[($0 + 1)...]) } ?? target.bytes
        let prefix = name + Array(temporaryMarker.utf8)
        guard let stream = directory.withCString({ opendir($0) }) else { return [] }
        defer { closedir(stream) }
        var removed: [FilePath] = []
        while let entry = readdir(stream) {
            let entryName = withUnsafeBytes(of: &entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            guard entryName.starts(with: prefix),
                  let pid = pid_t(String(decoding: entryName.dropFirst(prefix.count), as: UTF8.self)), pid > 0,
                  pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            let stale = FilePath(bytes: target.bytes.dropLast(name.count) + entryName)
            if stale.withCString({ unlink($0) }) == 0 { removed.append(stale) }
        }
        return removed
    }

    /// The most symbolic links followed for one path: the kernel's own limit (`MAXSYMLINKS`,
    /// see path_resolution(7)), past which open(2) fails with ELOOP too.
    static let maximumLinks = 40

    /// The file a path finally names: symbolic links followed one at a time (readlink(2)), a
    /// relative target resolved against its own link's folder, up to a name that is no link,
    /// whether it exists or not. So a dangling link (a state file linked into a persistent
    /// partition before the first write) names its target, where realpath(3) fails and the
    /// link itself would be replaced by a plain file. Links among the folders on the way are
    /// the kernel's to follow. More than `maximumLinks` (a loop) is ELOOP's error, naming `path`.
    static func resolvingLinks(_ path: FilePath) throws(FileError) -> FilePath {
        var current = path
        for _ in 0...maximumLinks {
            var status = stat()
            // What lstat(2) cannot look at is no link to follow; writing there says what is wrong.
            guard current.withCString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFLNK else {
                return current
            }
            current = current.directory.appending(try linkTarget(of: current, shownAs: path))
        }
        throw FileError(path: path.description, reason: SystemCallError.message(ELOOP))
    }

    /// The target stored in the link `link`, as bytes.
    private static func linkTarget(of link: FilePath, shownAs path: FilePath) throws(FileError) -> FilePath {
        // symlink(2) stores no target of PATH_MAX bytes or more, so a full buffer is a cut one.
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX))
        let count = link.withCString { name in
            buffer.withUnsafeMutableBufferPointer { raw in
                raw.withMemoryRebound(to: CChar.self) { readlink(name, $0.baseAddress!, $0.count) }
            }
        }
        guard count >= 0 else { throw FileError(path: path.description, reason: TextFile.errorText()) }
        guard count < buffer.count else {
            throw FileError(path: path.description, reason: SystemCallError.message(ENAMETOOLONG))
        }
        return FilePath(bytes: buffer[..<count])
    }
}
