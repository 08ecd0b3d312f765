import KioskCore
import KioskRender
import KioskService

/// `kiosk run`: loads the config, picks a backend and runs until done (headless) or until
/// stopped (devices).
struct RunCommand {
    enum BackendChoice: String { case auto, headless, drm, wayland }

    let configPath: String
    let backend: BackendChoice
    let size: (width: Int, height: Int)?
    let rotation: DisplayRotation?
    let inputPath: String?
    let until: Instant?
    let screenshotPath: String?
    let eventsPath: String?

    init(arguments: [String]) throws(UsageError) {
        let command = "kiosk run"
        let args = try ArgumentList(arguments, command: command,
                                    valueOptions: ["config", "backend", "size", "rotation", "input", "until",
                                                   "screenshot", "events"],
                                    flagOptions: [])
        if let extra = args.positionals.first {
            throw UsageError(command: command, message: "unexpected argument '\(extra)'")
        }
        guard let config = args.value("config") else {
            throw UsageError(command: command, message: "--config FILE is required")
        }
        configPath = config
        let backendName = args.value("backend") ?? "auto"
        guard let choice = BackendChoice(rawValue: backendName) else {
            throw UsageError(command: command, message: "--backend must be auto, headless, drm or wayland, not '\(backendName)'")
        }
        backend = choice
        size = try args.size("size")
        if let degrees = try args.integer("rotation") {
            guard let r = DisplayRotation(degrees: degrees) else {
                throw UsageError(command: command, message: "--rotation must be 0, 90, 180 or 270, not \(degrees)")
            }
            rotation = r
        } else {
            rotation = nil
        }
        inputPath = args.value("input")
        until = try args.number("until").map { Instant.milliseconds($0) }
        screenshotPath = args.value("screenshot")
        eventsPath = args.value("events")
    }

    func execute() throws -> Int32 {
        switch backend {
        case .drm, .wayland:
            throw KioskSetup.LoadError(lines: [
                "kiosk run: the \(backend.rawValue) backend is not part of this build yet; use --backend headless",
            ])
        case .auto, .headless:
            return try runHeadless()
        }
    }

    private func runHeadless() throws -> Int32 {
        let config = try KioskSetup.loadConfig(configPath)
        let touches = try inputPath.map { try KioskSetup.loadTouchScript($0) } ?? []
        let events: LineWriter
        switch eventsPath {
        case nil, "-": events = .standardOutput
        case let path?: events = try LineWriter(path: path)
        }

        let rotation = self.rotation ?? config.display.rotation
        let panel = size ?? KioskSetup.defaultPanelSize(for: config, rotation: rotation)
        let kiosk = try KioskSetup.headless(config: config, panelWidth: panel.width, panelHeight: panel.height,
                                            rotation: rotation) { event in
            events.writeLine(EventEncoder.line(event))
        }
        kiosk.driver.run(touches: touches, until: until)

        if let screenshotPath {
            try PNGImage.write(kiosk.backend.scanout, to: screenshotPath)
        }
        let stats = kiosk.runtime.stats
        var summary = "kiosk: headless \(panel.width)x\(panel.height) rotation \(rotation.degrees): "
            + "\(stats.framesRendered) frames, \(stats.eventsEmitted) events, \(touches.count) touches, "
            + "ended at \(Instant.formatMilliseconds(kiosk.driver.now.milliseconds)) ms virtual time"
        if let screenshotPath { summary += "; screenshot \(screenshotPath)" }
        LineWriter.standardError.writeLine(summary)
        return 0
    }
}
