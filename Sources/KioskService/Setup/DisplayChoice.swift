import KioskBackend
import KioskConfig
import KioskControls
import KioskCore
import KioskDevice
import KioskDRM
import KioskFramebuffer
import KioskInput
import KioskLoop
import KioskWayland

/// A backend by the name `--backend` takes: `auto`, or one of ``DisplayChoice``'s backends.
public struct BackendName: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    /// `auto` or the name of one of the backends; nil for any other name.
    public init?(rawValue: String) {
        guard rawValue == "auto" || DisplayChoice.backends.contains(where: { $0.name == rawValue }) else { return nil }
        self.rawValue = rawValue
    }

    private init(known: String) { rawValue = known }

    /// Probes DRM, then Wayland, then the framebuffer, then falls back to headless.
    public static let auto = BackendName(known: "auto")
    /// DRM/KMS: the kiosk owns the display and the touchscreen.
    public static let drm = BackendName(known: "drm")
    /// A client of a Wayland compositor (cage, Weston's kiosk-shell, a desktop).
    public static let wayland = BackendName(known: "wayland")
    /// The Linux framebuffer (`/dev/fb0`), touch as for DRM.
    public static let fbdev = BackendName(known: "fbdev")
    /// No display: a buffer in memory, touches from a script, the virtual clock by default.
    public static let headless = BackendName(known: "headless")

    /// `auto` and then every backend, in the order `auto` tries them.
    public static var allCases: [BackendName] { [.auto] + DisplayChoice.backends.map { BackendName(known: $0.name) } }

    public var description: String { rawValue }
}

/// What the command line (or an app) says about the display and input; each backend reads its
/// part.
public struct DisplayRequest {
    /// Which backend to run on.
    public var backend: BackendName
    /// The backends' options as the command line gives them, by name without the dashes
    /// (`["drm-device": "/dev/dri/card1", "legacy": ""]`: a flag's value is empty). Each
    /// backend reads its own; `kiosk run --help` lists them, and Contracts.md's "Command line".
    /// A name no backend has, or a value the chosen one does not take, is a
    /// ``DisplayOptionError`` when the kiosk starts.
    public var options: [String: String]
    /// The headless panel, in its own orientation, and a Wayland surface's size until the
    /// compositor names one; nil: the panel the scene's layout is written for
    /// (``KioskConfig/DisplaySettings/panelSize(designSize:rotation:)``: the design size
    /// turned by the rotation, else 800x480).
    public var headlessSize: (width: Int, height: Int)?
    /// The headless backend's touch script (panel pixels, sorted by time).
    public var script: [TouchEvent]
    /// What the headless backend delivers besides `script`, sorted by time: a touch script's
    /// keys by name and text (`TouchScript.parseInput`), and touches.
    public var input: [InputEvent] = []
    /// The backlight that dims the screen on DRM and fbdev (`power.backlight`); nil: the
    /// first in `/sys/class/backlight`.
    public var backlight: String?
    /// `input.showCursor`: the pointer stays visible where the display has one (Wayland).
    package var showCursor = false
    /// A display of the app's own, written against the backend seam (`DisplayBackend`, see
    /// the SwiftKioskBackend product), made for the runner's loop; when set, `backend` and the
    /// options are not used. It delivers its own input (`deliversInput`), or the kiosk has none.
    public var custom: ((EventLoop) throws -> DisplayBackend)?

    /// A request for `backend` with the backends' `options` (by name, as on the command line).
    public init(backend: BackendName, options: [String: String] = [:], headlessSize: (width: Int, height: Int)? = nil,
                script: [TouchEvent] = []) {
        self.backend = backend
        self.options = options
        self.headlessSize = headlessSize
        self.script = script
    }
}

extension DisplayRequest {
    /// A display of the app's own (see `custom`): `Kiosk(designSize: …, display: .custom { loop in
    /// try MyDisplay(loop: loop) }) { … }`.
    public static func custom(_ make: @escaping (EventLoop) throws -> DisplayBackend) -> DisplayRequest {
        var request = DisplayRequest(backend: .auto)
        request.custom = make
        return request
    }
}

/// The one place that turns a request into a display: `kiosk run`, `kiosk calibrate` and
/// `kiosk bench` all come here, and the command line's options and `--help` read its list.
public enum DisplayChoice {
    /// Every backend, in the order `auto` tries them (each module describes itself). A new
    /// backend is a new module plus one entry here.
    package static let backends: [BackendDescription] = [
        DRMBackend.backendDescription,
        WaylandBackend.backendDescription,
        FramebufferBackend.backendDescription,
        HeadlessBackend.backendDescription,
    ]

    /// The backend named `name` (nil for `auto`).
    package static func backend(named name: BackendName) -> BackendDescription? {
        backends.first { $0.name == name.rawValue }
    }

