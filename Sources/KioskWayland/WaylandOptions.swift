/// What the command line and the config say about a Wayland kiosk.
package struct WaylandOptions: Sendable {
    /// `--windowed WxH`: an ordinary desktop window of that logical size (the compositor may
    /// resize it); nil: a fullscreen `xdg_toplevel`.
    package var windowedSize: (width: Int, height: Int)?
    /// The size a fullscreen surface takes when the compositor leaves it to the client (0x0
    /// configure) and names no output size: `--size`, or the config's design size.
    package var fallbackSize: (width: Int, height: Int)
    /// `input.showCursor`: leave the compositor's cursor over the kiosk (a themed arrow)
    /// instead of hiding it.
    package var showCursor: Bool
    /// The compositor's socket; nil: the environment's (`WAYLAND_DISPLAY`, `WAYLAND_SOCKET`).
    package var displayName: String?
    /// `xdg_toplevel.set_app_id`: what a desktop groups the window by, and what compositor
    /// rules match (labwc's window rules, sway's `app_id`).
    package var appID: String

    /// Options with the defaults of each field: full screen, no cursor, app id `swiftkiosk`.
    /// - Parameters:
    ///   - windowedSize: ``windowedSize``: a window of this size instead of full screen.
    ///   - fallbackSize: ``fallbackSize``: the size until the compositor names one.
    ///   - showCursor: ``showCursor``: the compositor's pointer stays visible over the kiosk.
    ///   - displayName: ``displayName``: the compositor's socket, or nil for `WAYLAND_DISPLAY`.
    ///   - appID: ``appID``: what compositor rules match the window by.
    package init(windowedSize: (width: Int, height: Int)? = nil, fallbackSize: (width: Int, height: Int) = (800, 480),
                showCursor: Bool = false, displayName: String? = nil, appID: String = "swiftkiosk") {
        self.windowedSize = windowedSize
        self.fallbackSize = fallbackSize
        self.showCursor = showCursor
        self.displayName = displayName
        self.appID = appID
    }

    /// `1280x720` from `--windowed`: each side 1…8192.
    package static func parseSize(_ text: String) -> (width: Int, height: Int)? {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
              (1...8192).contains(width), (1...8192).contains(height) else { return nil }
        return (width, height)
    }
}
