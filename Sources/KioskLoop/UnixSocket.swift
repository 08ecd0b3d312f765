import CLinux
import Glibc

/// Unix stream sockets: the control socket's listener and its clients, and `kiosk ctl`'s end.
///
/// Every descriptor is close-on-exec; the listener and accepted clients are non-blocking, as
/// the event loop expects, while `connect(to:)` gives a blocking one for a command-line client.
package enum UnixSocket {
    /// Who is on the other end of a connection (`SO_PEERCRED`: the peer's at `connect` time).
    package struct PeerCredentials: Sendable, Equatable, CustomStringConvertible {
        package var pid: Int32
        package var uid: UInt32
        package var gid: UInt32
        package var description: String { "pid \(pid) uid \(uid) gid \(gid)" }
    }

    /// Why a socket could not be made or reached, naming the path.
    package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        package var path: String
        package var message: String
        /// The `errno` behind it, when a system call failed.
        package var errno: Int32?
        package var description: String { "\(path): \(message)" }
    }

    /// `sun_path` holds 108 bytes with the terminating zero.
    package static let maximumPathBytes = 107

    /// Listens at `path` with mode 0660, owned by `group` when given.
    ///
    /// A socket file nobody listens on (left by a kiosk that crashed: `connect` is refused)
    /// is replaced; one with a listener (another kiosk) is an error, as is a path that is
    /// something other than a socket, which is never removed.
    ///
    /// The socket is never seen at `path` half made: it is bound in a private folder beside
    /// `path` (mkdtemp: mode 0700), given its mode and group there, set listening, and moved
    /// to `path` whole (`renameat2` with `RENAME_NOREPLACE`). A `chmod(path)` after `bind`
    /// would leave a moment in which the umask's mode applies and would follow whatever link
    /// someone had put at `path` meanwhile.
    package static func listen(at path: String, group: String? = nil, backlog: Int32 = 16) throws(Failure)
        -> FileDescriptor
    {
        let gid = try group.map { name throws(Failure) in try groupID(of: name, for: path) }
        _ = try socketAddress(path)
        try removeIfStale(path)
        let socket = try makeSocket(path, flags: Int32(SOCK_NONBLOCK.rawValue))
        let folder = try PrivateFolder(beside: path)
        defer { folder.remove() }
        var address = try socketAddress(folder.bindPath)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket.rawValue, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard bound == 0 else { throw failure(path, "cannot bind") }
        var ready = fchmodat(folder.descriptor, PrivateFolder.socketName, 0o660, 0) == 0
        if ready, let gid {
            ready = fchownat(folder.descriptor, PrivateFolder.socketName, uid_t.max, gid, AT_SYMLINK_NOFOLLOW) == 0
        }
        if ready { ready = Glibc.listen(socket.rawValue, backlog) == 0 }
        guard ready else { throw failure(path, "cannot set up the socket") }
        guard renameat2(folder.descriptor, PrivateFolder.socketName, AT_FDCWD, path, UInt32(KIOSK_RENAME_NOREPLACE)) == 0 else {
            if errno == EEXIST {
                throw Failure(path: path, message: "appeared while the socket was being made (is another kiosk starting?)",
                              errno: EEXIST)
            }
            throw failure(path, "cannot move the socket into place")
        }
        return socket
    }

    /// The folder a socket is made in before it is moved to its path: beside the path (a
    /// rename cannot cross file systems), readable by this process alone.
    private struct PrivateFolder {
        static let socketName = "s"
        let path: String
        let descriptor: Int32
        /// Where `bind` makes the socket: in the folder by name, or through the folder's
        /// descriptor when that name would not fit `sun_path` (the folder's name is longer
        /// than the socket's).
        let bindPath: String

        init(beside socketPath: String) throws(Failure) {
            let parent = socketPath.lastIndex(of: "/").map { String(socketPath[...$0]) } ?? "./"
            var template = Array((parent + ".kiosk-XXXXXX").utf8CString)
            guard let made = mkdtemp(&template) else { throw failure(socketPath, "cannot make a private folder beside the socket") }
            path = String(cString: made)
            descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let error = failure(socketPath, "cannot open the private folder \(path)")
                rmdir(path)
                throw error
            }
            let named = path + "/" + Self.socketName
            bindPath = named.utf8.count <= maximumPathBytes ? named : "/proc/self/fd/\(descriptor)/\(Self.socketName)"
        }

        /// Removes the socket if it is still here (a failure on the way) and the folder.
        func remove() {
            unlinkat(descriptor, Self.socketName, 0)
            close(descriptor)
            rmdir(path)
        }
    }

    /// A blocking connection to the socket at `path`.
    package static func connect(to path: String) throws(Failure) -> FileDescriptor {
        var address = try socketAddress(path)
        let socket = try makeSocket(path, flags: 0)
        while true {
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    Glibc.connect(socket.rawValue, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if result == 0 { return socket }
            if errno != EINTR { throw failure(path, "cannot connect") }
        }
    }

    /// The next waiting connection, non-blocking; nil when there is none.
    package static func accept(_ listener: borrowing FileDescriptor) throws(SystemCallError) -> FileDescriptor? {
        while true {
            let fd = accept4(listener.rawValue, nil, nil, Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue))
            if fd >= 0 { return FileDescriptor(adopting: fd) }
            switch errno {
            case EINTR: continue
            // Nothing waits, or a client gave up between readiness and accept. Anything else
            // (EMFILE, ENFILE, ENOBUFS) leaves the listener readable: the caller must stop
            // watching it for a while, or the loop spins.
            case EAGAIN, ECONNABORTED: return nil
            default: throw SystemCallError(call: "accept4", errno: errno)
            }
        }
    }

    /// The credentials of the process that connected `socket` (nil if the kernel says none).
    package static func peerCredentials(of socket: borrowing FileDescriptor) -> PeerCredentials? {
        var credentials = kiosk_peer_credentials()
        var length = socklen_t(MemoryLayout<kiosk_peer_credentials>.size)
        guard getsockopt(socket.rawValue, SOL_SOCKET, SO_PEERCRED, &credentials, &length) == 0 else { return nil }
        return PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid)
    }

    /// `send(2)` without SIGPIPE: a client that went away is an `EPIPE` error, not a signal.
    package static func send(_ socket: borrowing FileDescriptor, _ bytes: UnsafeRawBufferPointer) throws(SystemCallError)
        -> Int
    {
        while true {
            let n = Glibc.send(socket.rawValue, bytes.baseAddress, bytes.count, Int32(MSG_NOSIGNAL))
            if n >= 0 { return n }
            if errno != EINTR { throw SystemCallError(call: "send", errno: errno) }
        }
    }

    /// Which file is at `path` (device and inode, without following a link); nil when none.
    package static func fileIdentity(at path: String) -> FileIdentity? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return FileIdentity(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }

    /// A file's device and inode: tells our socket file from one a newer kiosk made there.
    package struct FileIdentity: Sendable, Equatable {
        package var device: UInt64
        package var inode: UInt64
    }

    /// Removes the socket file at `path` if it is still `identity` (the one this process
    /// bound), so a kiosk stopping never removes a newer kiosk's socket.
    package static func removeFile(at path: String, ifStill identity: FileIdentity?) {
        guard let identity, fileIdentity(at: path) == identity else { return }
        unlink(path)
    }

    // MARK: Helpers

    private static func socketAddress(_ path: String) throws(Failure) -> sockaddr_un {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard !bytes.isEmpty else { throw Failure(path: path, message: "the socket path is empty") }
        guard bytes.count <= maximumPathBytes, !bytes.contains(0) else {
            throw Failure(path: path, message: "a socket path must be at most \(maximumPathBytes) bytes "
                          + "without NUL (found \(bytes.count))")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in bytes.enumerated() { raw[i] = byte }
        }
        return address
    }

    private static func makeSocket(_ path: String, flags: Int32) throws(Failure) -> FileDescriptor {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | flags, 0)
        guard fd >= 0 else { throw failure(path, "cannot make a socket") }
        return FileDescriptor(adopting: fd)
    }

    /// Unlinks a socket file nobody listens on; a live one or a non-socket is an error.
    private static func removeIfStale(_ path: String) throws(Failure) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }   // nothing there
        guard info.st_mode & S_IFMT == S_IFSOCK else {
            throw Failure(path: path, message: "exists and is not a socket; not replacing it")
        }
        let probe: Failure
        do throws(Failure) {
            _ = try connect(to: path)
            throw Failure(path: path, message: "another process is listening on this socket (is another kiosk running?)")
        } catch {
            probe = error
        }
        switch probe.errno {
        case ECONNREFUSED?: unlink(path)   // bound once, nobody listening: left by a kiosk that crashed
        case ENOENT?: return               // gone meanwhile
        default: throw probe
        }
    }

    private static func groupID(of name: String, for path: String) throws(Failure) -> gid_t {
        var group = group()
        var result: UnsafeMutablePointer<group>?
        var buffer = [CChar](repeating: 0, count: 16_384)
        let status = getgrnam_r(name, &group, &buffer, buffer.count, &result)
        guard status == 0, result != nil else {
            throw Failure(path: path, message: "no group '\(name)' (ipc.group)")
        }
        return group.gr_gid
    }

    private static func failure(_ path: String, _ what: String) -> Failure {
        let code = errno
        return Failure(path: path, message: "\(what): \(SystemCallError.message(code))", errno: code)
    }
}
