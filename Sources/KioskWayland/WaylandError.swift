@preconcurrency import Glibc
import KioskLoop

/// Why the Wayland backend cannot start or go on. Each says what to check; the runner turns
/// them into a message and exit code 1 (systemd's `Restart=` then tries again).
package enum WaylandError: Error, Equatable, CustomStringConvertible {
    /// Neither `WAYLAND_DISPLAY` nor `WAYLAND_SOCKET` is set.
    case noDisplayVariable
    /// `XDG_RUNTIME_DIR` is unset, so a relative socket name leads nowhere.
    case noRuntimeDirectory(display: String)
    /// `wl_display_connect` failed: nobody listens there.
    case connectFailed(display: String, errno: Int32)
    /// The compositor lacks an interface the kiosk needs.
    case missingGlobal(interface: String, why: String)
    /// The compositor ended the connection with a protocol error (the kiosk sent something
    /// wrong, or was too slow to answer a ping).
    case protocolError(interface: String, objectID: UInt32, code: UInt32)
    /// The connection broke: the compositor exited or crashed (`EPIPE`, `ECONNRESET`).
    case connectionLost(errno: Int32)
    /// A wl_shm buffer could not be made (memfd_create, ftruncate, mmap).
    case bufferFailed(call: String, bytes: Int, errno: Int32)

    package var description: String {
        switch self {
        case .noDisplayVariable:
            return "wayland: WAYLAND_DISPLAY is not set, so there is no compositor to connect to "
                + "(start the kiosk from a compositor, e.g. 'cage -- kiosk run ...', or set WAYLAND_DISPLAY=wayland-0)"
        case .noRuntimeDirectory(let display):
            return "wayland: XDG_RUNTIME_DIR is not set, so the compositor socket '\(display)' cannot be found "
                + "(it is set in a login session; for a service, set it to the compositor's, e.g. /run/user/1000)"
        case let .connectFailed(display, code):
            return "wayland: cannot connect to the compositor at '\(display)': \(SystemCallError.reason(code)) "
                + "(is a compositor running there, and may this user open its socket?)"
        case let .missingGlobal(interface, why):
            return "wayland: the compositor has no \(interface): \(why)"
        case let .protocolError(interface, objectID, code):
            return "wayland: the compositor ended the connection with protocol error \(code) on "
                + "\(interface)@\(objectID)" + (Self.meaning(interface: interface, code: code).map { " (\($0))" } ?? "")
        case .connectionLost(let code):
            return "wayland: the connection to the compositor was lost: \(SystemCallError.reason(code)) (the compositor exited?)"
        case let .bufferFailed(call, bytes, code):
            return "wayland: cannot make a \(bytes)-byte wl_shm buffer: \(SystemCallError(call: call, errno: code))"
        }
    }

    /// What the common error codes mean (from the protocols' `<enum name="error">`).
    static func meaning(interface: String, code: UInt32) -> String? {
        let table: [String: [String]] = [
            "wl_display": ["invalid_object", "invalid_method", "no_memory", "implementation"],
            "xdg_wm_base": ["role", "defunct_surfaces", "not_the_topmost_popup", "invalid_popup_parent",
                            "invalid_surface_state", "invalid_positioner", "unresponsive"],
            "xdg_surface": ["", "not_constructed", "already_constructed", "unconfigured_buffer", "invalid_serial",
                            "invalid_size", "defunct_role_object"],
            "wl_shm": ["invalid_format", "invalid_stride", "invalid_fd"],
            "wl_surface": ["invalid_scale", "invalid_transform", "invalid_size", "invalid_offset"],
        ]
        guard let names = table[interface], Int(code) < names.count, !names[Int(code)].isEmpty else { return nil }
        return names[Int(code)]
    }
}
