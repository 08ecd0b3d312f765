import KioskControls
import KioskCore
import KioskConfig
import KioskService

/// `kiosk check FILE`: every problem of a config and its files in one run; warnings (the
/// config works) come before the OK line and do not change the exit status.
/// `kiosk check --fonts FILE`: the Debian font packages the config needs, one a line, whether
/// or not they are installed (what `scripts/install.sh` installs).
struct CheckCommand {
    let path: FilePath
    /// `--fonts`: list the font packages instead.
    let listsFonts: Bool

    /// Everything `kiosk check` takes (besides the file).
    static let options = [CommandOption("fonts", .flag)]

    init(arguments: [FilePath]) throws(UsageError) {
        let args = try ArgumentList(arguments, command: "kiosk check", options: Self.options)
        guard args.positionals.count == 1 else {
            throw UsageError(command: "kiosk check", message: "expects exactly one config file")
        }
        path = args.positionals[0]
        listsFonts = args.has("fonts")
    }

    /// Runs the command; the config may use the control types of `registry`.
    func execute(registry: ControlRegistry) throws -> Int32 {
        let out = LineWriter.standardOutput
        if listsFonts {
            // The fonts may not be there yet: any well-spelled icon name passes.
            do {
                let config = try KioskSetup.loadConfig(path, registry: registry,
                                                       fonts: InstalledFonts(icons: .unchecked, hasColorEmoji: true))
                for package in config.fontPackages { out.writeLine(package) }
                return 0
            } catch {
                for line in error.lines { out.writeLine(line) }
                return 1
            }
        }
        do {
            let config = try KioskSetup.loadConfig(path, registry: registry)
            for line in config.warningLines { out.writeLine(line) }
            let controls = config.screens.reduce(0) { $0 + $1.controls.count }
            out.writeLine("\(path): OK (\(config.screens.count) screens, \(controls) controls, "
                          + "\(config.panels.count) panels, \(config.popups.count) popups)")
            return 0
        } catch {
            // loadConfig throws only LoadError (typed throws), one problem per line.
            for line in error.lines { out.writeLine(line) }
            return 1
        }
    }
}
