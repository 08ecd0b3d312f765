/// What the user chose about the display (`--drm-device`, `--output`, `--mode`); everything
/// left nil is discovered.
package struct DRMOptions: Sendable {
    /// The card to use, e.g. `/dev/dri/card0`. Nil: the first card (drmGetDevices2 order)
    /// that can allocate dumb buffers and has a connected connector.
    package var devicePath: String?
    /// The connector to light up, by its kernel name (`Virtual-1`, `HDMI-A-1`, `DSI-1`).
    /// Nil: the first connected connector.
    package var output: String?
    /// The mode to set. Nil: the connector's preferred mode. `refresh` nil: the best refresh
    /// rate listed at that size (the kernel lists the preferred one first).
    package var mode: (width: Int, height: Int, refresh: Int?)?
    /// Use legacy `drmModeSetCrtc` + `drmModePageFlip` even when atomic modesetting works.
    package var forceLegacy: Bool
    /// Scanout buffers: 2 (double buffering) or 3 (other values are clamped). Since no frame is
    /// presented while a flip is pending, a third buffer is rarely used: the freshest free
    /// buffer is always drawn into, so two alternate and the third only helps after a failed flip.
    package var bufferCount: Int

    /// Options with the defaults of each field (the first connected output, its preferred mode).
    /// - Parameters:
    ///   - devicePath: ``devicePath``: the card, or nil for the first usable one.
    ///   - output: ``output``: the connector's name, or nil for the first connected one.
    ///   - mode: ``mode``: the size and refresh to set, or nil for the preferred mode.
    ///   - forceLegacy: ``forceLegacy``: legacy modesetting even where atomic works.
    ///   - bufferCount: ``bufferCount``: 2 or 3 scanout buffers.
    package init(devicePath: String? = nil, output: String? = nil,
                mode: (width: Int, height: Int, refresh: Int?)? = nil,
                forceLegacy: Bool = false, bufferCount: Int = 2) {
        self.devicePath = devicePath
        self.output = output
        self.mode = mode
        self.forceLegacy = forceLegacy
        self.bufferCount = min(max(bufferCount, 2), 3)
    }

    /// Parses `--mode`: `800x480`, `1920x1080@60` (a fractional rate such as `@59.94` is
    /// rounded, which is how the kernel's `vrefresh` lists it).
    package static func parseMode(_ text: String) throws(DRMError) -> (width: Int, height: Int, refresh: Int?) {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count <= 2 else { throw .invalidModeString(text) }
        let size = parts[0].split(separator: "x", omittingEmptySubsequences: false)
        guard size.count == 2, let width = Int(size[0]), let height = Int(size[1]),
              width > 0, height > 0 else { throw .invalidModeString(text) }
        guard parts.count == 2 else { return (width, height, nil) }
        guard let rate = Double(parts[1]), rate.isFinite, rate > 0, rate < 1000 else {
            throw .invalidModeString(text)
        }
        return (width, height, Int(rate.rounded()))
    }

    /// The mode request as the user would write it (`800x480`, `1920x1080@60`).
    static func describe(_ mode: (width: Int, height: Int, refresh: Int?)) -> String {
        "\(mode.width)x\(mode.height)" + (mode.refresh.map { "@\($0)" } ?? "")
    }
}
