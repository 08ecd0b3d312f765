@preconcurrency import Glibc
import KioskControls
import KioskCore
import KioskLoop
import KioskService

/// `kiosk ctl [--socket PATH] REQUEST`: one request to a running kiosk's control socket, its
/// reply on stdout; exit 0 when the reply says `ok`, 1 otherwise (or when the kiosk cannot be
/// reached or does not answer within `replyTimeout`), 2 for a bad command line.
///
/// ctl has no config, so without `--socket` it uses the service's default socket,
/// `/run/swiftkiosk/kiosk.sock` (`ControlServer.Options.defaultPath`).
struct ControlCommand {
    let socketPath: String
    let shortcut: ControlShortcut

    /// How long a reply may take; `events` waits for ever.
    static let replyTimeoutMilliseconds: Int32 = 10_000

    /// Everything `kiosk ctl` takes: the socket, and the shortcuts' options (`--lower 3`).
    static let options = [CommandOption("socket", .path)]
        + ControlShortcut.optionNames.sorted().map { CommandOption($0, .text) }

    init(arguments: [FilePath]) throws(UsageError) {
        let command = "kiosk ctl"
        let args = try ArgumentList(arguments, command: command, options: Self.options)
        socketPath = args.path("socket")?.description ?? ControlServer.Options.defaultPath
        var options: [String: String] = [:]
        for name in ControlShortcut.optionNames { if let v = args.value(name) { options[name] = v } }
        shortcut = try ControlShortcut.parse(args.positionals.map(\.description), options: options, command: command)
    }

    /// Sends the request and prints the reply; every failure (no kiosk, no reply, a
    /// screenshot that cannot be written) is one `kiosk ctl: …` line on stderr and exit 1.
    func execute() -> Int32 {
        do { return try exchange() } catch {
            LineWriter.standardError.writeLine("kiosk ctl: \(error)", priority: .error)
            return 1
        }
    }

    private func exchange() throws -> Int32 {
        let out = LineWriter.standardOutput, err = LineWriter.standardError
        let connection = try ControlClientConnection(path: socketPath)
        try connection.send(shortcut.request)
        let timeout = Self.replyTimeoutMilliseconds
        guard let reply = try connection.readLine(timeoutMilliseconds: timeout) else {
            err.writeLine("kiosk ctl: \(socketPath): the kiosk closed the connection without a reply")
            return 1
        }
        let parsed = try? JSONParser().parseValue(reply)
        let ok = parsed?["ok"]?.boolValue == true
        if !ok {
            if let message = parsed?["error"]?.stringValue { err.writeLine("kiosk ctl: \(message)") }
            for problem in parsed?["problems"]?.arrayValue ?? [] { if let line = problem.stringValue { err.writeLine(line) } }
        }
        switch shortcut.mode {
        case .reply:
            out.writeLine(reply)
        case .events:
            // The reply is the state the events go on from: the first line, as on the socket.
            out.writeLine(reply)
            guard ok else { return 1 }
            while let line = try connection.readLine(timeoutMilliseconds: -1) { out.writeLine(line) }
        case .screenshot(let path):
            guard ok, case .object(var object)? = parsed, let png = object["png"]?.stringValue.flatMap(Base64.decode) else {
                out.writeLine(reply)
                if ok { err.writeLine("kiosk ctl: the reply carries no PNG") }
                return 1
            }
            try AtomicFile.write(png, to: path)
            object["png"] = nil
            object["path"] = .string(path.description)
            out.writeLine(JSONValue.object(object).serialized(.spaced))
        }
        return ok ? 0 : 1
    }
}

/// ctl's end of the socket: blocking writes, line reads with a time limit.
final class ControlClientConnection {
    let path: String
    private let socket: FileDescriptor
    private var pending: [UInt8] = []

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    init(path: String) throws {
        self.path = path
        do { socket = try UnixSocket.connect(to: path) } catch {
            let hint = error.errno == ENOENT || error.errno == ECONNREFUSED ? " (is the kiosk running with this socket?)" : ""
            throw Failure(description: "\(error)\(hint)")
        }
    }

    func send(_ line: String) throws {
        let bytes = Array(line.utf8) + [UInt8(ascii: "\n")]
        var offset = 0
        while offset < bytes.count {
            let n = try bytes.withUnsafeBytes { try UnixSocket.send(socket, UnsafeRawBufferPointer(rebasing: $0[offset...])) }
            offset += n
        }
    }

    /// The next line, nil at end of file; `timeoutMilliseconds` < 0 waits for ever.
    func readLine(timeoutMilliseconds: Int32) throws -> String? {
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeFirst(newline + 1)
                return line
            }
            var ready = pollfd(fd: socket.rawValue, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, timeoutMilliseconds)
            if polled < 0 && errno == EINTR { continue }
            guard polled > 0 else { throw Failure(description: "\(path): no reply within \(timeoutMilliseconds / 1000) s") }
            let count = try buffer.withUnsafeMutableBytes { try socket.read(into: $0) }
            guard count > 0 else { return nil }
            pending += buffer[..<count]
        }
    }
}
