import KioskBackend
import KioskCore

/// The size, scale and refresh of the kiosk's surface, worked out from what the compositor
/// says: `xdg_toplevel.configure` (a size, or 0x0 for "your choice"), `xdg_surface.configure`
/// (the configure is complete and must be acked), the outputs and which of them the surface
/// is on (`wl_surface.enter`/`leave`).
///
/// Rules:
/// - A configured size is the window's logical size; the buffer is that times the scale.
/// - 0x0 leaves the size to the client: fullscreen takes the output's own size (the output
///   the surface is on, else the only one), a window its `--windowed` size; without either,
///   the fallback (`--size` or the config's design size).
/// - The scale is the largest of the outputs the surface is on (a window across two outputs
///   is sharp on both); before the first `enter`, the only output's, else 1.
/// - Sizes stay within 1…`PixelBuffer.maximumSide` buffer pixels a side.
///
/// Pure values: ``WaylandWindow`` feeds it protocol events and reads ``mode``.
struct SurfaceLayout: Sendable {
    let fullscreen: Bool
    /// The window's size when the compositor leaves it to the kiosk (logical pixels).
    let preferredSize: (width: Int, height: Int)

    /// The last `xdg_toplevel.configure` size, waiting for its `xdg_surface.configure`.
    private var pendingSize: (width: Int, height: Int)?
    /// The size of the last complete configure; nil before the first.
    private(set) var configuredSize: (width: Int, height: Int)?
    /// Outputs by their registry name.
    private(set) var outputs: [UInt32: OutputProperties] = [:]
    /// The outputs the surface is on.
    private(set) var entered: Set<UInt32> = []

    init(fullscreen: Bool, preferredSize: (width: Int, height: Int)) {
        self.fullscreen = fullscreen
        self.preferredSize = preferredSize
    }

    /// `xdg_toplevel.configure`: the size comes with the next `xdg_surface.configure`.
    mutating func toplevelConfigured(width: Int32, height: Int32) {
        pendingSize = (Int(max(width, 0)), Int(max(height, 0)))
    }

    /// `xdg_surface.configure`: the configure is complete (the caller acks it).
    mutating func surfaceConfigured() {
        configuredSize = pendingSize ?? configuredSize ?? (0, 0)
        pendingSize = nil
    }

    mutating func outputChanged(_ name: UInt32, _ properties: OutputProperties) { outputs[name] = properties }

    mutating func outputRemoved(_ name: UInt32) {
        outputs[name] = nil
        entered.remove(name)
    }

    mutating func entered(_ name: UInt32) { entered.insert(name) }
    mutating func left(_ name: UInt32) { entered.remove(name) }

    /// The outputs that decide scale and refresh: those the surface is on, else the only one.
    private var governing: [OutputProperties] {
        let on = entered.compactMap { outputs[$0] }
        if !on.isEmpty { return on }
        return outputs.count == 1 ? Array(outputs.values) : []
    }

    var scale: Int { max(1, governing.map(\.scale).max() ?? 1) }

    /// The surface's mode, once the first configure is complete.
    var mode: OutputMode? {
        guard let configured = configuredSize else { return nil }
        let scale = self.scale
        var logical = configured
        if logical.width == 0 || logical.height == 0 {
            let chosen = chosenSize(scale: scale)
            if logical.width == 0 { logical.width = chosen.width }
            if logical.height == 0 { logical.height = chosen.height }
        }
        let side = 1...PixelBuffer.maximumSide
        let width = min(max(logical.width * scale, side.lowerBound), side.upperBound)
        let height = min(max(logical.height * scale, side.lowerBound), side.upperBound)
        let millihertz = governing.map(\.refreshMillihertz).filter { $0 > 0 }.max()
        let interval = millihertz.map { Duration.nanoseconds(1_000_000_000_000 / Int64($0)) } ?? OutputPacer.fallbackRefreshInterval
        return OutputMode(width: width, height: height, refreshInterval: interval, scale: scale)
    }

    /// The logical size the kiosk picks when the compositor leaves it open.
    private func chosenSize(scale: Int) -> (width: Int, height: Int) {
        if fullscreen, let output = governing.first(where: { $0.modeWidth > 0 && $0.modeHeight > 0 }) {
            let size = output.transformedSize
            return (max(1, size.width / max(output.scale, 1)), max(1, size.height / max(output.scale, 1)))
        }
        return preferredSize
    }
}
