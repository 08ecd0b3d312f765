/// One connector as `kiosk run --backend drm --list-outputs` prints it.
package struct OutputInfo: Sendable, Equatable, CustomStringConvertible {
    /// The kernel's name: `Virtual-1`, `HDMI-A-1`, `DSI-1`.
    package var name: String
    /// True when the connector reports a display attached (`DRM_MODE_CONNECTED`).
    package var connected: Bool
    /// Modes as `800x480@60`, the preferred one first (the kernel's order otherwise).
    package var modes: [String]
    /// The mode the display prefers (its native resolution), if it marks one.
    package var preferredMode: String?
    /// True when some CRTC can drive this connector (one of its encoders lists one), i.e.
    /// it could be lit up at all.
    package var crtcPossible: Bool

    package init(name: String, connected: Bool, modes: [String], preferredMode: String?, crtcPossible: Bool) {
        self.name = name
        self.connected = connected
        self.modes = modes
        self.preferredMode = preferredMode
        self.crtcPossible = crtcPossible
    }

    /// `Virtual-1 connected: 800x480@60 (preferred), 1024x768@60, …` or `HDMI-A-1 disconnected`.
    package var description: String {
        var s = "\(name) \(connected ? "connected" : "disconnected")"
        if !modes.isEmpty {
            s += ": " + modes.map { $0 == preferredMode ? "\($0) (preferred)" : $0 }.joined(separator: ", ")
        }
        if connected && !crtcPossible { s += " [no CRTC can drive it]" }
        return s
    }
}

extension OutputInfo {
    /// The listing of one connector of `resources`.
    init(_ connector: KMSResources.Connector, in resources: KMSResources) {
        let preferred = connector.modes.first(where: \.isPreferred)
        var modes = connector.modes.map(\.description)
        if let preferred, let index = modes.firstIndex(of: preferred.description), index != 0 {
            modes.remove(at: index)
            modes.insert(preferred.description, at: 0)
        }
        // Several modes can share a name (same size and rate, different timings); list each once.
        var seen = Set<String>()
        modes = modes.filter { seen.insert($0).inserted }
        self.init(name: connector.name, connected: connector.connection == .connected, modes: modes,
                  preferredMode: preferred?.description,
                  crtcPossible: OutputSelection.crtcs(for: connector, in: resources).first != nil)
    }
}
