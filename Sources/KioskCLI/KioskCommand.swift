@preconcurrency import Glibc
import KioskConfig
import KioskService

/// The `kiosk` command line as a library: `run`, `check`, `calibrate`, `bench` and `ctl`, for the
/// control types of a registry. An app with controls of its own gets the whole tool, its
/// `check` knowing those controls, from one line in its `main.swift`:
///
/// ```swift
/// KioskCommand.main(registry: ControlRegistry.standard.registering(ToggleDescription.self))
/// ```
///
/// It is the one place that turns errors into messages and exit codes (0 success, 1 bad input
/// or failure, 2 bad command line).
public enum KioskCommand {
    /// Runs the tool with the process's arguments and exits with its exit code.
    public static func main(registry: ControlRegistry = .standard) -> Never {
        // A reader of our stdout going away (a closed pipe) must not kill the kiosk.
        signal(SIGPIPE, SIG_IGN)
        // The bytes of argv, not CommandLine.arguments: those are repaired to valid UTF-8,
        // which turns a file name in another encoding into a name that does not exist.
        let arguments = (1..<Int(CommandLine.argc)).map { i in
            FilePath(bytes: UnsafeBufferPointer(start: UnsafeRawPointer(CommandLine.unsafeArgv[i]!)
                .assumingMemoryBound(to: UInt8.self), count: strlen(CommandLine.unsafeArgv[i]!)))
        }
        exit(run(arguments, registry: registry))
    }

    /// Runs the tool with `arguments` (without the program name) and returns its exit code,
    /// leaving the process running: for tests, and for an app that does more after it.
    public static func main(arguments: [String], registry: ControlRegistry = .standard) -> Int32 {
        run(arguments.map { FilePath($0) }, registry: registry)
    }

    /// Runs the tool with `arguments` as the bytes of argv (without the program name).
    static func run(_ arguments: [FilePath], registry: ControlRegistry) -> Int32 {
        let stderr = LineWriter.standardError
        var code: Int32
        do {
            code = try dispatch(arguments, registry: registry)
        } catch let error as UsageError {
            stderr.writeLine(error.description, priority: .error)
            return 2
        } catch {
            stderr.writeLine("kiosk: \(error)", priority: .error)
            code = 1
        }
        // Output that did not arrive (stdout on a full disk, a closed pipe) is a failure too.
        if let failure = LineWriter.standardOutput.failure {
            stderr.writeLine("kiosk: \(failure)", priority: .error)
            if code == 0 { code = 1 }
        }
        return code
    }

    static func dispatch(_ arguments: [FilePath], registry: ControlRegistry) throws -> Int32 {
        let out = LineWriter.standardOutput
        guard let first = arguments.first else {
            out.writeLine(HelpText.main)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help")
        switch first.description {
        case "--help", "-h", "help":
            out.writeLine(HelpText.main)
            return 0
        case "--version":
            out.writeLine("kiosk \(HelpText.version)")
            return 0
        case "run":
            if wantsHelp { out.writeLine(HelpText.run); return 0 }
            return try RunCommand(arguments: rest).execute(registry: registry)
        case "check":
            if wantsHelp { out.writeLine(HelpText.check); return 0 }
            return try CheckCommand(arguments: rest).execute(registry: registry)
        case "calibrate":
            if wantsHelp { out.writeLine(HelpText.calibrate); return 0 }
            return try CalibrateCommand(arguments: rest).execute(registry: registry)
        case "bench":
            if wantsHelp { out.writeLine(HelpText.bench); return 0 }
            return try BenchCommand(arguments: rest).execute(registry: registry)
        case "ctl":
            if wantsHelp { out.writeLine(HelpText.ctl); return 0 }
            return try ControlCommand(arguments: rest).execute()
        default:
            throw UsageError(command: "kiosk", message: "unknown command '\(first)'; commands: run, check, calibrate, bench, ctl")
        }
    }
}
