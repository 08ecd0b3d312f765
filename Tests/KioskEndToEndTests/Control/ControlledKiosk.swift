import Foundation
import KioskLoop
import Testing

/// A real `kiosk run --backend headless --clock real --socket …` in a child process, with its
/// config copied into a temporary folder (so a test may edit it and send SIGHUP), and its
/// stderr collected in a file. Every wait is bounded.
final class ControlledKiosk {
    let directory: URL
    let socketPath: String
    let configPath: String
    let process = Process()
    let stderrPath: String
    let stdoutPath: String

    /// How long a test waits for anything before it fails instead of hanging.
    static let patience: TimeInterval = 30

    /// A kiosk with `extraArguments`, its socket at `socketPath` (default: in its folder),
    /// and at most `descriptorLimit` open files when given (through prlimit(1)).
    init(extraArguments: [String] = [], socketPath: String? = nil, descriptorLimit: Int? = nil) throws {
        directory = try KioskProcess.temporaryDirectory()
        self.socketPath = socketPath ?? directory.appendingPathComponent("kiosk.sock").path
        configPath = directory.appendingPathComponent("kiosk.json").path
        stderrPath = directory.appendingPathComponent("stderr").path
        stdoutPath = directory.appendingPathComponent("stdout").path
        let fm = FileManager.default
        try fm.copyItem(atPath: KioskProcess.path("config/demo.json"), toPath: configPath)
        try fm.copyItem(atPath: KioskProcess.path("config/popups"), toPath: directory.appendingPathComponent("popups").path)
        try fm.copyItem(atPath: KioskProcess.path("config/strings"), toPath: directory.appendingPathComponent("strings").path)
        _ = fm.createFile(atPath: stderrPath, contents: nil)
        _ = fm.createFile(atPath: stdoutPath, contents: nil)
        let arguments = ["run", "--config", configPath, "--backend", "headless", "--clock", "real",
                         "--socket", self.socketPath] + extraArguments
        if let descriptorLimit {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/prlimit")
            process.arguments = ["--nofile=\(descriptorLimit)", KioskProcess.binary.path] + arguments
        } else {
            process.executableURL = KioskProcess.binary
            process.arguments = arguments
        }
        process.standardError = FileHandle(forWritingAtPath: stderrPath)
        process.standardOutput = FileHandle(forWritingAtPath: stdoutPath)
    }

    /// Starts the kiosk and waits until it answers a ping.
    func start() throws {
        try process.run()
        try waitUntil("the kiosk answers on \(socketPath)") {
            guard let client = try? SocketClient(path: socketPath) else { return false }
            return (try? client.request(#"{"op": "ping"}"#)) == #"{"ok": true}"#
        }
    }

    /// Changes the copied config (as a JSON object) before `start()`.
    func editConfig(_ edit: (inout [String: Any]) -> Void) throws {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: configPath))) as? [String: Any])
        edit(&object)
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: configPath))
    }

    var stderr: String { (try? String(contentsOfFile: stderrPath, encoding: .utf8)) ?? "" }

    /// SIGTERM, then the exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning { process.terminate(); process.waitUntilExit() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// `kiosk ctl --socket … ARGS` against this kiosk.
    func ctl(_ arguments: String...) throws -> KioskProcess.Output {
        try KioskProcess.run(["ctl", "--socket", socketPath] + arguments)
    }

    func sendHangUp() { kill(process.processIdentifier, SIGHUP) }

    /// Polls `condition` every 20 ms until it holds; throws after `patience` seconds.
    func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(Self.patience)
        while try !condition() {
            guard Date() < deadline else { throw WaitFailure(what: what, stderr: stderr) }
            guard process.isRunning || process.processIdentifier == 0 else { throw WaitFailure(what: what + " (the kiosk exited)", stderr: stderr) }
            usleep(20_000)
        }
    }

    struct WaitFailure: Error, CustomStringConvertible {
        var what: String
        var stderr: String
        var description: String { "gave up waiting for \(what); kiosk stderr:\n\(stderr)" }
    }
}

/// A raw client of the control socket: lines out, lines in, each read bounded in time.
final class SocketClient {
    let socket: FileDescriptor
    private var pending: [UInt8] = []

    init(path: String) throws { socket = try UnixSocket.connect(to: path) }

    func send(_ line: String) throws { try sendRaw(line + "\n") }

    /// Bytes as they are, without a newline.
    func sendRaw(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            offset += try bytes.withUnsafeBytes { try UnixSocket.send(socket, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
        }
    }

    /// The next line; nil at end of file; throws after `timeout` seconds without one.
    func readLine(timeout: Int32 = 30) throws -> String? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = pending.firstIndex(of: 10) {
                defer { pending.removeFirst(newline + 1) }
                return String(decoding: pending[..<newline], as: UTF8.self)
            }
            var ready = pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)
            guard poll(&ready, 1, timeout * 1000) > 0 else { throw ControlledKiosk.WaitFailure(what: "a line", stderr: "") }
            let n = try buffer.withUnsafeMutableBytes { try socket.read(into: $0) }
            if n == 0 { return nil }
            pending += buffer[..<n]
        }
    }

    func request(_ line: String) throws -> String? {
        try send(line)
        return try readLine()
    }
}
