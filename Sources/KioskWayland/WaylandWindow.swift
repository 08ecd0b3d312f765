import CWayland
import CXdgShell
import KioskCore

/// The kiosk's surface: a `wl_surface` with the `xdg_toplevel` role, fullscreen unless a
/// window was asked for. It acks each configure as it completes and reports it; it shows a
/// buffer with its damage (`damage_buffer`) and a frame callback, the pacing the compositor
/// gives: `wl_callback.done` comes when it would like the next frame, and never while the
/// surface cannot be seen.
final class WaylandWindow: ListenerTarget {
    let surface: OpaquePointer
    private let xdgSurface: OpaquePointer
    private let toplevel: OpaquePointer
    private let compositorVersion: UInt32
    private(set) var layout: SurfaceLayout
    private var frameCallback: OpaquePointer?
    private var appliedScale = 1

    /// A configure was acked; ``layout`` says the new mode.
    var configured: (() -> Void)?
    /// `xdg_toplevel.close`: the user or the compositor asks the kiosk to go.
    var closeRequested: (() -> Void)?
    /// The last frame's callback came, with the compositor's millisecond stamp.
    var frameDone: ((UInt32) -> Void)?
    /// The surface entered or left an output (the scale may have changed).
    var outputsChanged: (() -> Void)?
    /// Maps a `wl_output` proxy to its registry name.
    var outputName: ((OpaquePointer?) -> UInt32?)?

    private let compositor: OpaquePointer
    private var opaqueSize: (width: Int32, height: Int32)?

    init(compositor: OpaquePointer, compositorVersion: UInt32, wmBase: OpaquePointer, options: WaylandOptions) {
        self.compositor = compositor
        self.compositorVersion = compositorVersion
        surface = wl_compositor_create_surface(compositor)!
        xdgSurface = xdg_wm_base_get_xdg_surface(wmBase, surface)!
        toplevel = xdg_surface_get_toplevel(xdgSurface)!
        layout = SurfaceLayout(fullscreen: options.windowedSize == nil,
                               preferredSize: options.windowedSize ?? options.fallbackSize)
        _ = wl_surface_add_listener(surface, Self.surfaceListener, listenerData)
        _ = xdg_surface_add_listener(xdgSurface, Self.xdgSurfaceListener, listenerData)
        _ = xdg_toplevel_add_listener(toplevel, Self.toplevelListener, listenerData)
        xdg_toplevel_set_title(toplevel, "SwiftKiosk")
        xdg_toplevel_set_app_id(toplevel, options.appID)
        if options.windowedSize == nil {
            xdg_toplevel_set_fullscreen(toplevel, nil)  // the compositor picks the output
        }
        // The first commit has no buffer: it asks for the first configure.
        wl_surface_commit(surface)
    }

    var isFramePending: Bool { frameCallback != nil }
    /// True once a buffer was committed (the surface is mapped).
    private(set) var hasBuffer = false

    /// Answers an acked configure whose size stayed: a commit without a new buffer keeps the
    /// one on screen and applies the configure's state (compositors apply it with the commit
    /// that answers it: cage places its fullscreen view then).
    func commitConfigure() {
        guard hasBuffer else { return }
        wl_surface_commit(surface)
    }

    func updateLayout(_ change: (inout SurfaceLayout) -> Void) { change(&layout) }

