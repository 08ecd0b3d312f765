@preconcurrency import Glibc

/// The kiosk's own state file, when it holds nothing the kiosk can use (a file of NUL bytes
/// that a power cut left on an SD card, one cut short, a newer kiosk's version after a
/// downgrade), is kept beside it as `NAME.bad` and saving goes on: refused, it would keep
/// every value from being saved until someone came to move it, which on an unattended kiosk
/// is never; replaced, what it held would be lost to whoever wants to know what happened.
extension StateFile {
    /// Renames the file at `path` (its links followed, as `AtomicFile.write` follows them, so
    /// a link into a persistent partition stays and its target is written anew) to `NAME.bad`
    /// beside it, replacing an older one; returns that path.
    ///
    /// A rename, not a copy: nothing is read or written, it is atomic, and a `NAME.bad` that is
    /// a link is replaced as a name, never written through. The folder is not synced: should a
    /// power cut undo the rename, the next start finds the same file and sets it aside again.
    static func setAside(_ path: FilePath) throws(FileError) -> FilePath {
        let target = try AtomicFile.resolvingLinks(path)
        let bad = FilePath(bytes: target.bytes + Array(".bad".utf8))
        let renamed = target.withCString { from in bad.withCString { to in rename(from, to) } }
        guard renamed == 0 else { throw FileError(path: bad.description, reason: TextFile.errorText()) }
        return bad
    }
}
