import KioskCore
import KioskDevice
import KioskService

/// `kiosk run`'s option table: its own options in the sections `--help` prints them in, then
/// every backend's (``DisplayChoice/backends``). The parser and `kiosk run --help` read it; a
/// test holds Contracts.md's "Command line" to it.
extension RunCommand {
    /// The options of any run.
    static let generalOptions = [
        CommandOption("config", .path, "FILE", help: ["the kiosk's JSON config (required)"]),
        CommandOption("backend", .text, "NAME", help: BackendHelp.backendOption(DisplayChoice.backends)),
        CommandOption("size", .text, "WxH", help: [
            "the headless panel's size in its own orientation, and a Wayland",
            "surface's when the compositor names none (default: the config's",
            "display.designSize turned by the rotation, else 800x480)"]),
        CommandOption("rotation", .text, "DEG", help: [
            "0 | 90 | 180 | 270, overrides display.rotation in the config;",
            "turns rendering and touch together"]),
        CommandOption("state", .path, "FILE", help: [
            "keep control values and the screen in FILE across restarts",
            "(overrides state.file in the config): restored at start,",
            "written atomically on every commit and screen change, at most",
            "every state.debounce ms (500) while a finger drags, and at exit;",
            "a bad file is reported and ignored"]),
    ]

    /// The control socket's.
    static let socketOptions = [
        CommandOption("socket", .path, "PATH", help: [
            "serve the control socket at PATH (overrides the config's",
            "ipc.socket); not on the virtual clock"]),
    ]

    /// A headless run's: its clock, its touch script, its end and what it leaves behind.
    static let headlessOptions = [
        CommandOption("clock", .text, "real|virtual", help: [
            "virtual (default with headless): time jumps, the run ends when",
            "nothing is left to happen; real: the monotonic clock, until",
            "SIGTERM, SIGINT or --until (so the socket, the state file and",
            "MQTT can take part headless)"],
            accepts: { ["real", "virtual"].contains($0) }, expectation: "must be real or virtual"),
        CommandOption("input", .path, "FILE", help: [
            "touch script, JSON lines in panel coordinates:",
            "{\"t\": 0, \"type\": \"down\", \"id\": 0, \"x\": 137, \"y\": 115}",
            "and keys and text (typed into the focused field, or a scanner's scan):",
            "{\"t\": 500, \"type\": \"key\", \"key\": \"Return\"}",
            "{\"t\": 600, \"type\": \"text\", \"text\": \"K7QX2M\", \"device\": \"ticket\"}"]),
        CommandOption("until", .text, "MS", help: [
            "stop at this time, 0…1000000000 ms (default: when the script is",
            "over and nothing moves any more; on the real clock: SIGTERM)"]),
        CommandOption("screenshot", .path, "OUT.png", help: ["write the final framebuffer as scanned out (panel orientation)"]),
        CommandOption("events", .path, "OUT|-", help: ["where to write events as JSON lines (default: stdout)"]),
    ]

    /// Everything `kiosk run` takes, each option once.
    static let options = (generalOptions + socketOptions + headlessOptions)
        .adding(DisplayChoice.backends.flatMap(\.options))

    /// The backends' options of `options`: what goes to the display request.
    static let backendOptions = [CommandOption]().adding(DisplayChoice.backends.flatMap(\.options))

    /// `kiosk run --help`, from the table.
    static var help: String {
        var lines = ["Usage: kiosk run --config FILE [options]", "", "Options:"]
        lines += generalOptions.flatMap(\.helpLines)
        lines += ["", "Control socket (see 'kiosk ctl --help' and Documentation/Contracts.md):"]
        lines += socketOptions.flatMap(\.helpLines)
        lines += ["SIGHUP (systemctl reload) or 'kiosk ctl reload' re-reads the config and its templates:",
                  "a bad one is reported and changes nothing; a good one replaces the scene, keeping the",
                  "values of the controls that still exist and the current screen.", ""]
        lines += ["Headless options (virtual clock unless --clock real; same inputs give the same events",
                  "and pixels):"]
        lines += headlessOptions.flatMap(\.helpLines)
        lines += BackendHelp.sections(DisplayChoice.backends)
        lines += ["", "A short summary (frames rendered, events emitted) goes to stderr. Events that cannot be",
                  "written (a full disk, a closed pipe) are reported at once; the run goes on and exits 1."]
        return lines.joined(separator: "\n")
    }
}
