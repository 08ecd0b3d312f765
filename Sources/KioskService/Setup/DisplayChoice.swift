import KioskBackend
import KioskConfig
import KioskCore
import KioskDevice
import KioskDRM
import KioskFramebuffer
import KioskInput
import KioskLoop
import KioskWayland
@preconcurrency import Glibc

/// The backends a kiosk can run on, by the name `--backend` takes.
public enum BackendName: String, CaseIterable, Sendable {
    /// `auto` probes DRM, then Wayland, then the framebuffer, then falls back to headless; the others name one backend.
    case auto, drm, wayland, fbdev, headless
}

/// Everything the command line says about the display and input; each backend takes its part.
public struct DisplayRequest {
    /// Which backend to run on.
    public var backend: BackendName
    /// DRM/KMS settings: the card, the connector, the mode.
    public var drm: DRMOptions
    /// Evdev nodes for libinput's path backend; empty: the udev seat with hot-plug.
    public var inputDevices: [String]
    /// The logind seat whose devices the kiosk uses (`--seat`; default `seat0`).
    public var seat: String
    /// `--fb-device`: the framebuffer for `fbdev` (and for `auto`'s probe); nil: /dev/fb0.
    public var framebufferDevice: String?
    /// The headless panel, in its own orientation; nil: the panel the scene's layout is
    /// written for (``KioskConfig/DisplaySettings/panelSize(designSize:rotation:)``: the design
    /// size turned by the rotation, else 800x480).
    public var headlessSize: (width: Int, height: Int)?
    /// The headless backend's touch script (panel pixels, sorted by time).
    public var script: [TouchEvent]
    /// A Wayland window's size and cursor (`--windowed`, `input.showCursor`).
    public var wayland: WaylandOptions
    /// The backlight that dims the screen on DRM and fbdev (`power.backlight`); nil: the
    /// first in `/sys/class/backlight`.
    public var backlight: String?
    /// A display of the app's own, written against the backend seam (`DisplayBackend`, see
    /// the SwiftKioskBackend product), made for the runner's loop; when set, `backend` and the
    /// other backends' options are not used. It delivers its own input (`deliversInput`), or
    /// the kiosk has none.
    public var custom: ((EventLoop) throws -> DisplayBackend)?

    /// A request for `backend`; each default is what the command line means when the option is absent.
    public init(backend: BackendName, drm: DRMOptions = DRMOptions(), inputDevices: [String] = [], seat: String = "seat0",
                framebufferDevice: String? = nil, headlessSize: (width: Int, height: Int)? = nil,
                script: [TouchEvent] = [], wayland: WaylandOptions = WaylandOptions()) {
        self.backend = backend
        self.drm = drm
        self.inputDevices = inputDevices
        self.seat = seat
        self.framebufferDevice = framebufferDevice
        self.headlessSize = headlessSize
        self.script = script
        self.wayland = wayland
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
/// `kiosk bench` all come here. A new backend is a new module plus one case below.
public enum DisplayChoice {
    /// What `auto` means on this machine (a request with a `custom` display resolves to
    /// `auto`: none of these): DRM when a card with a connected output can be
    /// opened, else Wayland when `WAYLAND_DISPLAY` is set, else the framebuffer when `/dev/fb0`
    /// (or `--fb-device`) opens as one, else headless. Under a compositor that holds the card
    /// (cage, Weston, a desktop session) the card opens but is not free, and the compositor is
    /// the display.
    public static func resolve(_ request: DisplayRequest) -> BackendName {
        guard request.custom == nil else { return .auto }
        guard request.backend == .auto else { return request.backend }
        let underCompositor = getenv("WAYLAND_DISPLAY") != nil || getenv("WAYLAND_SOCKET") != nil
        let cardConnected = (try? DRMBackend.listOutputs(devicePath: request.drm.devicePath, opener: DirectOpener()))?
            .outputs.contains(where: \.connected) == true
        if cardConnected && (!underCompositor || DRMBackend.displayIsFree(devicePath: request.drm.devicePath,
                                                                          opener: DirectOpener())) {
            return .drm
        }
        if underCompositor { return .wayland }
        if FramebufferBackend.isFramebuffer(request.framebufferDevice ?? FramebufferBackend.defaultDevice) {
            return .fbdev
        }
        return .headless
    }

    /// Makes the display `request` names for the runner's loop (see `KioskRunner.Display`).
    package static func make(_ request: DisplayRequest, loop: EventLoop) throws -> KioskRunner.Display {
        if let custom = request.custom { return KioskRunner.Display(backend: try custom(loop)) }
        switch resolve(request) {
        case .drm:
            let session = deviceSession(loop: loop)
            let backend = try DRMBackend(options: request.drm, opener: session.opener, clockOrigin: loop.clock.origin,
                                         now: { loop.clock.now() }, startPaused: !session.isActive)
            return KioskRunner.Display(backend: backend, session: session,
                                       input: libinput(request, opener: session.opener, loop: loop),
                                       backlight: backlight(request, session: session))
        case .fbdev:
            let session = deviceSession(loop: loop)
            // Opened directly even in a logind session: TakeDevice hands out DRM and input
            // nodes only (framebuffers are refused with ENODEV), so access is root or group video.
            let backend = try FramebufferBackend(devicePath: request.framebufferDevice ?? FramebufferBackend.defaultDevice,
                                                 opener: DirectOpener(), now: { loop.clock.now() })
            return KioskRunner.Display(backend: backend, session: session,
                                       input: libinput(request, opener: session.opener, loop: loop),
                                       backlight: backlight(request, session: session))
        case .headless, .auto:
            // A request without a size comes from a caller that knows no scene (`Kiosk` fills
            // in its scene's): the default panel.
            let size = request.headlessSize ?? DisplaySettings.panelSize(designSize: nil, rotation: .none)
            return KioskRunner.Display(backend: try HeadlessBackend(width: size.width, height: size.height,
                                                                    script: request.script))
        case .wayland:
            let backend = try WaylandBackend(options: request.wayland, now: { loop.clock.now() })
            return KioskRunner.Display(backend: backend)
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
            let seat = request.inputDevices.isEmpty
                ? try LibinputSeat(seat: request.seat, opener: opener, panelSize: mode.size, clockOrigin: loop.clock.origin)
                : try LibinputSeat(devicePaths: request.inputDevices, opener: opener, panelSize: mode.size,
                                   clockOrigin: loop.clock.origin)
            return LibinputSource(seat: seat)
        }
    }
}
