@preconcurrency import Glibc
import KioskLoop

/// A device node that could not be opened or used: the kiosk's one operating-system error,
/// worded as device errors read (`/dev/dri/card0: open: Permission denied (hint)`).
package typealias DeviceError = SystemCallError

/// How device nodes (DRM cards, evdev inputs) are opened. Plain `open()` works as root or
/// with group access (video, input); inside a logind session a logind-backed opener gets the
/// same descriptors through `TakeDevice`, so the service needs no root. DRM and libinput both
/// go through the one opener the program picked.
package protocol DeviceOpener: AnyObject {
    /// Opens `path` (O_RDWR | O_CLOEXEC | O_NONBLOCK unless `flags` says otherwise).
    func open(_ path: String, flags: Int32) throws(DeviceError) -> Int32
    /// Gives a descriptor from `open` back.
    func close(_ fd: Int32)
    /// For logs: "direct", "logind session 3".
    var name: String { get }
}

/// Opens device nodes with `open(2)`.
package final class DirectOpener: DeviceOpener {
    package init() {}

    package var name: String { "direct" }

    package func open(_ path: String, flags: Int32 = O_RDWR | O_CLOEXEC | O_NONBLOCK) throws(DeviceError) -> Int32 {
        while true {
            let fd = Glibc.open(path, flags)
            if fd >= 0 { return fd }
            if errno == EINTR { continue }
            let e = errno
            throw DeviceError(path: path, call: "open", errno: e, hint: Self.hint(for: path, errno: e))
        }
    }

    package func close(_ fd: Int32) { _ = Glibc.close(fd) }

    static func hint(for path: String, errno e: Int32) -> String? {
        switch e {
        case EACCES, EPERM:
            if path.hasPrefix("/dev/dri/") { return "run as root, add the user to group video, or run in a logind session" }
            if path.hasPrefix("/dev/input/") { return "run as root, add the user to group input, or run in a logind session" }
            return nil
        case ENOENT:
            if path.hasPrefix("/dev/dri/") { return "no DRM device: is the GPU driver loaded? ls /dev/dri" }
            return nil
        default:
            return nil
        }
    }
}
