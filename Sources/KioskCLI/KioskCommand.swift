@preconcurrency import Glibc
import KioskConfig
import KioskControls
import KioskLoop
import KioskService
import KioskUI

/// The `kiosk` command line as a library: `run`, `check`, `calibrate`, `bench` and `ctl`, for the
/// control types of a registry. An app with controls of its own gets the whole tool, its
/// `check` knowing those controls, from one line in its `main.swift`:
///
/// ```swift
/// KioskCommand.main(registry: ControlRegistry.standard.registering(LampDescription.self))
/// ```
///
/// An app that also has code of its own to run on the scene (observers, controls built in
/// Swift) keeps every option of `run` by handing it over as `customize`, and has its own name
/// in the messages and help:
///
/// ```swift
/// KioskCommand.main(name: "lobby", registry: registry) { scene in
///     scene.addObserver(for: .toggled, source: "light") { event in print("light", event["on"] ?? "") }
/// }
/// ```
///
/// It is the one place that turns errors into messages and exit codes (0 success, 1 bad input
/// or failure, 2 bad command line).
public enum KioskCommand {
    /// Runs the tool with the process's arguments and exits with its exit code.
    /// - Parameters:
    ///   - name: the program's name in usage lines, help, error messages and the runtime's
    ///     lines on stderr (`Log.program`; `kiosk` by default: the `kiosk` binary's own output).
    ///   - registry: the control types configs may use.
    ///   - customize: called with every scene `run` builds from the config, at start and on
    ///     every reload, before it is shown: add, replace or observe controls in code.
    public static func main(name: String = "kiosk", registry: ControlRegistry = .standard,
                            customize: ((Scene) -> Void)? = nil) -> Never {
        // A reader of our stdout going away (a closed pipe) must not kill the kiosk.
        signal(SIGPIPE, SIG_IGN)
        // The runtime's lines (`kiosk: ready`) name the program: an app's own name, not kiosk's.
        Log.program = name
        // The bytes of argv, not CommandLine.arguments: those are repaired to valid UTF-8,
        // which turns a file name in another encoding into a name that does not exist.
        let arguments = (1..<Int(CommandLine.argc)).map { i in
            FilePath(bytes: UnsafeBufferPointer(start: UnsafeRawPointer(CommandLine.unsafeArgv[i]!)
                .assumingMemoryBound(to: UInt8.self), count: strlen(CommandLine.unsafeArgv[i]!)))
        }
        exit(run(arguments, app: CommandLineApp(name: name, registry: registry, customize: customize)))
    }

    /// Runs the tool with `arguments` (without the program name) and returns its exit code,
    /// leaving the process running: for tests, and for an app that does more after it.
    /// - Parameters:
    ///   - arguments: the command line after the program's name (`["run", "--config", …]`).
    ///   - name: the program's name in messages and help.
    ///   - registry: the control types configs may use.
    ///   - customize: called with every scene `run` builds from the config, before it is shown.
    public static func main(arguments: [String], name: String = "kiosk", registry: ControlRegistry = .standard,
                            customize: ((Scene) -> Void)? = nil) -> Int32 {
        run(arguments.map { FilePath($0) }, app: CommandLineApp(name: name, registry: registry, customize: customize))
    }

    /// Runs the tool with `arguments` as the bytes of argv (without the program name).
    static func run(_ arguments: [FilePath], app: CommandLineApp) -> Int32 {
        let stderr = LineWriter.standardError
        var code: Int32
        do {
            code = try dispatch(arguments, app: app)
        } catch var error as UsageError {
            error.command = app.command(error.command)
            stderr.writeLine(error.description, priority: .error)
            return 2
        } catch {
            stderr.writeLine("\(app.name): \(error)", priority: .error)
            code = 1
        }
        // Output that did not arrive (stdout on a full disk, a closed pipe) is a failure too.
        if let failure = LineWriter.standardOutput.failure {
            stderr.writeLine("\(app.name): \(failure)", priority: .error)
            if code == 0 { code = 1 }
        }
        return code
    }

    static func dispatch(_ arguments: [FilePath], app: CommandLineApp) throws -> Int32 {
        let out = LineWriter.standardOutput
        func help(_ text: String) { out.writeLine(app.naming(text)) }
        guard let first = arguments.first else {
            help(HelpText.main)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        let wantsHelp = rest.contains("--help")
        switch first.description {
        case "--help", "-h", "help":
            help(HelpText.main)
            return 0
        case "--version":
            out.writeLine(app.versionLine(HelpText.version))
            return 0
        case "run":
            if wantsHelp { help(HelpText.run); return 0 }
            return try RunCommand(arguments: rest).execute(app: app)
        case "check":
            if wantsHelp { help(HelpText.check); return 0 }
            return try CheckCommand(arguments: rest).execute(registry: app.registry)
        case "calibrate":
            if wantsHelp { help(HelpText.calibrate); return 0 }
            return try CalibrateCommand(arguments: rest).execute(app: app)
        case "bench":
            if wantsHelp { help(HelpText.bench); return 0 }
            return try BenchCommand(arguments: rest).execute(registry: app.registry)
        case "ctl":
            if wantsHelp { help(HelpText.ctl); return 0 }
            return try ControlCommand(arguments: rest).execute()
        default:
            throw UsageError(command: "kiosk", message: "unknown command '\(first)'; commands: run, check, calibrate, bench, ctl")
        }
    }
}
