@preconcurrency import Glibc
import KioskDevice
import KioskLoop

/// Why the DRM backend could not do what was asked, worded for the
/// person who has to fix it: each case names the device, the C call that failed and, where
/// there is one, what to check.
///
/// Environment problems (no display, another compositor, a bad `--mode`) are errors;
/// misuse of the API (presenting while a flip is pending, a frame of the wrong size) traps.
package enum DRMError: Error, CustomStringConvertible, Sendable {
    /// The device node could not be opened (missing, no permission); carries the opener's error.
    case deviceUnavailable(DeviceError)
    /// Discovery found no usable card. `tried` says what was wrong with each one.
    case noDevice(tried: [String])
    /// The driver cannot allocate dumb buffers (`DRM_CAP_DUMB_BUFFER` is 0).
    case noDumbBuffers(device: String)
    /// Another process is DRM master. `holders` are the programs found holding the device
    /// (from debugfs or /proc), the master first; empty when that cannot be known.
    case displayInUse(device: String, call: String, errno: Int32, holders: [DisplayClient])
    /// No connector reports a connected display.
    case noConnectedOutput(device: String, outputs: [OutputInfo])
    /// `output` names no connector of the device.
    case outputNotFound(name: String, device: String, outputs: [OutputInfo])
    /// `output` exists but has no display attached (or lists no modes).
    case outputNotConnected(name: String, device: String)
    /// The requested mode is not among the connector's modes.
    case modeNotAvailable(requested: String, output: String, available: [String])
    /// A mode string that is not `WIDTHxHEIGHT` or `WIDTHxHEIGHT@HZ`.
    case invalidModeString(String)
    /// No CRTC can drive the connector (none of its encoders lists a CRTC).
    case noCRTC(output: String)
    /// A libdrm or kernel call failed for another reason.
    case callFailed(call: String, device: String, errno: Int32)

    package var description: String {
        switch self {
        case .deviceUnavailable(let error):
            return "cannot open the display: \(error)"
        case .noDevice(let tried):
            if tried.isEmpty {
                return "no DRM device found (drmGetDevices2 listed none): is the GPU driver loaded? ls /dev/dri"
            }
            return "no usable DRM device: " + tried.joined(separator: "; ")
                + " (pick one with --drm-device /dev/dri/cardN)"
        case .noDumbBuffers(let device):
            return "\(device): the driver has no dumb buffers (drmGetCap DRM_CAP_DUMB_BUFFER = 0);"
                + " this is a render-only device, use the card that drives the display"
        case .displayInUse(let device, let call, let errno, let holders):
            let reason = SystemCallError(call: call, errno: errno).description
            if let master = holders.first(where: \.isMaster) {
                return "the display \(device) is in use by PID \(master.pid) (\(master.command)) (\(reason));"
                    + " stop that program first"
            }
            if !holders.isEmpty {
                let list = holders.map { "PID \($0.pid) (\($0.command))" }.joined(separator: ", ")
                return "the display \(device) is in use by another program (\(reason)); it is open in \(list)"
            }
            return "the display \(device) is in use by another program (\(reason)); check for another compositor"
                + " or a display manager (systemctl status display-manager), or run `fuser -v \(device)`"
        case .noConnectedOutput(let device, let outputs):
            let list = outputs.isEmpty
                ? "it has no connectors"
                : "connectors: " + outputs.map { "\($0.name) \($0.connected ? "connected, no modes" : "disconnected")" }
                    .joined(separator: ", ")
            return "no connected display on \(device) (\(list)); check the cable and power, or choose one with --output"
        case .outputNotFound(let name, let device, let outputs):
            let names = outputs.map(\.name).joined(separator: ", ")
            return "\(device) has no output \"\(name)\" (it has: \(names.isEmpty ? "none" : names))"
        case .outputNotConnected(let name, let device):
            return "output \(name) on \(device) has no display connected (or reports no modes)"
        case .modeNotAvailable(let requested, let output, let available):
            return "output \(output) has no mode \(requested) (it has: \(available.joined(separator: ", ")))"
        case .invalidModeString(let text):
            return "\"\(text)\" is not a mode: expected WIDTHxHEIGHT or WIDTHxHEIGHT@HZ, e.g. 800x480 or 1920x1080@60"
        case .noCRTC(let output):
            return "no CRTC can drive output \(output) (none of its encoders lists a possible CRTC)"
        case .callFailed(let call, let device, let errno):
            return SystemCallError(call: call, path: device, errno: errno).description
        }
    }
}