    /// What `auto` means on this machine (a request with a `custom` display resolves to
    /// `auto`: none of these): the first of `backends` whose probe says yes (DRM
    /// when a card with a connected output can be opened and no compositor holds it, else
    /// Wayland when `WAYLAND_DISPLAY` is set, else the framebuffer when `/dev/fb0` (or
    /// `--fb-device`) opens as one), else headless.
    public static func resolve(_ request: DisplayRequest) -> BackendName {
        guard request.custom == nil else { return .auto }
        guard request.backend == .auto else { return request.backend }
        let chosen = backends.first { $0.probe?(request.options) ?? true } ?? HeadlessBackend.backendDescription
        return BackendName(rawValue: chosen.name) ?? .headless
    }

    /// Makes the display `request` names for the runner's loop (see `KioskRunner.Display`).
    package static func make(_ request: DisplayRequest, loop: EventLoop) throws -> KioskRunner.Display {
        if let custom = request.custom { return KioskRunner.Display(backend: try custom(loop)) }
        let chosen = backend(named: resolve(request)) ?? HeadlessBackend.backendDescription
        try check(request.options, for: chosen)
        // A request without a size comes from a caller that knows no scene (`Kiosk` fills in
        // its scene's): the default panel.
        let panel = request.headlessSize ?? DisplaySettings.panelSize(designSize: nil, rotation: .none)
        var context = BackendContext(loop: loop, options: request.options, panelSize: panel,
                                     showCursor: request.showCursor, script: request.script,
                                     deviceSession: { deviceSession(loop: loop) },
                                     input: { opener in libinput(request, opener: opener, loop: loop) },
                                     backlight: { session in backlight(request, session: session) })
        context.scriptedInput = request.input
        return try chosen.make(context)
    }

    /// Refuses an option no backend has, and a value the chosen backend does not accept: the
    /// command line checked both when parsing, an app's request is checked here. Options of
    /// the other backends are left alone (`kiosk run` passes every backend's it was given).
    package static func check(_ options: [String: String], for chosen: BackendDescription) throws(DisplayOptionError) {
        for (name, value) in options.sorted(by: { $0.key < $1.key }) {
            guard backends.contains(where: { $0.options.named(name) != nil }) else {
                let known = Set(backends.flatMap { $0.options.map(\.name) }).sorted().map { "--" + $0 }
                throw DisplayOptionError(message: "no backend has the option --\(name); they have \(known.joined(separator: ", "))")
            }
            guard let option = chosen.options.named(name) else { continue }
            if option.kind == .flag, !value.isEmpty {
                throw DisplayOptionError(message: "--\(name) takes no value, not '\(value)'")
            }
            if let accepts = option.accepts, !accepts(value) {
                throw DisplayOptionError(message: "--\(name) \(option.expectation), not '\(value)'")
            }
        }
    }

    /// The session of a kiosk that owns its devices: logind's when the process is in a session
    /// on a seat (no root, no groups), else the console's (direct opens, VT switching).
    static func deviceSession(loop: EventLoop) -> Session {
        let log = LineWriter.standardError
        if let logind = LogindSession.automatic(log: { log.log($0) }) as? LogindSession {
            return LogindSeatSession(logind, clockOrigin: loop.clock.origin)
        }
        return ConsoleSession { log.log($0, priority: $1) }
    }

    /// The panel's backlight, written through logind when sysfs is not writable. None is
    /// fine (the renderer shades); one that cannot be used is said once and the renderer
    /// shades too.
    static func backlight(_ request: DisplayRequest, session: Session) -> Backlight? {
        var writer: Backlight.SessionWriter?
        if let logind = (session as? LogindSeatSession)?.logind {
            writer = { name, value in try logind.setBrightness(backlight: name, to: value) }
        }
        do { return try Backlight.find(named: request.backlight, session: writer) } catch {
            LineWriter.standardError.log("backlight not used (\(error)); dimming by shading the frame")
            return nil
        }
    }

    /// libinput on the seat (or the `--input-device` nodes), mapped onto the output's panel.
    static func libinput(_ request: DisplayRequest, opener: DeviceOpener,
                         loop: EventLoop) -> (OutputMode) throws -> InputSource {
        { mode in
            let devices = request.options["input-device"].map { $0.split(separator: ",").map(String.init) } ?? []
            let seat = devices.isEmpty
                ? try LibinputSeat(seat: request.options["seat"] ?? "seat0", opener: opener, panelSize: mode.size,
                                   clockOrigin: loop.clock.origin)
                : try LibinputSeat(devicePaths: devices, opener: opener, panelSize: mode.size, clockOrigin: loop.clock.origin)
            return LibinputSource(seat: seat)
        }
    }
}
