import CDRM
@preconcurrency import Glibc

/// How the output is modeset and flipped, chosen once at start (kmscube's strategy value).
package enum Modesetting: String, Sendable, CustomStringConvertible {
    /// One atomic commit sets connector, CRTC and primary plane together; flips are
    /// non-blocking atomic commits of the plane's FB_ID.
    case atomic
    /// drmModeSetCrtc for the mode, drmModePageFlip for flips: every KMS driver has these.
    case legacy

    package var description: String { rawValue }

    /// Atomic when it was not ruled out, the kernel accepted DRM_CLIENT_CAP_ATOMIC and every
    /// object and property an atomic commit needs was found; legacy otherwise.
    static func choose(forceLegacy: Bool, atomicCapabilityAccepted: Bool, atomicPipelineFound: Bool) -> Modesetting {
        !forceLegacy && atomicCapabilityAccepted && atomicPipelineFound ? .atomic : .legacy
    }
}

/// The ids an atomic commit refers to: the connector, CRTC and primary plane and their
/// properties, looked up by name once (property ids differ between drivers).
struct AtomicPipeline {
    var connectorID: UInt32
    var connectorCRTC: UInt32
    var crtcID: UInt32
    var crtcModeID: UInt32
    var crtcActive: UInt32
    var planeID: UInt32
    /// FB_ID, CRTC_ID, SRC_X/Y/W/H, CRTC_X/Y/W/H of the primary plane.
    var plane: [String: UInt32]
    /// Cursor and overlay planes on our CRTC, turned off by the modeset: (plane, FB_ID, CRTC_ID).
    var planesToDisable: [(plane: UInt32, fb: UInt32, crtc: UInt32)]

    static let planeProperties = ["FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H",
                                  "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H"]

    /// Nil when something is missing (no usable primary plane, a property the driver does
    /// not expose): then the legacy path is used.
    init?(device: DRMDevice, selection: OutputSelection, resources: KMSResources) {
        guard let primary = selection.primaryPlane(in: resources) else { return nil }
        let connectorProps = device.properties(of: selection.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))
        let crtcProps = device.properties(of: selection.crtcID, type: UInt32(DRM_MODE_OBJECT_CRTC))
        let planeProps = device.properties(of: primary.id, type: UInt32(DRM_MODE_OBJECT_PLANE))
        guard let connectorCRTC = connectorProps["CRTC_ID"]?.id, let modeID = crtcProps["MODE_ID"]?.id,
              let active = crtcProps["ACTIVE"]?.id else { return nil }
        var plane: [String: UInt32] = [:]
        for name in Self.planeProperties {
            guard let id = planeProps[name]?.id else { return nil }
            plane[name] = id
        }
        var disable: [(plane: UInt32, fb: UInt32, crtc: UInt32)] = []
        for other in selection.planesToDisable(in: resources, keeping: primary.id) {
            let props = device.properties(of: other.id, type: UInt32(DRM_MODE_OBJECT_PLANE))
            guard let fb = props["FB_ID"]?.id, let crtc = props["CRTC_ID"]?.id else { return nil }
            disable.append((other.id, fb, crtc))
        }
        self.connectorID = selection.connector.id
        self.connectorCRTC = connectorCRTC
        self.crtcID = selection.crtcID
        self.crtcModeID = modeID
        self.crtcActive = active
        self.planeID = primary.id
        self.plane = plane
        self.planesToDisable = disable
    }
}

/// One connector driven by one CRTC in one mode: performs the modeset, the flips and the final
/// restore with the strategy chosen at start. Owns the atomic mode blob.
final class KMSOutput {
    let device: DRMDevice
    let selection: OutputSelection
    let modeInfo: drmModeModeInfo
    let modesetting: Modesetting
    private let atomic: AtomicPipeline?
    private var modeBlob: UInt32 = 0

    init(device: DRMDevice, selection: OutputSelection, modeInfo: drmModeModeInfo, atomic: AtomicPipeline?) {
        self.device = device
        self.selection = selection
        self.modeInfo = modeInfo
        self.atomic = atomic
        self.modesetting = atomic == nil ? .legacy : .atomic
    }

    deinit { destroyModeBlob() }

    var width: Int { Int(modeInfo.hdisplay) }
    var height: Int { Int(modeInfo.vdisplay) }

