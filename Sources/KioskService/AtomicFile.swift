@preconcurrency import Glibc

/// Files replaced whole or not at all: configs written by `kiosk calibrate`, screenshots, the
/// state file.
public enum AtomicFile {
    /// Writes `bytes` to a temporary file beside `path` and renames it over `path`, so a
    /// reader (or a crash) never sees half a file; then syncs the directory, so the rename
    /// itself survives a power cut.
    ///
    /// When `path` is a symbolic link, the file it points to is replaced (the link stays a
    /// link: a config under /etc linked to a writable place keeps working). A file that
    /// existed keeps its permission bits, and its owner when we run as root.
    public static func write(_ bytes: [UInt8], to path: FilePath) throws(FileError) {
        let shown = path.description
        let target = resolvingLinks(path)
        var existing = stat()
        let exists = target.withCString { stat($0, &existing) } == 0
        // Replacing is for files: renaming over /dev/full or a FIFO would swap a device node
        // for a plain file (as root, in /dev).
        if exists, let kind = TextFile.nonRegularKind(existing.st_mode) {
            throw FileError(path: shown, reason: "not a regular file (\(kind))")
        }
        let temporary = temporaryPath(for: target, process: getpid())
        let mode: mode_t = exists ? existing.st_mode & 0o7777 : 0o644
        let fd = temporary.withCString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw FileError(path: shown, reason: TextFile.errorText()) }
        func fail() -> FileError {
            let reason = TextFile.errorText()
            close(fd)
            _ = temporary.withCString { unlink($0) }
            return FileError(path: shown, reason: reason)
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
            guard fchmod(fd, existing.st_mode & 0o7777) == 0 else { throw fail() }
            if geteuid() == 0, existing.st_uid != 0 || existing.st_gid != 0 {
                guard fchown(fd, existing.st_uid, existing.st_gid) == 0 else { throw fail() }
            }
        }
        guard fsync(fd) == 0 else { throw fail() }
        guard close(fd) == 0 else {
            let reason = TextFile.errorText()
            _ = temporary.withCString { unlink($0) }
            throw FileError(path: shown, reason: reason)
        }
        let renamed = temporary.withCString { from in target.withCString { to in rename(from, to) } }
        guard renamed == 0 else {
            let reason = TextFile.errorText()
            _ = temporary.withCString { unlink($0) }
            throw FileError(path: shown, reason: reason)
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
    /// between `open` and `rename` (`kill -9`, a power cut): `NAME.tmp-PID` beside the file, of
    /// a process that no longer runs. They never replaced the file, so nothing is lost; without
    /// this, a kiosk restarted after every crash for months would collect them. A writer that
    /// still runs keeps its file. Returns what was removed.
    @discardableResult
    public static func removeStaleTemporaryFiles(of path: FilePath) -> [FilePath] {
        let target = resolvingLinks(path)
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

    /// The file a path finally names, following symbolic links (`realpath(3)`); the path
    /// itself when it does not exist yet.
    static func resolvingLinks(_ path: FilePath) -> FilePath {
        guard let resolved = path.withCString({ realpath($0, nil) }) else { return path }
        defer { free(resolved) }
        return FilePath(bytes: UnsafeBufferPointer(start: UnsafeRawPointer(resolved).assumingMemoryBound(to: UInt8.self),
                                                   count: strlen(resolved)))
    }

}
