import KioskCore
import KioskDRM
import KioskService
import KioskWayland

/// The options `kiosk run` and `kiosk calibrate` share.
extension ArgumentList {
    /// `--drm-device`, `--output`, `--mode`, `--legacy`.
    func drmOptions() throws(UsageError) -> DRMOptions {
        var drm = DRMOptions()
        drm.devicePath = value("drm-device")
        drm.output = value("output")
        if let mode = value("mode") {
            do { drm.mode = try DRMOptions.parseMode(mode) } catch {
                throw UsageError(command: command, message: "--mode must look like 800x480 or 1920x1080@60, not '\(mode)'")
            }
        }
        drm.forceLegacy = has("legacy")
        return drm
    }

    /// `--fb-device PATH`, nil when not given (the backend's default, /dev/fb0).
    func framebufferDevice() -> String? { value("fb-device") }

    /// `--input-device PATH[,PATH…]`.
    func inputDevices() -> [String] {
        value("input-device").map { $0.split(separator: ",").map(String.init) } ?? []
    }

    /// `--windowed WxH` (Wayland), nil when not given.
    func windowedSize() throws(UsageError) -> (width: Int, height: Int)? {
        guard let text = value("windowed") else { return nil }
        guard let size = WaylandOptions.parseSize(text) else {
            throw UsageError(command: command, message: "--windowed must look like 1280x720 (1…8192 a side), not '\(text)'")
        }
        return size
    }

    /// `--backend NAME`, `auto` when not given.
    func backend() throws(UsageError) -> BackendName {
        let name = value("backend") ?? "auto"
        guard let backend = BackendName(rawValue: name) else {
            let names = BackendName.allCases.map(\.rawValue)
            throw UsageError(command: command, message: "--backend must be \(names.dropLast().joined(separator: ", ")) "
                             + "or \(names.last!), not '\(name)'")
        }
        return backend
    }

    /// `--rotation 0|90|180|270`, nil when not given.
    func rotation() throws(UsageError) -> DisplayRotation? {
        guard let text = value("rotation") else { return nil }
        guard let degrees = Int(text), let r = DisplayRotation(degrees: degrees) else {
            throw UsageError(command: command, message: "--rotation must be 0, 90, 180 or 270, not '\(text)'")
        }
        return r
    }
}
