import KioskCore
import KioskRender
import KioskBackend
import KioskService
import KioskDRM
import KioskDevice

/// `kiosk run`: loads the config, picks a backend and runs until done (headless) or until
/// stopped (devices).
struct RunCommand {
    enum BackendChoice: String { case auto, headless, drm, wayland }

    let configPath: FilePath
    let backend: BackendChoice
    let size: (width: Int, height: Int)?
    let rotation: DisplayRotation?
    let inputPath: FilePath?
    let until: Instant?
    let screenshotPath: FilePath?
    /// `--events FILE`; nil (or `-`) is stdout.
    let eventsPath: FilePath?
    // Devices
    let drm: DRMOptions
    let listOutputs: Bool
    let inputDevices: [String]
    let seat: String

    init(arguments: [FilePath]) throws(UsageError) {
        let command = "kiosk run"
        let args = try ArgumentList(arguments, command: command,
                                    valueOptions: ["backend", "size", "rotation", "until", "drm-device", "output",
                                                   "mode", "input-device", "seat"],
                                    pathOptions: ["config", "input", "screenshot", "events"],
                                    flagOptions: ["list-outputs", "legacy"])
        try args.expectPositionals(atMost: 0)
        try args.refuseOverwriting(inputs: ["config", "input"], with: ["events", "screenshot"])
        listOutputs = args.has("list-outputs")
        drm = try args.drmOptions()
        inputDevices = args.inputDevices()
        seat = args.value("seat") ?? "seat0"
        guard let config = args.path("config") ?? (listOutputs ? "" : nil) else {
            throw UsageError(command: command, message: "--config FILE is required")
        }
        configPath = config
        let backendName = args.value("backend") ?? "auto"
        guard let choice = BackendChoice(rawValue: backendName) else {
            throw UsageError(command: command, message: "--backend must be auto, headless, drm or wayland, not '\(backendName)'")
        }
        backend = choice
        size = try args.size("size")
        rotation = try args.rotation()
        inputPath = args.path("input")
        until = try args.milliseconds("until", in: 0...TouchScript.maximumMilliseconds).map { Instant.milliseconds($0) }
        screenshotPath = args.path("screenshot")
        eventsPath = args.path("events")
    }

    func execute() throws -> Int32 {
        if listOutputs { return try printOutputs() }
        switch backend {
        case .wayland:
            throw KioskSetup.LoadError(lines: [
                "kiosk run: the wayland backend is not part of this build yet; use --backend drm or headless",
            ])
        case .drm:
            return try runOnDevices()
        case .headless:
            return try runHeadless()
        case .auto:
            // DRM when a card with a connected output can be opened, else headless (the
            // Wayland backend is not part of this build).
            if (try? DRMBackend.listOutputs(devicePath: drm.devicePath, opener: DirectOpener()))?
                .outputs.contains(where: \.connected) == true {
                return try runOnDevices()
            }
            return try runHeadless()
        }
    }

    private func printOutputs() throws -> Int32 {
        let (device, outputs) = try DRMBackend.listOutputs(devicePath: drm.devicePath, opener: DirectOpener())
        let out = LineWriter.standardOutput
        out.writeLine(device)
        for o in outputs {
            out.writeLine("  \(o.name): \(o.connected ? "connected" : "disconnected")"
                          + (o.modes.isEmpty ? "" : "; modes " + o.modes.joined(separator: ", ")))
        }
        return 0
    }

    /// Where events go: `--events FILE`, or stdout for `-` and by default.
    private func eventWriter() throws -> LineWriter {
        switch eventsPath {
        case nil, "-": return .standardOutput
        case let path?: return try LineWriter(path: path)
        }
    }

    /// The exit code of a run that got to its end: 1 when events were lost (the reason goes
    /// to stderr; the run itself went on, so the screen stayed up).
    private func exitCode(events: LineWriter) -> Int32 {
        guard let failure = events.failure else { return 0 }
        LineWriter.standardError.writeLine("kiosk: events: \(failure)")
        return 1
    }

    private func runOnDevices() throws -> Int32 {
        let config = try KioskSetup.loadConfig(configPath)
        let events = try eventWriter()
        let options = DeviceOptions(drm: drm, rotation: rotation ?? config.display.rotation,
                                    inputDevices: inputDevices, seat: seat)
        let code = try DeviceRunner(config: config, options: options) { events.writeLine(EventEncoder.line($0)) }.run()
        return code != 0 ? code : exitCode(events: events)
    }

    private func runHeadless() throws -> Int32 {
        let config = try KioskSetup.loadConfig(configPath)
        let touches = try inputPath.map { try KioskSetup.loadTouchScript($0) } ?? []
        let events = try eventWriter()

        let rotation = self.rotation ?? config.display.rotation
        let panel = size ?? KioskSetup.defaultPanelSize(for: config, rotation: rotation)
        let kiosk = try KioskSetup.headless(config: config, panelWidth: panel.width, panelHeight: panel.height,
                                            rotation: rotation) { event in
            events.writeLine(EventEncoder.line(event))
        }
        kiosk.driver.run(touches: touches, until: until)

        if let screenshotPath {
            try Screenshot.write(kiosk.backend.scanout, to: screenshotPath)
        }
        let stats = kiosk.runtime.stats
        var summary = "kiosk: headless \(panel.width)x\(panel.height) rotation \(rotation.degrees): "
            + "\(stats.framesRendered) frames, \(stats.eventsEmitted) events, \(touches.count) touches, "
            + "ended at \(Instant.formatMilliseconds(kiosk.driver.now.milliseconds)) ms virtual time"
        if let screenshotPath { summary += "; screenshot \(screenshotPath)" }
        LineWriter.standardError.writeLine(summary)
        return exitCode(events: events)
    }
}
