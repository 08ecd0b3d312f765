import KioskCore
import KioskUI
import KioskConfig
import KioskRender
import KioskBackend
import KioskService
import KioskDRM

/// `kiosk calibrate`: four targets, one touch each; the fitted matrix goes into the config's
/// `input.calibration`, the rest of the file untouched. On a device it uses the DRM display and
/// the touchscreen; headless it takes the touches from a script (how it is tested).
struct CalibrateCommand {
    let configPath: FilePath
    let headless: Bool
    let inputPath: FilePath?
    let screenshotPath: FilePath?
    let rotation: DisplayRotation?
    let size: (width: Int, height: Int)?
    let drm: DRMOptions
    let inputDevices: [String]

    init(arguments: [FilePath]) throws(UsageError) {
        let command = "kiosk calibrate"
        let args = try ArgumentList(arguments, command: command,
                                    valueOptions: ["backend", "rotation", "size", "drm-device", "output", "mode",
                                                   "input-device"],
                                    pathOptions: ["config", "input", "screenshot"],
                                    flagOptions: ["legacy"])
        // The config may be given as --config FILE or as the one positional argument.
        try args.expectPositionals(atMost: args.path("config") == nil ? 1 : 0)
        try args.refuseOverwriting(inputs: ["config", "input"], with: ["screenshot"])
        guard let config = args.path("config") ?? args.positionals.first else {
            throw UsageError(command: command, message: "--config FILE is required")
        }
        configPath = config
        let backend = args.value("backend") ?? "drm"
        guard backend == "drm" || backend == "headless" else {
            throw UsageError(command: command, message: "--backend must be drm or headless, not '\(backend)'")
        }
        headless = backend == "headless"
        inputPath = args.path("input")
        if headless && inputPath == nil {
            throw UsageError(command: command, message: "--backend headless needs --input TOUCHES.jsonl")
        }
        screenshotPath = args.path("screenshot")
        rotation = try args.rotation()
        size = try args.size("size")
        drm = try args.drmOptions()
        inputDevices = args.inputDevices()
    }

    func execute() throws -> Int32 {
        let config = try KioskSetup.loadConfig(configPath)
        let rotation = self.rotation ?? config.display.rotation
        let theme = SceneBuilder.makeTheme(config)
        let matrix: [Double]?
        if headless {
            matrix = try calibrateHeadless(config: config, rotation: rotation, theme: theme)
        } else {
            matrix = try calibrateOnDevice(config: config, rotation: rotation, theme: theme)
        }
        guard let matrix else {
            LineWriter.standardError.writeLine("kiosk calibrate: not enough usable touches (four, not on one line); nothing written")
            return 1
        }
        try CalibrationScene.store(matrix, inConfigAt: configPath)
        let text = matrix.map { JSONWriter.format(($0 * 1e6).rounded() / 1e6) }.joined(separator: ", ")
        LineWriter.standardOutput.writeLine("\(configPath): input.calibration = [\(text)]")
        return 0
    }

    private func calibrateHeadless(config: KioskConfig, rotation: DisplayRotation, theme: Theme) throws -> [Double]? {
        let touches = try KioskSetup.loadTouchScript(inputPath!)
        let panel = size ?? KioskSetup.defaultPanelSize(for: config, rotation: rotation)
        let panelSize = Size(Double(panel.width), Double(panel.height))
        let session = CalibrationSession(screenSize: rotation.screenSize(forPanel: panelSize))
        let scene = CalibrationScene.make(session: session, theme: theme)
        let renderer = try SceneRenderer(designSize: session.screenSize, panelWidth: panel.width,
                                         panelHeight: panel.height, rotation: rotation)
        let backend = try HeadlessBackend(width: panel.width, height: panel.height)
        let runtime = KioskRuntime(scene: scene, renderer: renderer, backend: backend) { _ in }
        runtime.touchInterceptor = { session.handle(raw: $0); return true }
        HeadlessDriver(runtime: runtime, backend: backend).run(touches: touches)
        if let screenshotPath { try Screenshot.write(backend.scanout, to: screenshotPath) }
        return session.matrix(panel: panelSize, rotation: rotation)
    }

    private func calibrateOnDevice(config: KioskConfig, rotation: DisplayRotation, theme: Theme) throws -> [Double]? {
        var session: CalibrationSession?
        let runner = DeviceRunner(config: config, options: DeviceOptions(drm: drm, rotation: rotation,
                                                                         inputDevices: inputDevices)) { _ in }
        runner.makeScene = { screen in
            let s = CalibrationSession(screenSize: screen)
            session = s
            return (CalibrationScene.make(session: s, theme: theme), screen)
        }
        runner.touchInterceptor = { touch in session?.handle(raw: touch); return true }
        runner.shouldStop = { session?.isComplete == true }
        _ = try runner.run()
        guard let session, let panel = runner.panelSize else { return nil }
        return session.matrix(panel: panel, rotation: rotation)
    }
}
