@preconcurrency import Glibc
import KioskDevice
import KioskLoop

/// The seat or a named input device could not be set up. Says which call failed, on which
/// device, why, and what to check.
package struct InputError: Error, CustomStringConvertible, Equatable {
    /// The C function or step that failed (`libinput_udev_assign_seat`, `libinput_path_add_device`).
    package var call: String
    /// The device node involved, if any (an `--input-device` path).
    package var path: String?
    /// What went wrong: `strerror`, the opener's error, or libinput's last log line.
    package var reason: String
    /// What the user can do about it.
    package var hint: String?

    package init(call: String, path: String? = nil, reason: String, hint: String? = nil) {
        self.call = call; self.path = path; self.reason = reason; self.hint = hint
    }

    /// `/dev/input/event9: libinput_path_add_device: No such file or directory (…)`.
    package var description: String {
        var text = path.map { "\($0): " } ?? ""
        text += "\(call): \(reason)"
        if let hint { text += " (\(hint))" }
        return text
    }

    static func fromErrno(_ code: Int32, call: String, path: String? = nil, hint: String? = nil) -> InputError {
        InputError(call: call, path: path, reason: SystemCallError.message(code), hint: hint)
    }

    /// The opener refused the node (permissions, logind said no): its error, with its hint.
    static func opening(_ error: DeviceError, call: String) -> InputError {
        InputError(
            call: call, path: error.path, reason: "\(error.call): \(SystemCallError.message(error.errno))",
            hint: error.hint)
    }
}
