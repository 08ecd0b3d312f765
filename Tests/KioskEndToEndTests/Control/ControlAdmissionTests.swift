import Foundation
import Glibc
import KioskLoop
import KioskTestSupport
import Testing

/// The control socket's listener under pressure from local clients: how the socket file
/// appears, a client over `ipc.maxClients`, and a kiosk out of descriptors.
@Suite("Control socket, admission of clients", .serialized)
struct ControlAdmissionTests {
    @Test("the socket appears at its path whole, 0660, moved there from a private folder: never made there with the umask's mode")
    func socketAppearsWhole() throws {
        let directory = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let watch = try DirectoryWatch(directory.path)
        let path = directory.appendingPathComponent("kiosk.sock").path
        let socket = try UnixSocket.listen(at: path)
        let changes = watch.changes()
        #expect(!changes.contains { $0.name == "kiosk.sock" && $0.created },
                "bound at its path, then given its mode: \(changes)")
        #expect(changes.contains { $0.name == "kiosk.sock" && $0.movedIn })
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o660)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["kiosk.sock"])   // no folder left
        let client = try UnixSocket.connect(to: path)
        _ = socket
        _ = client
    }

    @Test("one client over ipc.maxClients is told so and closed, logged once; a place freed is taken again")
    func maximumClients() throws {
        let kiosk = try ControlledKiosk()
        try kiosk.editConfig { $0["ipc"] = ["socket": kiosk.socketPath, "maxClients": 2] }
        try kiosk.start()
        let first = try SocketClient(path: kiosk.socketPath)
        var second: SocketClient? = try SocketClient(path: kiosk.socketPath)
        #expect(try first.request(#"{"op": "ping"}"#) == #"{"ok": true}"#)
        #expect(try second?.request(#"{"op": "ping"}"#) == #"{"ok": true}"#)
        for _ in 0..<3 {
            let over = try SocketClient(path: kiosk.socketPath)
            #expect(try over.readLine() == #"{"ok": false, "error": "too many clients: 2 are connected (ipc.maxClients); try again later"}"#)
            #expect(try over.readLine() == nil)
        }
        #expect(kiosk.stderr.components(separatedBy: "refusing new clients").count == 2)
        second = nil
        try kiosk.waitUntil("a place for a new client") {
            guard let client = try? SocketClient(path: kiosk.socketPath) else { return false }
            return (try? client.request(#"{"op": "ping"}"#)) == #"{"ok": true}"#
        }
        #expect(kiosk.stderr.contains("control socket: accepting clients again"))
        #expect(kiosk.stop() == 0)
    }

    @Test("out of descriptors, the listener pauses and says so once instead of spinning; it accepts again when clients leave")
    func outOfDescriptors() throws {
        // 9 descriptors are the headless kiosk's own; 14 leave room for a few clients.
        let kiosk = try ControlledKiosk(descriptorLimit: 14)
        try kiosk.start()
        var waiting: [Int32] = []
        defer { for fd in waiting { Glibc.close(fd) } }
        // Connect without waiting until the backlog is full too: 40 at most.
        while waiting.count < 40, let fd = connectWithoutWaiting(kiosk.socketPath) { waiting.append(fd) }
        #expect(waiting.count > 8)
        // A listener that stayed readable would log a line (and burn a core) on every pass.
        usleep(1_500_000)
        let failures = kiosk.stderr.components(separatedBy: "cannot accept a client").count - 1
        #expect(failures == 1, "\(failures) lines")
        #expect(kiosk.stderr.contains("Too many open files"))
        for fd in waiting { Glibc.close(fd) }
        waiting = []
        try kiosk.waitUntil("the kiosk answers again") {
            guard let client = try? SocketClient(path: kiosk.socketPath) else { return false }
            return (try? client.request(#"{"op": "ping"}"#)) == #"{"ok": true}"#
        }
        #expect(kiosk.stderr.contains("control socket: accepting clients again"))
        #expect(kiosk.stop() == 0)
    }

    /// A non-blocking connection to `path`; nil when the listener's backlog is full.
    private func connectWithoutWaiting(_ path: String) -> Int32? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard result == 0 else { Glibc.close(fd); return nil }
        return fd
    }
}

/// What inotify saw happen in a folder: the names created and moved in, in order.
private final class DirectoryWatch {
    struct Change: CustomStringConvertible {
        var name: String
        var created: Bool
        var movedIn: Bool
        var description: String { "\(name)\(created ? " created" : "")\(movedIn ? " moved in" : "")" }
    }

    private let fd: Int32

    init(_ path: String) throws {
        fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0, inotify_add_watch(fd, path, UInt32(IN_CREATE | IN_MOVED_TO)) >= 0 else {
            throw SystemCallError(call: "inotify_add_watch", path: path, errno: errno)
        }
    }

    deinit { close(fd) }

    /// The changes queued since the watch began.
    func changes() -> [Change] {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0 else { return [] }
        var changes: [Change] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (mask, length) = buffer.withUnsafeBytes { raw in
                (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                 Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
            }
            let nameBytes = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
            changes.append(Change(name: String(decoding: nameBytes, as: UTF8.self),
                                  created: mask & UInt32(IN_CREATE) != 0, movedIn: mask & UInt32(IN_MOVED_TO) != 0))
            offset += header + length
        }
        return changes
    }
}
