@preconcurrency import Glibc
import KioskCore
import KioskDevice
import KioskLoop

/// A Wayland client as `--backend wayland` and `auto` know it.
extension WaylandBackend {
    package static let backendDescription = BackendDescription(
        name: "wayland", helpName: "Wayland",
        helpTitle: "Wayland options (a client of cage, Weston's kiosk-shell, labwc or a desktop):",
        options: [
            CommandOption("windowed", .text, "WxH", help: ["a desktop window of that size instead of fullscreen; the",
                                                            "compositor may resize it and the layout follows"],
                          accepts: { WaylandOptions.parseSize($0) != nil }, expectation: "must look like 1280x720 (1…8192 a side)"),
        ],
        helpNotes: ["The compositor is WAYLAND_DISPLAY's. Touch and pointer come from its seat; the cursor",
                    "is hidden over the kiosk unless input.showCursor. Closing the window ends the run",
                    "(exit 0); a compositor that goes away or a protocol error ends it with exit 1."],
        autoRule: "wayland when WAYLAND_DISPLAY is set",
        probe: { _ in getenv("WAYLAND_DISPLAY") != nil || getenv("WAYLAND_SOCKET") != nil },
        make: { context in
            let clock = context.loop.clock
            let options = WaylandOptions(windowedSize: context.options["windowed"].flatMap(WaylandOptions.parseSize),
                                         fallbackSize: context.panelSize, showCursor: context.showCursor)
            return DisplayParts(backend: try WaylandBackend(options: options, now: { clock.now() }))
        })
}
