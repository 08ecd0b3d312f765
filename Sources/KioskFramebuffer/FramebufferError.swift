@preconcurrency import Glibc
import KioskDevice
import KioskLoop

/// Why the framebuffer backend could not start or go on, worded for whoever has to fix it: each
/// case names the device and, where there is one, the call that failed and what to check.
/// Misuse of the API (a frame of the wrong size) traps instead.
package enum FramebufferError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The node could not be opened (missing, no permission).
    case deviceUnavailable(DeviceError)
    /// The node opened but is not a framebuffer (FBIOGET_FSCREENINFO refused).
    case notAFramebuffer(device: String, errno: Int32)
    /// The mode's pixels are not something the kiosk can write (a palette, 8 bpp, planes, …).
    case unsupportedFormat(device: String, reason: String)
    /// The driver's numbers do not add up (a zero size, rows shorter than the width, too
    /// little memory for the visible screen).
    case badGeometry(device: String, reason: String)
    /// The mode changed under the kiosk (another program, a VT switch) to one it cannot use as is.
    case modeChanged(device: String, was: String, now: String)
    /// A call failed for another reason.
    case callFailed(device: String, call: String, errno: Int32)

    package var description: String {
        switch self {
        case .deviceUnavailable(let error):
            var text = "cannot open the framebuffer: \(error)"
            if error.hint == nil {
                switch error.errno {
                case ENOENT: text += " (is a framebuffer driver loaded? ls /dev/fb*; pick one with --fb-device)"
                case EACCES, EPERM: text += " (run as root or add the user to group video)"
                default: break
                }
            }
            return text
        case .notAFramebuffer(let device, let errno):
            return "\(device) is not a framebuffer device (\(SystemCallError(call: "FBIOGET_FSCREENINFO", errno: errno)));"
                + " pick one with --fb-device /dev/fbN"
        case .unsupportedFormat(let device, let reason):
            return "\(device): \(reason); the kiosk needs true colour at 16, 24 or 32 bits per pixel"
                + " (try fbset -depth 16 or -depth 32)"
        case .badGeometry(let device, let reason):
            return "\(device): the driver reports an unusable screen: \(reason)"
        case .modeChanged(let device, let was, let now):
            return "\(device): the mode changed from \(was) to \(now) while the kiosk ran; restart it to use the new one"
        case .callFailed(let device, let call, let errno):
            return SystemCallError(call: call, path: device, errno: errno).description
        }
    }
}
