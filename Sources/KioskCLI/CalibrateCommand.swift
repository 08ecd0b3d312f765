import KioskControls
import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskBackend
import KioskService
import KioskDRM

/// `kiosk calibrate`: four targets, one touch each; the fitted matrix goes into the config's
/// `input.calibration`, the rest of the file untouched. On a device it uses the DRM display and
/// the touchscreen (or the framebuffer with `--backend fbdev`); headless it takes the touches from
/// a script (how it is tested).
struct CalibrateCommand {
    let configPath: FilePath
    let backend: BackendName
    let inputPath: FilePath?
    let screenshotPath: FilePath?
    let rotation: DisplayRotation?
    let size: (width: Int, height: Int)?
    /// The backends' options given (`--drm-device`, `--fb-device`, …), by name.
    let backendOptions: [String: String]
    /// `--list-outputs`: print DRM's connectors and exit.
    let listOutputs: Bool

    /// The backends it calibrates on: the devices, and headless for its tests.
    static let backends: [BackendName] = [.drm, .fbdev, .headless]
    /// Those backends' options (`DisplayChoice.backends`), each once.
    static let backendOptionTable = [CommandOption]()
        .adding(backends.compactMap(DisplayChoice.backend(named:)).flatMap(\.options))
    /// Everything `kiosk calibrate` takes.
    static let options = [
        CommandOption("config", .path), CommandOption("backend", .text), CommandOption("rotation", .text),
        CommandOption("size", .text), CommandOption("input", .path), CommandOption("screenshot", .path),
    ].adding(backendOptionTable)

    init(arguments: [FilePath]) throws(UsageError) {
        let command = "kiosk calibrate"
        let args = try ArgumentList(arguments, command: command, options: Self.options)
        // The config may be given as --config FILE or as the one positional argument.
        try args.expectPositionals(atMost: args.path("config") == nil ? 1 : 0)
        try args.refuseOverwriting(inputs: ["config", "input"], with: ["screenshot"])
        listOutputs = args.has("list-outputs")
        guard let config = args.path("config") ?? args.positionals.first ?? (listOutputs ? "" : nil) else {
            throw UsageError(command: command, message: "--config FILE is required")
        }
        configPath = config
        backend = try args.backend(allowed: Self.backends, fallback: .drm)
        inputPath = args.path("input")
        if backend == .headless && inputPath == nil {
            throw UsageError(command: command, message: "--backend headless needs --input TOUCHES.jsonl")
        }
        screenshotPath = args.path("screenshot")
        rotation = try args.rotation()
        size = try args.size("size")
        backendOptions = args.values(of: Self.backendOptionTable)
    }

    /// Runs the command; the config may use the app's control types.
    func execute(app: CommandLineApp) throws -> Int32 {
        if listOutputs { return try OutputList.print(drmDevice: backendOptions["drm-device"]) }
        let config = try KioskSetup.loadConfig(configPath, registry: app.registry)
        let rotation = self.rotation ?? config.display.rotation
        let theme = SceneBuilder.makeTheme(config)
        // The targets are laid out 1:1 on the upright screen (no design scaling), so they sit
        // exactly where the session expects them.
        var session: CalibrationSession?
        let scene = KioskRunner.SceneSource(designSize: nil) { screen in
            let made = CalibrationSession(screenSize: screen)
            session = made
            return CalibrationScene.make(session: made, theme: theme)
        }
        // Touches are taken raw: no calibration applies while calibrating.
        let intercept: (TouchEvent) -> Bool = { touch in session?.handle(raw: touch); return true }
        let panel: Size?
        if backend == .headless {
            let touches = try KioskSetup.loadTouchScript(inputPath!)
            let size = self.size ?? DisplaySettings.panelSize(designSize: config.display.designSize, rotation: rotation)
            let kiosk = HeadlessKiosk(scene: scene, panelWidth: size.width, panelHeight: size.height,
                                      rotation: rotation) { _ in }
            kiosk.touchInterceptor = intercept
            try kiosk.run(touches: touches)
            if let screenshotPath, let scanout = kiosk.scanout { try Screenshot.write(scanout, to: screenshotPath) }
            panel = Size(Double(size.width), Double(size.height))
        } else {
            let request = DisplayRequest(backend: backend, options: backendOptions)
            let runner = KioskRunner(display: { loop in try DisplayChoice.make(request, loop: loop) }, scene: scene,
                                     options: .init(rotation: rotation, clock: .monotonic)) { _ in }
            runner.touchInterceptor = intercept
            runner.shouldStop = { session?.isComplete == true }
            _ = try runner.run()
            panel = runner.backend?.output?.size
        }
        guard let session, let panel, let matrix = session.matrix(panel: panel, rotation: rotation) else {
            LineWriter.standardError.writeLine("\(app.command("kiosk calibrate")): not enough usable touches (four, not on one line); nothing written")
            return 1
        }
        try CalibrationScene.store(matrix, inConfigAt: configPath)
        let text = NumberFormat.matrix(matrix)
        LineWriter.standardOutput.writeLine("\(configPath): input.calibration = [\(text)]")
        return 0
    }
}
