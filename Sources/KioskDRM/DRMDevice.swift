import CDRM
import CDRMShim
@preconcurrency import Glibc
import KioskDevice

/// An open DRM card: owns the descriptor (given back to the opener in `deinit`) and turns
/// libdrm's allocated structs into plain Swift values, freeing each one where it is read.
final class DRMDevice {
    let path: String
    let fd: Int32
    private let opener: DeviceOpener

    init(path: String, opener: DeviceOpener) throws(DRMError) {
        self.path = path
        self.opener = opener
        do {
            fd = try opener.open(path, flags: O_RDWR | O_CLOEXEC | O_NONBLOCK)
        } catch {
            throw .deviceUnavailable(error)
        }
    }

    deinit { opener.close(fd) }

    func failure(_ call: String, errno code: Int32 = errno) -> DRMError {
        .callFailed(call: call, device: path, errno: code)
    }

    /// drmGetCap, nil when the kernel does not know the capability.
    func capability(_ cap: UInt64) -> UInt64? {
        var value: UInt64 = 0
        return drmGetCap(fd, cap, &value) == 0 ? value : nil
    }

    var hasDumbBuffers: Bool { (capability(UInt64(DRM_CAP_DUMB_BUFFER)) ?? 0) != 0 }

    /// drmSetClientCap; returns whether the kernel accepted it.
    func setClientCapability(_ cap: UInt64, _ value: UInt64) -> Bool {
        drmSetClientCap(fd, cap, value) == 0
    }

    /// The connectors, encoders, CRTCs (and planes, if `withPlanes`) as plain values, plus each
    /// connector's raw mode list for the modeset.
    func readResources(withPlanes: Bool) throws(DRMError) -> (KMSResources, [UInt32: [drmModeModeInfo]]) {
        guard let res = drmModeGetResources(fd) else { throw failure("drmModeGetResources") }
        defer { drmModeFreeResources(res) }
        let crtcs = Array(UnsafeBufferPointer(start: res.pointee.crtcs, count: Int(res.pointee.count_crtcs)))
        var encoders: [KMSResources.Encoder] = []
        for id in UnsafeBufferPointer(start: res.pointee.encoders, count: Int(res.pointee.count_encoders)) {
            guard let enc = drmModeGetEncoder(fd, id) else { continue }
            encoders.append(.init(id: id, possibleCRTCs: enc.pointee.possible_crtcs, currentCRTCID: enc.pointee.crtc_id))
            drmModeFreeEncoder(enc)
        }
        var connectors: [KMSResources.Connector] = []
        var rawModes: [UInt32: [drmModeModeInfo]] = [:]
        for id in UnsafeBufferPointer(start: res.pointee.connectors, count: Int(res.pointee.count_connectors)) {
            // drmModeGetConnector probes the connector (reads EDID): slow on some hardware, but
            // done once at start, and the only way to learn what is plugged in.
            guard let conn = drmModeGetConnector(fd, id) else { continue }
            defer { drmModeFreeConnector(conn) }
            let c = conn.pointee
            let modes = Array(UnsafeBufferPointer(start: c.modes, count: Int(c.count_modes)))
            rawModes[id] = modes
            let connection: KMSResources.Connector.Connection =
                c.connection == DRM_MODE_CONNECTED ? .connected
                : c.connection == DRM_MODE_DISCONNECTED ? .disconnected : .unknown
            connectors.append(.init(
                id: id, name: Self.connectorName(type: c.connector_type, index: c.connector_type_id),
                connection: connection, modes: modes.map(Self.displayMode),
                encoderIDs: Array(UnsafeBufferPointer(start: c.encoders, count: Int(c.count_encoders))),
                currentEncoderID: c.encoder_id))
        }
        var resources = KMSResources(connectors: connectors, encoders: encoders, crtcs: crtcs)
        if withPlanes { resources.planes = readPlanes() }
        return (resources, rawModes)
    }

    /// `HDMI-A-1`: the kernel's connector naming (type name + per-type index).
    static func connectorName(type: UInt32, index: UInt32) -> String {
        let typeName = drmModeGetConnectorTypeName(type).map { String(cString: $0) } ?? "Unknown\(type)"
        return "\(typeName)-\(index)"
    }

