@preconcurrency import Glibc
import KioskBackend
import KioskConfig
import KioskControls
import KioskCore
import KioskUI

/// A kiosk app: a scene (built in code, from a config, or both) on a display, until it stops.
///
/// The few lines from `main.swift` to a running kiosk:
///
/// ```swift
/// import SwiftKiosk
///
/// let kiosk = Kiosk(designSize: Size(800, 480)) { size in
///     let volume = CircularSlider(id: "volume", frame: Rect(300, 140, 200, 200), theme: .standard, angle: 90)
///     volume.addObserver(for: .valueCommitted) { event in print("volume", event["angle"] ?? "") }
///     return Scene(designSize: size, screens: [Screen(id: "main", controls: [volume])])
/// }
/// kiosk.main()
/// ```
///
/// `display` chooses the backend (`.auto`: DRM, else Wayland, else the framebuffer, else
/// headless); the loop, signals, sessions, pacing and readiness are `KioskRunner`'s. Every
/// event goes to `emit` first (by default the documented JSON line on stdout), then to the
/// observers of the control that sent it, then to the scene's. `kiosk run` is this type with
/// the command line's options.
///
/// Headless, the run is on the virtual clock unless `clock` says otherwise: it plays the
/// display's touch script and ends when nothing is left to happen. A headless display given
/// no size is the panel the layout is written for: the design size turned by `rotation`
/// (800x480 for a layout in screen pixels).
public final class Kiosk {
    /// Which display, and its options (`--backend`, `--drm-device`, `--windowed`, …).
    public var display: DisplayRequest
    /// How the panel is mounted: turns pixels and touch together.
    public var rotation: DisplayRotation
    /// libinput's calibration matrix for the touchscreen, applied before the rotation.
    public var calibration: AffineTransform
    /// Draws an arrow where a mouse points (touch screens show none).
    public var showsCursor: Bool
    /// nil: the virtual clock when the display is headless, the monotonic clock otherwise.
    package var clock: KioskRunner.Clock?
    /// Ends the run at this time (virtual or monotonic); nil: until stopped.
    public var until: Instant?
    /// Every control event, in order, each one before the observers of its control and of
    /// the scene see it (``KioskUI/Scene/dispatchEvents(to:)``).
    public var emit: (ControlEvent) -> Void
    /// Sees every raw touch first; returning true consumes it (calibration does).
    public var touchInterceptor: ((TouchEvent) -> Bool)?
    /// Called after every presented frame with its time.
    public var onFramePresented: ((Instant) -> Void)?
    /// Where the values and the screen are kept across restarts (`state.file`, `--state`);
    /// nil: nowhere. See `StateKeeper`.
    public var stateFile: FilePath?
    /// How long a dragged value waits to be written to `stateFile`.
    public var stateWriteInterval = StateKeeper.defaultInterval
    /// What runs in the loop beside the display: the control socket (`ControlServer`), …
    package var services: [RunnerService] = []
    /// When the screen dims and goes off (the config's `power`); never by default.
    package var power = ScreenPower.Settings.alwaysOn
    /// What the decoded images may take, in bytes (the config's `images.cacheMB`; 32 MiB).
    public var imageCacheBytes = 32 << 20
    /// Where SIGHUP and the socket's `reload` get a new scene (see `KioskRunner.reloadSource`).
    package var reloadSource: (() throws -> KioskRunner.SceneSource)?

    private let sceneSource: KioskRunner.SceneSource
    /// The runner of the current or last run.
    package private(set) var runner: KioskRunner?

    /// A kiosk around `scene`.
    /// - Parameters:
    ///   - scene: the size the layout is written for (nil: the upright screen's own pixels)
    ///     and how to build the scene once the screen's size is known.
    ///   - display: the backend; `.auto` by default. Headless without a size, the panel is
    ///     the scene's design size turned by `rotation`.
    ///   - rotation: how the panel is mounted.
    ///   - calibration: libinput's calibration matrix for the touchscreen.
    ///   - showsCursor: whether a mouse shows an arrow.
    package init(scene: KioskRunner.SceneSource, display: DisplayRequest = DisplayRequest(backend: .auto),
                rotation: DisplayRotation = .none, calibration: AffineTransform = .identity, showsCursor: Bool = false) {
        sceneSource = scene
        self.display = display
        self.rotation = rotation
        self.calibration = calibration
        self.showsCursor = showsCursor
        emit = Kiosk.printEvent
    }

