import KioskCore
import KioskRender

/// Where finished frames go. The renderer paints into a cached shadow buffer in panel
/// orientation; a backend copies only the damaged rectangles into whatever it scans out
/// (a DRM dumb buffer, a wl_shm buffer, memory) and shows it.
///
/// The interface is deliberately tiny (wlroots' start/commit/destroy, LVGL's flush + wait):
/// everything a backend knows about the scene arrives as pixels and a damage region.
public protocol DisplayBackend: AnyObject {
    /// The size of the framebuffer, in the panel's own orientation.
    var panelSize: Size { get }
    /// Time between two vertical blanks.
    var refreshInterval: Duration { get }
    /// True from `present` until the output has flipped to the new frame; no second frame
    /// may be presented in between (a DRM page flip cannot be queued twice).
    var isFlipPending: Bool { get }
    /// Copies `damage` (panel coordinates) of `frame` to the output and schedules the flip.
    func present(_ frame: PixelBuffer, damage: DamageRegion, at time: Instant)
}
