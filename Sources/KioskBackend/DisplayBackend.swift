import KioskCore
import KioskLoop

/// Where finished frames go: a DRM/KMS output, a Wayland surface, the Linux framebuffer, or
/// memory (headless). The renderer paints into a cached shadow buffer in panel orientation; a
/// backend copies only the damaged rectangles into whatever it scans out and shows them.
///
/// The seam follows wlroots' backend (`start`, `commit`, `destroy`, the backend announcing its
/// outputs and inputs) and Slint's linuxkms presenter (the backend registers its own descriptor
/// with the event loop and calls back when a frame is done). One runner drives every backend:
///
///     backend.start(loop:, events:)         descriptors registered; output known now or later
///     events.outputChanged(mode)            size/refresh/scale: re-layout, repaint everything
///     backend.present(frame, damage:, at:)  only after start and after each events.frameDone
///     events.frameDone(time)                the output took the frame: the next may come
///     events.input(event)                   backends that own their input (wl_seat, a script)
///     backend.pause() / resume()            session away and back (the runner repaints all)
///     backend.stop()                        the display as it was before start
///
/// Frames are paced by `frameDone` notifications, never by polling: a backend that cannot tell
/// when the output took a frame (an fbdev driver without `FBIO_WAITFORVSYNC`, the headless
/// virtual vblank) reports a deadline (`nextDeadline`) and completes the frame in `advance(to:)`.
/// Every built-in backend keeps these rules in one ``OutputPacer``; a backend of your own can
/// too. Backends read no clock: time arrives as a parameter, so the headless one is
/// deterministic.
public protocol DisplayBackend: AnyObject {
    /// For the log line after start: `drm /dev/dri/card0 Virtual-1 800x480@75 atomic`,
    /// `wayland wl_shm 1280x720 (fullscreen)`, `fbdev /dev/fb0 800x480 16 bpp`.
    var name: String { get }
    /// The output's mode; nil until the backend knows it (a Wayland surface before its first
    /// `configure`). Every change after start is also reported through `outputChanged`.
    var output: OutputMode? { get }
    /// True when the backend delivers input itself (Wayland's `wl_seat`, the headless script);
    /// false when the kiosk reads the seat's devices with libinput (DRM, framebuffer).
    var deliversInput: Bool { get }
    /// True when the output draws the pointer's cursor itself (a compositor's cursor, with
    /// `input.showCursor` on Wayland), so the runner must not draw one into the frame.
    var showsPointerCursor: Bool { get }
    /// Registers the backend's descriptors with `loop` and shows the output (a modeset, a
    /// surface). `events` receives everything the backend has to say from then on.
    func start(loop: EventLoop, events: BackendEvents) throws
    /// Copies `damage` (panel pixels) of `frame` to the output and shows it. Called only when
    /// the output can take a frame: after `start` (once `output` is known) and after each
    /// `frameDone`, never twice in between. `frameDone` follows every frame until `stop()`; one
    /// the output cannot show (paused, stopped, no surface yet) is dropped and done at once.
    func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant)
    /// When `advance(to:)` must be called even if no descriptor becomes ready: a timer-paced
    /// vertical blank, the next scripted touch. Nil when nothing is due.
    var nextDeadline: Instant? { get }
    /// Completes what is due at `time` (a timer-paced frame, scripted input).
    func advance(to time: Instant)
    /// The session went away (VT switch, logind pause): stop showing frames, give up the device.
    func pause()
    /// The session is back: take the device again. The runner repaints the whole frame next.
    func resume() throws
    /// At the end of a run, completes a frame still waiting for the output (headless: its
    /// virtual vertical blank), so that the last frame is what the output shows.
    func finishPendingFrame()
    /// Puts the display back as it was before `start` (the saved CRTC, the console). Idempotent.
    func stop()
    /// What the backend did so far, for the exit report.
    var statistics: PresentStatistics { get }
    /// The display's own power (DPMS, `FBIOBLANK`, no commits). The runner calls it only with
    /// no frame in flight, presents nothing while `.off`, and after `.on` presents a full
    /// frame, which the backend shows however it must (DRM: a full modeset). Dimming is the
    /// runner's (a backlight, or the renderer's shade); `.dimmed` is passed on for backends
    /// that want to know. The default does nothing: the black frame before `.off` is then
    /// all the screen shows.
    func setScreenPower(_ power: DisplayPower)
}

