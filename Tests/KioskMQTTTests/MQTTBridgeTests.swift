@preconcurrency import Glibc
import Testing
import KioskConfig
import KioskLoop
import KioskMQTT
@testable import KioskService

/// The bridge in a real loop with no broker: what a kiosk does when the broker is missing.
/// (With a broker: scripts/mqtt-test.sh, in .ci/run.)
@Suite struct MQTTBridgeTests {
    /// A port on 127.0.0.1 where nothing listens: bound, never listened on, so a connect is
    /// refused at once and no other process can take the port while the test runs.
    final class ClosedPort {
        let fd: Int32
        let port: Int
        init() throws {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            self.fd = fd
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = 0
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let bound = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                    bind(fd, pointer, length) == 0 && getsockname(fd, pointer, &length) == 0
                }
            }
            guard bound else { throw SystemCallError(call: "bind", errno: errno) }
            port = Int(UInt16(bigEndian: address.sin_port))
        }
        deinit { close(fd) }
    }

    final class Log {
        var lines: [String] = []
        var priorities: [KioskLoop.Log.Priority] = []
    }

    /// Runs the loop until `done` or 200 passes of at most 50 ms (10 s): a bound, not a timing.
    func run(_ loop: EventLoop, until done: () -> Bool) throws {
        for _ in 0..<200 where !done() { try loop.runOnce(timeout: .milliseconds(50)) }
    }

    @Test("a refused connection is logged once, without the password, and retried with backoff; events are dropped")
    func refused() throws {
        let port = try ClosedPort()
        let loop = try EventLoop()
        let log = Log()
        let settings = MQTTSettings(url: BrokerURL(scheme: .mqtt, host: "127.0.0.1", port: port.port), clientID: "t",
                                    username: "kiosk", passwordFile: "/unused", keepalive: 5)
        let bridge = try MQTTBridge(connection: MQTTService.connection(settings, clientID: "t"), clientID: "t", password: MQTTPassword(fileContents: "hunter2\n"),
                                    loop: loop, handleRequest: { _, reply in reply("{}") }, log: { line, priority in log.lines.append(line); log.priorities.append(priority) })
        bridge.start()
        #expect(bridge.state == .connecting)   // start returned before anything was resolved or connected
        try run(loop) { bridge.failedAttempts >= 2 }
        #expect(bridge.failedAttempts >= 2)
        #expect(bridge.state == .waitingToRetry)
        bridge.publish(eventLine: #"{"t": 0}"#)
        bridge.publishState(controlID: "price", valueJSON: "{}")
        #expect(bridge.droppedEvents == 1)
        #expect(bridge.publishedMessages == 0)
        bridge.stop()
        #expect(bridge.state == .stopped)
        #expect(log.lines == [
            "mqtt: connecting to mqtt://127.0.0.1:\(port.port) as t, topics swiftkiosk/t/…",
            "mqtt: cannot connect to mqtt://127.0.0.1:\(port.port): Connection refused; retrying (backoff 1 s to 60 s)",
        ])
        #expect(!log.lines.joined().contains("hunter2"))
        // In the journal the failure is a warning, the attempt information.
        #expect(log.priorities == [.info, .warning])
    }

    @Test("stopping while the first attempt runs returns, and nothing is left registered")
    func stopWhileConnecting() throws {
        let port = try ClosedPort()
        let loop = try EventLoop()
        let before = loop.registrationCount
        let settings = MQTTSettings(url: BrokerURL(scheme: .mqtt, host: "127.0.0.1", port: port.port))
        var bridge: MQTTBridge? = try MQTTBridge(connection: MQTTService.connection(settings, clientID: "t"), clientID: "t", password: nil, loop: loop,
                                                 handleRequest: { _, reply in reply("{}") }, log: { _, _ in })
        bridge?.start()
        bridge?.stop()
        #expect(bridge?.state == .stopped)
        bridge = nil
        #expect(loop.registrationCount == before)
    }

    @Test("a missing password file stops the start with the file's name, and an empty one too")
    func passwordFile() throws {
        let missing = MQTTSettings(url: BrokerURL(scheme: .mqtt, host: "127.0.0.1"), username: "kiosk",
                                   passwordFile: "/nonexistent/mqtt-password")
        #expect(throws: FileError(path: "mqtt.passwordFile /nonexistent/mqtt-password", reason: "No such file or directory")) {
            try MQTTService(settings: missing)
        }
        let path = "/tmp/kiosk-mqtt-test-\(getpid())-empty"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        close(fd)
        defer { unlink(path) }
        let empty = MQTTSettings(url: BrokerURL(scheme: .mqtt, host: "127.0.0.1"), username: "kiosk", passwordFile: path)
        #expect(throws: FileError(path: "mqtt.passwordFile \(path)", reason: "the file is empty")) {
            try MQTTService(settings: empty)
        }
    }
}
