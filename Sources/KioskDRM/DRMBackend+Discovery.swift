import CDRM
@preconcurrency import Glibc
import KioskDevice

extension DRMBackend {
    /// The connectors of a card, for `kiosk run --backend drm --list-outputs`. Needs no DRM
    /// master, so it also works while another program shows something.
    /// - Parameter devicePath: the card, or nil for the one the backend would pick (falling
    ///   back to the first card with dumb buffers when none has a connected display).
    package static func listOutputs(devicePath: String?,
                                   opener: DeviceOpener) throws(DRMError) -> (device: String, outputs: [OutputInfo]) {
        let device = try openCard(path: devicePath, opener: opener, requireConnected: false)
        let (resources, _) = try device.readResources(withPlanes: false)
        return (device.path, resources.connectors.map { OutputInfo($0, in: resources) })
    }

    /// Opens `path`, or discovers a card: the first primary node (drmGetDevices2 order) that
    /// can allocate dumb buffers and has a connected connector. With `requireConnected` false,
    /// the first card with dumb buffers is taken when none has a display.
    static func openCard(path: String?, opener: DeviceOpener,
                         requireConnected: Bool) throws(DRMError) -> DRMDevice {
        if let path { return try DRMDevice(path: path, opener: opener) }
        var tried: [String] = []
        var fallback: DRMDevice?
        for candidate in primaryNodes() {
            let device: DRMDevice
            do { device = try DRMDevice(path: candidate, opener: opener) } catch {
                tried.append("\(candidate): \(error)")
                continue
            }
            guard device.hasDumbBuffers else {
                tried.append("\(candidate): no dumb buffers (render-only device)")
                continue
            }
            guard let (resources, _) = try? device.readResources(withPlanes: false) else {
                tried.append("\(candidate): drmModeGetResources failed (not a KMS device)")
                continue
            }
            if resources.connectors.contains(where: { $0.connection == .connected && !$0.modes.isEmpty }) {
                return device
            }
            let list = resources.connectors.map { "\($0.name) \($0.connection.rawValue)" }.joined(separator: ", ")
            tried.append("\(candidate): no connected display (\(list.isEmpty ? "no connectors" : list))")
            if fallback == nil { fallback = device }
        }
        if !requireConnected, let fallback { return fallback }
        throw .noDevice(tried: tried)
    }

    /// Paths of the DRM primary nodes (`/dev/dri/cardN`) the system has: drmGetDevices2,
    /// or a scan of /dev/dri when libdrm cannot enumerate (no sysfs in a container).
    static func primaryNodes() -> [String] {
        var devices = [drmDevicePtr?](repeating: nil, count: 64)
        let count = drmGetDevices2(0, &devices, Int32(devices.count))
        var paths: [String] = []
        if count > 0 {
            for device in devices.prefix(Int(count)).compactMap({ $0 }) {
                guard device.pointee.available_nodes & (1 << DRM_NODE_PRIMARY) != 0,
                      let node = device.pointee.nodes[Int(DRM_NODE_PRIMARY)] else { continue }
                paths.append(String(cString: node))
            }
            drmFreeDevices(&devices, count)
        }
        if paths.isEmpty, let dir = opendir("/dev/dri") {
            defer { closedir(dir) }
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cStringBytes: $0) }
                if name.hasPrefix("card"), Int(name.dropFirst(4)) != nil { paths.append("/dev/dri/" + name) }
            }
            paths.sort { $0.count != $1.count ? $0.count < $1.count : $0 < $1 }
        }
        return paths
    }
}
