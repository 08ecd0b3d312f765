import KioskBackend
import KioskCore
import KioskLoop

/// A display backend as the rest of the program knows it: its name, its options, whether
/// `auto` picks it on this machine, and how it is made. Each backend module describes itself
/// (`DRMBackend.backendDescription`, …); the ordered list of them is `DisplayChoice.backends`,
/// which the command line's parser, its `--help`, `auto`'s probe and the display's making all
/// read. A new backend is its module plus one entry there.
package struct BackendDescription: Sendable {
    /// What `--backend` takes: `drm`.
    package var name: String
    /// How `--help` names its options' section: `DRM` (its title reads "DRM options (…):").
    package var helpName: String
    /// The section's title in `kiosk run --help`: "DRM options (real display and touch):".
    package var helpTitle: String
    /// The options it reads (from ``BackendContext/options``), in the order `--help` lists
    /// them. An option several backends read (`--seat`) is one shared entry.
    package var options: [CommandOption]
    /// Lines `--help` prints below the options.
    package var helpNotes: [String]
    /// When `auto` picks it, as `--backend`'s help says it: "wayland when WAYLAND_DISPLAY is set".
    package var autoRule: String
    /// Whether `auto` picks it on this machine, asked in list order; nil: only when nothing
    /// before it was picked (the last resort).
    package var probe: (@Sendable ([String: String]) -> Bool)?
    /// Makes the display for the runner's loop.
    package var make: @Sendable (BackendContext) throws -> DisplayParts

    package init(name: String, helpName: String, helpTitle: String, options: [CommandOption], helpNotes: [String] = [],
                 autoRule: String, probe: (@Sendable ([String: String]) -> Bool)?,
                 make: @escaping @Sendable (BackendContext) throws -> DisplayParts) {
        self.name = name
        self.helpName = helpName
        self.helpTitle = helpTitle
        self.options = options
        self.helpNotes = helpNotes
        self.autoRule = autoRule
        self.probe = probe
        self.make = make
    }

    /// The options of every backend that owns a device and reads touch through libinput
    /// (DRM, the framebuffer): one entry each, shared.
    package static let deviceInputOptions: [CommandOption] = [
        CommandOption("input-device", .text, "PATHS", help: ["evdev nodes (comma-separated) instead of the udev seat"]),
        CommandOption("seat", .text, "NAME", help: ["the udev seat (default seat0)"]),
    ]
}

/// What the runtime hands a backend to make itself from: the loop, the command line's
/// options, what the config says about the display, and the device session and input it
/// builds for those backends that own a device.
package struct BackendContext {
    /// The loop the display runs in (its clock, its descriptors).
    package var loop: EventLoop
    /// The options given, by name without dashes; a flag's value is empty. Each backend reads
    /// its own (see ``BackendDescription/options``); their values were checked when parsed.
    package var options: [String: String]
    /// The panel the layout is written for, in its own orientation: the headless panel, and a
    /// Wayland surface's size until the compositor names one.
    package var panelSize: (width: Int, height: Int)
    /// `input.showCursor`: the pointer stays visible (where the display has one).
    package var showCursor: Bool
    /// The headless display's touch script (panel pixels, sorted by time).
    package var script: [TouchEvent]
    /// The headless display's keys and text, and touches besides `script` (sorted by time).
    package var scriptedInput: [InputEvent] = []
    /// The session of a kiosk that owns its devices (logind's, or the console's).
    package var deviceSession: () -> Session
    /// libinput on the seat (or the `--input-device` nodes) opened through `opener`, mapped
    /// onto the output's panel.
    package var input: (DeviceOpener) -> (OutputMode) throws -> InputSource
    /// The panel's backlight, nil when there is none to use (the renderer shades instead).
    package var backlight: (Session) -> Backlight?

    package init(loop: EventLoop, options: [String: String], panelSize: (width: Int, height: Int), showCursor: Bool,
                 script: [TouchEvent], deviceSession: @escaping () -> Session,
                 input: @escaping (DeviceOpener) -> (OutputMode) throws -> InputSource,
                 backlight: @escaping (Session) -> Backlight?) {
        self.loop = loop
        self.options = options
        self.panelSize = panelSize
        self.showCursor = showCursor
        self.script = script
        self.deviceSession = deviceSession
        self.input = input
        self.backlight = backlight
    }
}

/// What a backend's making hands the runner.
package struct DisplayParts {
    /// The display the frames go to.
    package var backend: DisplayBackend
    /// The VT or logind session, for backends that own a device (DRM, framebuffer).
    package var session: Session?
    /// Makes the input source for a panel size, for backends that do not deliver input.
    package var input: ((OutputMode) throws -> InputSource)?
    /// The panel's backlight, which dims and darkens the screen (DRM, framebuffer); nil:
    /// the renderer's shade does (Wayland, headless, panels without one).
    package var backlight: Backlight?

    /// A display of `backend`, with its session and, when the backend has no input of its own, a maker for the input source.
    package init(backend: DisplayBackend, session: Session? = nil, input: ((OutputMode) throws -> InputSource)? = nil,
                 backlight: Backlight? = nil) {
        self.backend = backend
        self.session = session
        self.input = input
        self.backlight = backlight
    }
}
