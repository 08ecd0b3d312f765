import KioskCore
import KioskDevice
import KioskLoop

/// The Linux framebuffer as `--backend fbdev` and `auto` know it.
extension FramebufferBackend {
    package static let backendDescription = BackendDescription(
        name: "fbdev", helpName: "Framebuffer", helpTitle: "Framebuffer options (Linux fbdev; 16, 24 or 32 bpp; touch as for DRM):",
        options: [
            CommandOption("fb-device", .text, "PATH", help: ["the framebuffer, e.g. /dev/fb1 (default /dev/fb0)"]),
        ] + BackendDescription.deviceInputOptions,
        helpNotes: ["On a device the kiosk runs until SIGTERM or SIGINT and then puts the display back."],
        autoRule: "fbdev when /dev/fb0 is a framebuffer",
        probe: { options in isFramebuffer(options["fb-device"] ?? defaultDevice) },
        make: { context in
            let session = context.deviceSession()
            let clock = context.loop.clock
            // Opened directly even in a logind session: TakeDevice hands out DRM and input
            // nodes only (framebuffers are refused with ENODEV), so access is root or group video.
            let backend = try FramebufferBackend(devicePath: context.options["fb-device"] ?? defaultDevice,
                                                 opener: DirectOpener(), now: { clock.now() })
            return DisplayParts(backend: backend, session: session, input: context.input(session.opener),
                                backlight: context.backlight(session))
        })
}