    /// Lights the output up showing `framebuffer`, blocking until the mode is set. Hides the
    /// cursor (legacy) or turns off every other plane on the CRTC (atomic).
    /// Returns 0 or the errno of the failed call, with the call's name.
    func modeset(framebuffer: UInt32) -> (errno: Int32, call: String) {
        guard let atomic else {
            var connector = selection.connector.id
            var mode = modeInfo
            if drmModeSetCrtc(device.fd, selection.crtcID, framebuffer, 0, 0, &connector, 1, &mode) != 0 {
                return (errno, "drmModeSetCrtc")
            }
            // No cursor image: a cursor left by the previous client (or none) is hidden. Drivers
            // without a cursor answer ENXIO, which is just as hidden.
            _ = drmModeSetCursor(device.fd, selection.crtcID, 0, 0, 0)
            return (0, "drmModeSetCrtc")
        }
        if modeBlob == 0 {
            var mode = modeInfo
            var blob: UInt32 = 0
            if drmModeCreatePropertyBlob(device.fd, &mode, MemoryLayout<drmModeModeInfo>.size, &blob) != 0 {
                return (errno, "drmModeCreatePropertyBlob")
            }
            modeBlob = blob
        }
        guard let request = drmModeAtomicAlloc() else { return (ENOMEM, "drmModeAtomicAlloc") }
        defer { drmModeAtomicFree(request) }
        var added = true
        func set(_ object: UInt32, _ property: UInt32, _ value: UInt64) {
            if drmModeAtomicAddProperty(request, object, property, value) < 0 { added = false }
        }
        func setPlane(_ name: String, _ value: UInt64) { set(atomic.planeID, atomic.plane[name]!, value) }
        set(atomic.connectorID, atomic.connectorCRTC, UInt64(atomic.crtcID))
        set(atomic.crtcID, atomic.crtcModeID, UInt64(modeBlob))
        set(atomic.crtcID, atomic.crtcActive, 1)
        setPlane("FB_ID", UInt64(framebuffer))
        setPlane("CRTC_ID", UInt64(atomic.crtcID))
        // Source rectangle in 16.16 fixed point, destination in whole pixels.
        let w = UInt64(width), h = UInt64(height)
        setPlane("SRC_X", 0)
        setPlane("SRC_Y", 0)
        setPlane("SRC_W", w << 16)
        setPlane("SRC_H", h << 16)
        setPlane("CRTC_X", 0)
        setPlane("CRTC_Y", 0)
        setPlane("CRTC_W", w)
        setPlane("CRTC_H", h)
        for other in atomic.planesToDisable {
            set(other.plane, other.fb, 0)
            set(other.plane, other.crtc, 0)
        }
        guard added else { return (ENOMEM, "drmModeAtomicAddProperty") }
        if drmModeAtomicCommit(device.fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil) != 0 {
            return (errno, "drmModeAtomicCommit")
        }
        return (0, "drmModeAtomicCommit")
    }

    /// The connector's legacy `DPMS` property, if it has one.
    var dpmsProperty: UInt32? {
        device.properties(of: selection.connector.id, type: UInt32(DRM_MODE_OBJECT_CONNECTOR))["DPMS"]?.id
    }

    /// Atomic DPMS off: a blocking commit of the CRTC's `ACTIVE` = 0. Returns 0 or the errno.
    func deactivateCRTC() -> (errno: Int32, call: String) {
        guard let atomic else { return (EINVAL, "drmModeAtomicCommit (ACTIVE=0)") }
        guard let request = drmModeAtomicAlloc() else { return (ENOMEM, "drmModeAtomicAlloc") }
        defer { drmModeAtomicFree(request) }
        guard drmModeAtomicAddProperty(request, atomic.crtcID, atomic.crtcActive, 0) >= 0 else {
            return (ENOMEM, "drmModeAtomicAddProperty")
        }
        let result = drmModeAtomicCommit(device.fd, request, UInt32(DRM_MODE_ATOMIC_ALLOW_MODESET), nil)
        return (result == 0 ? 0 : errno, "drmModeAtomicCommit (ACTIVE=0)")
    }

    /// Legacy DPMS: the connector's `DPMS` property set to `value`. Returns 0 or the errno.
    func setConnectorDPMS(property: UInt32, value: UInt64) -> (errno: Int32, call: String) {
        let result = drmModeConnectorSetProperty(device.fd, selection.connector.id, property, value)
        return (result == 0 ? 0 : errno, "drmModeConnectorSetProperty (DPMS \(value))")
    }

    /// Asks for a flip to `framebuffer` at the next vertical blank, with a page-flip event that
    /// will carry `userData` to drmHandleEvent. Returns 0 or the errno, with the call's name.
    func flip(to framebuffer: UInt32, userData: UnsafeMutableRawPointer) -> (errno: Int32, call: String) {
        guard let atomic else {
            let result = drmModePageFlip(device.fd, selection.crtcID, framebuffer,
                                         UInt32(DRM_MODE_PAGE_FLIP_EVENT), userData)
            return (result == 0 ? 0 : errno, "drmModePageFlip")
        }
        guard let request = drmModeAtomicAlloc() else { return (ENOMEM, "drmModeAtomicAlloc") }
        defer { drmModeAtomicFree(request) }
        guard drmModeAtomicAddProperty(request, atomic.planeID, atomic.plane["FB_ID"]!, UInt64(framebuffer)) >= 0
        else { return (ENOMEM, "drmModeAtomicAddProperty") }
        let flags = UInt32(DRM_MODE_PAGE_FLIP_EVENT) | UInt32(DRM_MODE_ATOMIC_NONBLOCK)
        let result = drmModeAtomicCommit(device.fd, request, flags, userData)
        return (result == 0 ? 0 : errno, "drmModeAtomicCommit")
    }

    /// Puts back what the CRTC showed before (drmModeSetCrtc works for atomic clients too),
    /// or turns it off when it was off. Returns 0 or the errno.
    func restore(_ saved: SavedCRTC) -> Int32 {
        var connector = selection.connector.id
        let result: Int32
        if var mode = saved.mode, saved.bufferID != 0 {
            result = drmModeSetCrtc(device.fd, saved.id, saved.bufferID, saved.x, saved.y, &connector, 1, &mode)
        } else {
            result = drmModeSetCrtc(device.fd, saved.id, 0, 0, 0, nil, 0, nil)
        }
        return result == 0 ? 0 : errno
    }

    func destroyModeBlob() {
        guard modeBlob != 0 else { return }
        _ = drmModeDestroyPropertyBlob(device.fd, modeBlob)
        modeBlob = 0
    }
}
