import KioskControls
import KioskCore
import KioskRender
import KioskBackend
import KioskService
import KioskDRM
import KioskDevice
import KioskLoop
import KioskConfig
import KioskUI

/// `kiosk run`: loads the config, picks a backend (`DisplayChoice`) and runs the one runner
/// until done (headless, on the virtual clock) or until stopped (a device or a compositor).
struct RunCommand {
    let configPath: FilePath
    let backend: BackendName
    let size: (width: Int, height: Int)?
    let rotation: DisplayRotation?
    let inputPath: FilePath?
    let until: Instant?
    let screenshotPath: FilePath?
    /// `--events FILE`; nil (or `-`) is stdout.
    let eventsPath: FilePath?
    /// `--state FILE`: overrides the config's `state.file`.
    let statePath: FilePath?
    /// The backends' options given (`--drm-device`, `--windowed`, …), by name: each backend
    /// reads its own.
    let backendOptions: [String: String]
    /// `--list-outputs`: print DRM's connectors and exit.
    let listOutputs: Bool
    /// `--clock real|virtual`; nil: virtual when headless, real otherwise.
    let clock: KioskRunner.Clock?
    /// `--socket PATH`: the control socket, overriding the config's `ipc.socket`.
    let socketPath: FilePath?

    init(arguments: [FilePath]) throws(UsageError) {
        let command = "kiosk run"
        let args = try ArgumentList(arguments, command: command, options: Self.options)
        try args.expectPositionals(atMost: 0)
        try args.refuseOverwriting(inputs: ["config", "input"], with: ["events", "screenshot", "state"])
        listOutputs = args.has("list-outputs")
        backendOptions = args.values(of: Self.backendOptions)
        guard let config = args.path("config") ?? (listOutputs ? "" : nil) else {
            throw UsageError(command: command, message: "--config FILE is required")
        }
        configPath = config
        backend = try args.backend(allowed: BackendName.allCases, fallback: .auto)
        size = try args.size("size")
        rotation = try args.rotation()
        inputPath = args.path("input")
        until = try args.milliseconds("until", in: 0...TouchScript.maximumMilliseconds).map { Instant.milliseconds($0) }
        screenshotPath = args.path("screenshot")
        eventsPath = args.path("events")
        statePath = args.path("state")
        socketPath = args.path("socket")
        // The table accepts real and virtual only.
        clock = args.value("clock").map { $0 == "real" ? .monotonic : .virtual }
    }

    /// Runs the command: the config may use the app's control types, and the app's
    /// `customize` sees every scene built from it (at start and on every reload).
    func execute(app: CommandLineApp) throws -> Int32 {
        let registry = app.registry
        if listOutputs { return try OutputList.print(drmDevice: backendOptions["drm-device"]) }
        let config = try KioskSetup.loadConfig(configPath, registry: registry)
        // What `kiosk check` would warn about goes to the log once: the kiosk runs all the same.
        for line in config.warningLines { Log.write(line, priority: .warning) }
        let input = try inputPath.map { try KioskSetup.loadInputScript($0) } ?? []
        let events = try eventWriter()
        let rotation = self.rotation ?? config.display.rotation
        let panel = size ?? DisplaySettings.panelSize(designSize: config.display.designSize, rotation: rotation)
        var request = DisplayRequest(backend: backend, options: backendOptions, headlessSize: panel)
        request.input = input
        let kiosk = Kiosk(config: config, display: request, customize: app.customize)
        kiosk.rotation = rotation
        kiosk.until = until
        // The events' lines go out as a service's, the line each event's one for every service.
        kiosk.emit = { _ in }
        kiosk.services = [EventLineService(writer: events)]
        let headless = DisplayChoice.resolve(request) == .headless
        let clock = try effectiveClock(headless: headless)
        kiosk.clock = clock
        if let server = try controlServer(config: config, clock: clock) { kiosk.services.append(server) }
        let configPath = self.configPath
        kiosk.reloadSource = {
            KioskSetup.sceneSource(for: try KioskSetup.loadConfig(configPath, registry: registry),
                                   customize: app.customize)
        }
        // The config's path is relative to the config's directory, like its templates'.
        kiosk.stateFile = statePath ?? config.state.file.map { configPath.directory.appending($0) }
        kiosk.stateWriteInterval = .nanoseconds(Int64(config.state.debounceMilliseconds * 1_000_000))
        if let mqtt = config.mqtt, clock == .monotonic { kiosk.services.append(try MQTTService(settings: mqtt, configDirectory: configPath.directory)) }
        let code = try kiosk.run()
        if headless {
            let touches = input.compactMap(\.touchEvent).count
            try reportHeadless(kiosk, panel: panel, touches: touches, app: app)
        }
        return code != 0 ? code : exitCode(events: events, app: app)
    }

    /// The virtual clock exists only for the headless display; nil leaves the choice to `Kiosk`.
    private func effectiveClock(headless: Bool) throws(UsageError) -> KioskRunner.Clock {
        let clock = self.clock ?? (headless ? .virtual : .monotonic)
        if clock == .virtual && !headless {
            throw UsageError(command: "kiosk run", message: "--clock virtual needs --backend headless")
        }
        return clock
    }

    /// The control socket of `--socket` or the config's `ipc`. On the virtual clock there is
    /// none: time jumps and the run ends when nothing is due, so `--socket` is refused there
    /// and the config's `ipc` left alone (the same config serves tests and the device).
    private func controlServer(config: KioskConfiguration, clock: KioskRunner.Clock) throws(UsageError) -> ControlServer? {
        if clock == .virtual {
            guard socketPath == nil else {
                throw UsageError(command: "kiosk run", message: "--socket needs the real clock (--clock real with headless)")
            }
            return nil
        }
        guard let path = socketPath?.description ?? config.ipc?.socket else { return nil }
        return ControlServer(options: ControlServer.Options(
            path: path, group: config.ipc?.group,
            maximumClients: config.ipc?.maximumClients ?? ControlServer.Options.defaultMaximumClients))
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
    private func exitCode(events: LineWriter, app: CommandLineApp) -> Int32 {
        guard let failure = events.failure else { return 0 }
        LineWriter.standardError.writeLine("\(app.name): events: \(failure)", priority: .error)
        return 1
    }

    /// After a headless run on the virtual clock: its screenshot and its one-line summary.
    private func reportHeadless(_ kiosk: Kiosk, panel: (width: Int, height: Int), touches: Int,
                                app: CommandLineApp) throws {
        if let screenshotPath, let scanout = kiosk.scanout {
            try Screenshot.write(scanout, to: screenshotPath)
        }
        let stats = kiosk.runtime?.stats ?? RuntimeStats()
        var summary = "\(app.name): headless \(panel.width)x\(panel.height) rotation \(kiosk.rotation.degrees): "
            + "\(stats.framesRendered) frames, \(stats.eventsEmitted) events, \(touches) touches, "
            + "ended at \(NumberFormat.milliseconds(kiosk.now.milliseconds)) ms "
            + (kiosk.clock == .monotonic ? "real time" : "virtual time")
        if let screenshotPath { summary += "; screenshot \(screenshotPath)" }
        LineWriter.standardError.writeLine(summary)
    }
}