/// How the display should be powered, in words every backend understands.
public enum DisplayPower: Sendable, Equatable, CustomStringConvertible {
    /// Lit and showing frames.
    case on
    /// Lit, dimmed to this level (0…1 of full) by the backlight or the renderer's shade.
    case dimmed(Double)
    /// Dark: no frames, the output powered down where it can be.
    case off

    /// `on`, `dimmed 0.3`, `off`.
    public var description: String {
        switch self {
        case .on: "on"
        case .dimmed(let level): "dimmed \(level)"
        case .off: "off"
        }
    }
}

extension DisplayBackend {
    public var showsPointerCursor: Bool { false }
    public var nextDeadline: Instant? { nil }
    public func advance(to time: Instant) {}
    public func pause() {}
    public func resume() throws {}
    public func finishPendingFrame() {}
    public func setScreenPower(_ power: DisplayPower) {}
}

/// The output a backend drives.
public struct OutputMode: Sendable, Equatable, CustomStringConvertible {
    /// Buffer size in pixels, in the panel's own orientation.
    public var width: Int
    /// Buffer height in pixels, in the panel's own orientation.
    public var height: Int
    /// Time between two frames the output can show (a vertical blank, a compositor's repaint).
    public var refreshInterval: Duration
    /// Buffer pixels per logical pixel (`wl_output.scale`; 1 elsewhere).
    public var scale: Int

    /// A mode of `width` × `height` buffer pixels, refreshed every `refreshInterval` (60 Hz by default), at `scale` buffer pixels per logical pixel.
    public init(width: Int, height: Int, refreshInterval: Duration = OutputPacer.fallbackRefreshInterval, scale: Int = 1) {
        self.width = width
        self.height = height
        self.refreshInterval = refreshInterval
        self.scale = scale
    }

    /// The buffer size as a ``KioskCore/Size``, for geometry.
    public var size: Size { Size(Double(width), Double(height)) }

    /// `800x480@60`.
    public var description: String {
        let hz = refreshInterval.nanoseconds > 0 ? 1e9 / Double(refreshInterval.nanoseconds) : 0
        return "\(width)x\(height)@\(NumberFormat.rounded(hz, decimals: 2))" + (scale == 1 ? "" : " scale \(scale)")
    }
}

/// What a backend tells the runner, as callbacks: set once, before `start`.
public struct BackendEvents {
    /// The output took the last presented frame (a page flip, a frame callback, a vsync), at
    /// this time on the program's time line: the next frame may be presented.
    public var frameDone: (Instant) -> Void
    /// The output's size, refresh or scale changed (a Wayland `configure`, a new `wl_output`).
    public var outputChanged: (OutputMode) -> Void
    /// Input the backend owns, as neutral events in panel pixels.
    public var input: (InputEvent) -> Void
    /// The backend cannot go on: the compositor closed the window or went away, the device
    /// was lost. The runner stops; `BackendClosure.failed` makes the exit code non-zero.
    public var closed: (BackendClosure) -> Void

    /// Callbacks for a backend to call from the runner's loop; each runs on the main thread.
    public init(frameDone: @escaping (Instant) -> Void, outputChanged: @escaping (OutputMode) -> Void,
                input: @escaping (InputEvent) -> Void, closed: @escaping (BackendClosure) -> Void) {
        self.frameDone = frameDone
        self.outputChanged = outputChanged
        self.input = input
        self.closed = closed
    }
}

/// Why a backend ended the run.
public enum BackendClosure: Sendable, Equatable, CustomStringConvertible {
    /// Asked to (`xdg_toplevel.close`): a clean end, exit code 0.
    case requested(String)
    /// Something broke (a protocol error, the compositor gone): exit code 1, so systemd restarts.
    case failed(String)

    public var description: String {
        switch self {
        case .requested(let why), .failed(let why): return why
        }
    }
}

/// An input device set the runner reads besides the backend (libinput on DRM and fbdev).
public protocol InputSource: AnyObject {
    /// Registers the source's descriptors with `loop`; events go to `deliver`.
    func start(loop: EventLoop, deliver: @escaping (InputEvent) -> Void) throws
    /// The session went away: close the devices (their fingers are cancelled).
    func pause()
    /// The session is back: open them again.
    func resume() throws
}
