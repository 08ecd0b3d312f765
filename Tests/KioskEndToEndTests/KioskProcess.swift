import Foundation
import KioskControls
import KioskTestSupport

/// Runs the real `kiosk` executable that `swift build` produced, as a user would.
struct KioskProcess {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
        var lines: [String] { stdout.split(separator: "\n").map(String.init) }
        var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
    }

    static let packageRoot = TestFiles.packageRoot

    /// `KIOSK_BINARY` wins; otherwise the `kiosk` built beside this test binary, so that
    /// `swift test -c release` runs the release kiosk and never a stale debug one (`swift test`
    /// builds the executable with the tests, in the same folder).
    static var binary: URL {
        if let path = ProcessInfo.processInfo.environment["KIOSK_BINARY"] { return URL(fileURLWithPath: path) }
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return testBinary.deletingLastPathComponent().appendingPathComponent("kiosk")
    }

    static func path(_ relative: String) -> String { TestFiles.path(relative) }

    static func run(_ arguments: [String]) throws -> Output {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = packageRoot
        return try collect(process)
    }

    /// Whether `runUnprivileged` can run the kiosk as a user without root's right to read
    /// any file: the tests run as root on CI, where only `setpriv(1)` drops that right.
    static var canRunUnprivileged: Bool {
        geteuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    }

    /// Runs the kiosk as `nobody` when we are root (the files it must reach have to allow
    /// that user), as ourselves otherwise: what a kiosk that is not root sees of a file's mode.
    static func runUnprivileged(_ arguments: [String]) throws -> Output {
        guard geteuid() == 0 else { return try run(arguments) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
        process.currentDirectoryURL = packageRoot
        return try collect(process)
    }

    /// Runs `script` with `/bin/sh -c` in `directory`, where `kiosk` is a shell function that
    /// runs the real executable: for cases that need what `Process` cannot express (argv bytes
    /// that are not UTF-8, stdout on /dev/full, FIFOs made with mkfifo). `$PACKAGE` is the
    /// package root, for copying the shipped configs.
    static func shell(_ script: String, in directory: URL) throws -> Output {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "kiosk() { \"$KIOSK\" \"$@\"; }\n" + script]
        process.environment = ProcessInfo.processInfo.environment
            .merging(["KIOSK": binary.path, "PACKAGE": packageRoot.path]) { $1 }
        process.currentDirectoryURL = directory
        return try collect(process)
    }

    /// Starts `process` and waits for it, with stdout and stderr read at the same time: read
    /// one after the other, a run that fills the second pipe while the first is open would stall.
    private static func collect(_ process: Process) throws -> Output {
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        nonisolated(unsafe) var stderr = Data()
        let done = DispatchSemaphore(value: 0)
        let readStderr = Thread {
            stderr = err.fileHandleForReading.readDataToEndOfFile()
            done.signal()
        }
        readStderr.start()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        done.wait()
        process.waitUntilExit()
        return Output(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// A fresh temporary folder for one test's files.
    static func temporaryDirectory() throws -> URL { try TestFiles.temporaryDirectory() }
}

/// One event line parsed back, for readable assertions.
struct EventLine: Equatable {
    var t: Double
    var source: String
    var event: String
    var value: [String: Double]
    /// The value's string fields (a `screenChanged`'s `screen`).
    var strings: [String: String] = [:]
    /// `"owner"` for the owner's events; nil for a person's.
    var origin: String?
    /// The event's number, on a subscriber's line (the socket's, MQTT's); nil on `--events`.
    var seq: Int?

    init?(_ line: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
              let t = object["t"] as? Double, let source = object["source"] as? String,
              let event = object["event"] as? String else { return nil }
        self.t = t
        self.source = source
        self.event = event
        let fields = (object["value"] as? [String: Any]) ?? [:]
        value = fields.compactMapValues { $0 as? Double }
        strings = fields.compactMapValues { $0 as? String }
        origin = object["origin"] as? String
        seq = object["seq"] as? Int
    }
}