    /// Attaches `buffer`, marks `damage` (buffer pixels) changed, asks for a frame callback
    /// and commits. `scale` is the buffer's (`set_buffer_scale` when it changed).
    func show(_ buffer: OpaquePointer, width: Int, height: Int, damage: DamageRegion, scale: Int) {
        precondition(frameCallback == nil, "a frame was shown while the last one's callback is pending")
        if scale != appliedScale && compositorVersion >= 3 {
            wl_surface_set_buffer_scale(surface, Int32(scale))
            appliedScale = scale
        }
        markOpaque(width: Int32(width / max(scale, 1)), height: Int32(height / max(scale, 1)))
        wl_surface_attach(surface, buffer, 0, 0)
        for rect in damage.rects {
            let r = rect.integral
            if compositorVersion >= 4 {
                wl_surface_damage_buffer(surface, Int32(r.x), Int32(r.y), Int32(r.width), Int32(r.height))
            } else {
                // Surface coordinates before version 4: rounded outwards at the scale.
                let s = Double(appliedScale)
                let x = (r.minX / s).rounded(.down), y = (r.minY / s).rounded(.down)
                wl_surface_damage(surface, Int32(x), Int32(y), Int32((r.maxX / s).rounded(.up) - x),
                                  Int32((r.maxY / s).rounded(.up) - y))
            }
        }
        let callback = wl_surface_frame(surface)!
        _ = wl_callback_add_listener(callback, Self.frameListener, listenerData)
        frameCallback = callback
        hasBuffer = true
        wl_surface_commit(surface)
    }

    /// XRGB8888 has no alpha: the whole surface is opaque, so the compositor need not draw
    /// what is under it (in surface coordinates, set again when the size changes).
    private func markOpaque(width: Int32, height: Int32) {
        guard opaqueSize?.width != width || opaqueSize?.height != height else { return }
        let region = wl_compositor_create_region(compositor)!
        wl_region_add(region, 0, 0, width, height)
        wl_surface_set_opaque_region(surface, region)
        wl_region_destroy(region)
        opaqueSize = (width, height)
    }

    func destroy() {
        if let frameCallback { wl_callback_destroy(frameCallback) }
        frameCallback = nil
        xdg_toplevel_destroy(toplevel)
        xdg_surface_destroy(xdgSurface)
        wl_surface_destroy(surface)
    }

    private func callbackDone(_ callback: OpaquePointer?, stamp: UInt32) {
        guard let callback, callback == frameCallback else { return }
        wl_callback_destroy(callback)
        frameCallback = nil
        frameDone?(stamp)
    }

    // MARK: Listeners

    nonisolated(unsafe) private static let surfaceListener = permanentListener(wl_surface_listener()) { listener in
        listener.enter = { data, _, output in
            let window = listenerTarget(data, as: WaylandWindow.self)
            guard let name = window.outputName?(output) else { return }
            window.layout.entered(name)
            window.outputsChanged?()
        }
        listener.leave = { data, _, output in
            let window = listenerTarget(data, as: WaylandWindow.self)
            guard let name = window.outputName?(output) else { return }
            window.layout.left(name)
            window.outputsChanged?()
        }
    }

    nonisolated(unsafe) private static let xdgSurfaceListener = permanentListener(xdg_surface_listener()) { listener in
        listener.configure = { data, xdgSurface, serial in
            let window = listenerTarget(data, as: WaylandWindow.self)
            window.layout.surfaceConfigured()
            // Acked at once: the next commit is this configure's answer, and the kiosk
            // commits only frames of the size it just reported.
            xdg_surface_ack_configure(xdgSurface, serial)
            window.configured?()
        }
    }

    nonisolated(unsafe) private static let toplevelListener = permanentListener(xdg_toplevel_listener()) { listener in
        listener.configure = { data, _, width, height, _ in
            listenerTarget(data, as: WaylandWindow.self).layout.toplevelConfigured(width: width, height: height)
        }
        listener.close = { data, _ in
            listenerTarget(data, as: WaylandWindow.self).closeRequested?()
        }
        listener.configure_bounds = { _, _, _, _ in }
        listener.wm_capabilities = { _, _, _ in }
    }

    nonisolated(unsafe) private static let frameListener = permanentListener(wl_callback_listener()) { listener in
        listener.done = { data, callback, stamp in
            listenerTarget(data, as: WaylandWindow.self).callbackDone(callback, stamp: stamp)
        }
    }
}
