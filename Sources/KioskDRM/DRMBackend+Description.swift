import KioskCore
import KioskDevice
import KioskLoop
@preconcurrency import Glibc

/// DRM/KMS as `--backend drm` and `auto` know it: its options, its probe and its making.
extension DRMBackend {
    package static let backendDescription = BackendDescription(
        name: "drm", helpName: "DRM", helpTitle: "DRM options (real display and touch):",
        options: [
            CommandOption("drm-device", .text, "PATH", help: ["the card, e.g. /dev/dri/card0 (default: the first with a",
                                                                "connected output)"]),
            CommandOption("output", .text, "NAME", help: ["the connector, e.g. HDMI-A-1 (default: the first connected)"]),
            CommandOption("mode", .text, "WxH[@Hz]", help: ["the mode (default: the output's preferred one)"],
                          accepts: { (try? DRMOptions.parseMode($0)) != nil },
                          expectation: "must look like 800x480 or 1920x1080@60"),
            CommandOption("legacy", .flag, help: ["use legacy modesetting even where atomic works"]),
            listOutputsOption,
        ] + BackendDescription.deviceInputOptions,
        autoRule: "drm when a card with a connected output can be opened and no compositor holds it",
        probe: { options in
            // Under a compositor that holds the card (cage, Weston, a desktop session) the card
            // opens but is not free, and the compositor is the display.
            let path = options["drm-device"]
            let underCompositor = getenv("WAYLAND_DISPLAY") != nil || getenv("WAYLAND_SOCKET") != nil
            let connected = (try? listOutputs(devicePath: path, opener: DirectOpener()))?.outputs.contains(where: \.connected) == true
            return connected && (!underCompositor || displayIsFree(devicePath: path, opener: DirectOpener()))
        },
        make: { context in
            let session = context.deviceSession()
            let clock = context.loop.clock
            let backend = try DRMBackend(options: DRMOptions(context.options), opener: session.opener,
                                         clockOrigin: clock.origin, now: { clock.now() }, startPaused: !session.isActive)
            return DisplayParts(backend: backend, session: session, input: context.input(session.opener),
                                backlight: context.backlight(session))
        })

    /// `--list-outputs`: an action of the commands (they print the outputs and exit), listed
    /// with DRM's options because it lists DRM's connectors.
    package static let listOutputsOption = CommandOption(
        "list-outputs", .flag, help: ["print the connectors, their status and modes, then exit"])
}

extension DRMOptions {
    /// The options `--drm-device`, `--output`, `--mode` and `--legacy` give (checked when parsed).
    package init(_ options: [String: String]) {
        self.init(devicePath: options["drm-device"], output: options["output"],
                  mode: options["mode"].flatMap { try? Self.parseMode($0) }, forceLegacy: options["legacy"] != nil)
    }
}