    static func displayMode(_ m: drmModeModeInfo) -> DisplayMode {
        DisplayMode(
            width: Int(m.hdisplay), height: Int(m.vdisplay), refresh: Int(m.vrefresh),
            isPreferred: m.type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0,
            exactInterval: DisplayMode.frameInterval(
                clockKHz: Int(m.clock), htotal: Int(m.htotal), vtotal: Int(m.vtotal),
                interlaced: m.flags & UInt32(DRM_MODE_FLAG_INTERLACE) != 0,
                doubleScan: m.flags & UInt32(DRM_MODE_FLAG_DBLSCAN) != 0, vscan: Int(m.vscan)))
    }

    /// Planes need DRM_CLIENT_CAP_UNIVERSAL_PLANES (implied by the atomic capability) to list
    /// primary and cursor planes at all.
    private func readPlanes() -> [KMSResources.Plane] {
        guard let list = drmModeGetPlaneResources(fd) else { return [] }
        defer { drmModeFreePlaneResources(list) }
        var planes: [KMSResources.Plane] = []
        for id in UnsafeBufferPointer(start: list.pointee.planes, count: Int(list.pointee.count_planes)) {
            guard let plane = drmModeGetPlane(fd, id) else { continue }
            defer { drmModeFreePlane(plane) }
            let p = plane.pointee
            let formats = UnsafeBufferPointer(start: p.formats, count: Int(p.count_formats))
            let type = properties(of: id, type: UInt32(DRM_MODE_OBJECT_PLANE))["type"]?.value
            let kind: KMSResources.Plane.Kind =
                type == UInt64(DRM_PLANE_TYPE_PRIMARY) ? .primary
                : type == UInt64(DRM_PLANE_TYPE_CURSOR) ? .cursor : .overlay
            planes.append(.init(id: id, kind: kind, possibleCRTCs: p.possible_crtcs, currentCRTCID: p.crtc_id,
                                formats: Set(formats.compactMap(DRMFormat.init(fourcc:)))))
        }
        return planes
    }

    /// An object's properties by name: id and current value.
    func properties(of object: UInt32, type: UInt32) -> [String: (id: UInt32, value: UInt64)] {
        guard let props = drmModeObjectGetProperties(fd, object, type) else { return [:] }
        defer { drmModeFreeObjectProperties(props) }
        var result: [String: (id: UInt32, value: UInt64)] = [:]
        for i in 0..<Int(props.pointee.count_props) {
            let id = props.pointee.props[i]
            guard let prop = drmModeGetProperty(fd, id) else { continue }
            let name = withUnsafeBytes(of: prop.pointee.name) { String(cStringBytes: $0) }
            drmModeFreeProperty(prop)
            result[name] = (id, props.pointee.prop_values[i])
        }
        return result
    }

    /// The CRTC's current state, to put back at exit.
    func savedCRTC(_ id: UInt32) -> SavedCRTC? {
        guard let crtc = drmModeGetCrtc(fd, id) else { return nil }
        defer { drmModeFreeCrtc(crtc) }
        let c = crtc.pointee
        return SavedCRTC(id: id, bufferID: c.buffer_id, x: c.x, y: c.y, mode: c.mode_valid != 0 ? c.mode : nil)
    }

    /// Whether this descriptor is DRM master now.
    var isMaster: Bool { drmIsMaster(fd) != 0 }

    /// Waits up to `milliseconds` for the descriptor to become readable (a DRM event).
    func waitForEvent(milliseconds: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        while true {
            let n = poll(&p, 1, milliseconds)
            if n < 0 && errno == EINTR { continue }
            return n > 0 && p.revents & Int16(POLLIN) != 0
        }
    }
}

/// What a CRTC showed before the kiosk took it (drmModeGetCrtc), put back by `restore()`.
struct SavedCRTC {
    var id: UInt32
    var bufferID: UInt32
    var x: UInt32
    var y: UInt32
    /// Nil when the CRTC was off.
    var mode: drmModeModeInfo?
}
