@preconcurrency import Glibc
import KioskService

/// The `kiosk` tool: dispatches to a subcommand and is the one place that turns errors into
/// messages and exit codes (0 success, 1 bad input or failure, 2 bad command line).
public enum KioskCommand {
    public static func main() {
        // A reader of our stdout going away (a closed pipe) must not kill the kiosk.
        signal(SIGPIPE, SIG_IGN)
        exit(run(Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the tool with `arguments` (without the program name) and returns the exit code.
    public static func run(_ arguments: [String]) -> Int32 {
        let stderr = LineWriter.standardError
        do {
            return try dispatch(arguments)
        } catch let error as UsageError {
            stderr.writeLine("kiosk \(error.description)")
            return 2
        } catch {
            stderr.writeLine("kiosk: \(error)")
            return 1
        }
    }

    static func dispatch(_ arguments: [String]) throws -> Int32 {
        let out = LineWriter.standardOutput
        guard let first = arguments.first else {
            out.writeLine(HelpText.main)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "--help", "-h", "help":
            out.writeLine(HelpText.main)
            return 0
        case "--version":
            out.writeLine("kiosk \(HelpText.version)")
            return 0
        case "run":
            if rest.contains("--help") { out.writeLine(HelpText.run); return 0 }
            return try RunCommand(arguments: rest).execute()
        case "check":
            if rest.contains("--help") { out.writeLine(HelpText.check); return 0 }
            return try CheckCommand(arguments: rest).execute()
        case "calibrate":
            if rest.contains("--help") { out.writeLine(HelpText.calibrate); return 0 }
            return try CalibrateCommand(arguments: rest).execute()
        case "bench":
            if rest.contains("--help") { out.writeLine(HelpText.bench); return 0 }
            return try BenchCommand(arguments: rest).execute()
        default:
            throw UsageError(command: "kiosk", message: "unknown command '\(first)'; commands: run, check, calibrate, bench")
        }
    }
}
