import CWayland
import CXdgShell

/// The compositor's globals the kiosk binds (`wl_registry`): `wl_compositor`, `wl_shm`,
/// `xdg_wm_base` (whose pings it answers), the first `wl_seat` and every `wl_output`.
/// Outputs and the seat may come and go while the kiosk runs.
final class WaylandGlobals: ListenerTarget {
    let registry: OpaquePointer
    private(set) var compositor: OpaquePointer?
    private(set) var compositorVersion: UInt32 = 0
    private(set) var shm: OpaquePointer?
    private(set) var wmBase: OpaquePointer?
    private(set) var wmBaseVersion: UInt32 = 0
    private(set) var outputs: [UInt32: WaylandOutput] = [:]
    /// The seat's registry name and proxy.
    private(set) var seat: (name: UInt32, proxy: OpaquePointer, version: UInt32)?

    var outputAdded: ((WaylandOutput) -> Void)?
    var outputRemoved: ((UInt32) -> Void)?
    var seatAdded: ((OpaquePointer, UInt32) -> Void)?
    var seatRemoved: (() -> Void)?

    init(display: OpaquePointer) {
        registry = wl_display_get_registry(display)
        _ = wl_registry_add_listener(registry, Self.registryListener, listenerData)
    }

    /// The registry name of the output a `wl_surface.enter` names.
    func outputName(of proxy: OpaquePointer?) -> UInt32? {
        outputs.first { $0.value.proxy == proxy }?.key
    }

    /// Destroys every bound proxy and the registry.
    func destroy() {
        for output in outputs.values { output.destroy() }
        outputs.removeAll()
        if let wmBase { xdg_wm_base_destroy(wmBase) }
        if let shm { wl_shm_destroy(shm) }
        if let compositor { wl_compositor_destroy(compositor) }
        wmBase = nil; shm = nil; compositor = nil
        wl_registry_destroy(registry)
    }

    private func bind(_ name: UInt32, _ interface: UnsafePointer<wl_interface>, _ version: UInt32) -> OpaquePointer {
        OpaquePointer(wl_registry_bind(registry, name, interface, version))!
    }

    private func announced(name: UInt32, interface: String, version: UInt32) {
        switch interface {
        case "wl_compositor" where compositor == nil:
            // 4: wl_surface.damage_buffer; 3: set_buffer_scale (older ones work, less well).
            compositorVersion = min(version, 4)
            compositor = bind(name, kiosk_wl_compositor_interface(), compositorVersion)
        case "wl_shm" where shm == nil:
            shm = bind(name, kiosk_wl_shm_interface(), 1)
        case "xdg_wm_base" where wmBase == nil:
            wmBaseVersion = min(version, 5)
            let base = bind(name, kiosk_xdg_wm_base_interface(), wmBaseVersion)
            _ = xdg_wm_base_add_listener(base, Self.wmBaseListener, nil)
            wmBase = base
        case "wl_seat" where seat == nil:
            let bound = min(version, 7)
            let proxy = bind(name, kiosk_wl_seat_interface(), bound)
            seat = (name, proxy, bound)
            seatAdded?(proxy, bound)
        case "wl_output":
            let output = WaylandOutput(proxy: bind(name, kiosk_wl_output_interface(), min(version, 4)), name: name,
                                       version: min(version, 4))
            outputs[name] = output
            outputAdded?(output)
        default:
            break
        }
    }

    private func removed(name: UInt32) {
        if let output = outputs.removeValue(forKey: name) {
            output.destroy()
            outputRemoved?(name)
        } else if seat?.name == name {
            seatRemoved?()
            seat = nil
        }
    }

    nonisolated(unsafe) private static let registryListener = permanentListener(wl_registry_listener()) { listener in
        listener.global = { data, _, name, interface, version in
            guard let interface else { return }
            listenerTarget(data, as: WaylandGlobals.self)
                .announced(name: name, interface: String(cString: interface), version: version)
        }
        listener.global_remove = { data, _, name in
            listenerTarget(data, as: WaylandGlobals.self).removed(name: name)
        }
    }

    /// A compositor that gets no pong in time calls the client unresponsive and may kill it.
    nonisolated(unsafe) private static let wmBaseListener = permanentListener(xdg_wm_base_listener()) { listener in
        listener.ping = { _, base, serial in xdg_wm_base_pong(base, serial) }
    }
}