    /// A kiosk whose scene is built in code by `makeScene`, given the size it is laid out in
    /// (`designSize`, or the screen's own when nil).
    public convenience init(designSize: Size?, display: DisplayRequest = DisplayRequest(backend: .auto),
                            makeScene: @escaping (Size) -> Scene) {
        self.init(scene: KioskRunner.SceneSource(designSize: designSize, make: makeScene), display: display)
    }

    /// A kiosk described by `config` (its rotation, calibration and cursor setting included),
    /// with `customize` run on every scene built from it: add, replace or observe controls in
    /// code.
    /// - Parameters:
    ///   - config: a checked config (``KioskSetup/loadConfig(_:registry:)``).
    ///   - display: the backend; `.auto` by default. Headless without a size, the panel is the
    ///     config's (``KioskConfig/DisplaySettings/panelSize``).
    ///   - customize: called with every scene built from the config, before it is shown.
    public convenience init(config: KioskConfiguration, display: DisplayRequest = DisplayRequest(backend: .auto),
                            customize: ((Scene) -> Void)? = nil) {
        var request = display
        request.backlight = config.power.backlight
        self.init(scene: KioskSetup.sceneSource(for: config, customize: customize), display: request,
                  rotation: config.display.rotation, calibration: config.input.calibrationTransform,
                  showsCursor: config.input.showCursor)
        power = ScreenPower.Settings(config.power)
        imageCacheBytes = config.images.cacheBytes
    }

    /// Runs until the end (headless on the virtual clock), `until`, SIGTERM or SIGINT, or the
    /// display closing. Returns the exit code: 0, or 1 when the display failed or the session
    /// was lost. Throws what stops it from starting (no display, a device in use).
    public func run() throws -> Int32 { try makeRunner().run() }

    /// The runner for the next run, with this kiosk's settings (it becomes `runner`).
    func makeRunner() -> KioskRunner {
        var display = self.display
        if display.headlessSize == nil {
            // The layout 1:1 on the upright screen, as `kiosk run` does without --size.
            display.headlessSize = DisplaySettings.panelSize(designSize: sceneSource.designSize, rotation: rotation)
        }
        display.showCursor = showsCursor
        let headless = DisplayChoice.resolve(display) == .headless
        var options = KioskRunner.Options(rotation: rotation, calibration: calibration, showCursor: showsCursor,
                                          clock: clock ?? (headless ? .virtual : .monotonic), until: until,
                                          power: power)
        options.imageCacheBytes = imageCacheBytes
        let runner = KioskRunner(display: { loop in try DisplayChoice.make(display, loop: loop) },
                                 scene: sceneSource, options: options, emit: emit)
        runner.touchInterceptor = touchInterceptor
        runner.onFramePresented = onFramePresented
        runner.stateKeeper = stateFile.map { StateKeeper(path: $0, interval: stateWriteInterval) }
        runner.services = services
        runner.reloadSource = reloadSource
        self.runner = runner
        return runner
    }

    /// Runs (see ``run()``) and ends the process with its exit code: what an app's
    /// `main.swift` calls last. A display that cannot be started is reported on stderr
    /// (`kiosk: …`) and exits 1.
    public func main() -> Never {
        do {
            exit(try run())
        } catch {
            LineWriter.standardError.log("\(error)", priority: .error)
            exit(1)
        }
    }

    /// The pipeline of the current or last run (nil before the screen's size was known).
    package var runtime: SceneRuntime? { runner?.runtime }
    /// The time of the last pass of the loop (virtual time on the virtual clock).
    public var now: Instant { runner?.now ?? .zero }
    /// What the panel shows after a headless run (nil on other backends).
    public var scanout: PixelBuffer? { (runner?.backend as? HeadlessBackend)?.scanout }

    /// The default `emit`: the event as its JSON line on stdout.
    public static func printEvent(_ event: ControlEvent) { LineWriter.standardOutput.writeLine(event.jsonLine) }
}
