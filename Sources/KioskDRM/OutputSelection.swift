/// The pure decisions of bringing up a display: which connector, which of its modes, which CRTC
/// drives it and (atomic only) which plane scans out. Inputs are ``KMSResources`` snapshots, so
/// every rule here is tested without a device.
struct OutputSelection: Sendable, Equatable {
    var connector: KMSResources.Connector
    /// Index into `connector.modes` (and into the raw libdrm mode list it came from).
    var modeIndex: Int
    var crtcID: UInt32
    /// The CRTC's index in `KMSResources.crtcs` (the bit position in `possibleCRTCs` masks).
    var crtcIndex: Int

    var mode: DisplayMode { connector.modes[modeIndex] }

    /// Picks the output to light up.
    /// - Parameters:
    ///   - output: a connector name the user asked for, or nil for the first connected one.
    ///   - mode: a mode the user asked for, or nil for the preferred mode.
    static func choose(in resources: KMSResources, device: String, output: String?,
                       mode request: (width: Int, height: Int, refresh: Int?)?) throws(DRMError) -> OutputSelection {
        let connector = try chooseConnector(in: resources, device: device, output: output)
        let modeIndex = try chooseMode(of: connector, request: request)
        guard let crtc = crtcs(for: connector, in: resources).first else { throw .noCRTC(output: connector.name) }
        return OutputSelection(connector: connector, modeIndex: modeIndex, crtcID: crtc.id, crtcIndex: crtc.index)
    }

    static func chooseConnector(in resources: KMSResources, device: String,
                                output: String?) throws(DRMError) -> KMSResources.Connector {
        let listing = resources.connectors.map { OutputInfo($0, in: resources) }
        if let output {
            // Names are case-sensitive in the kernel, but nobody means "hdmi-a-1" as another output.
            guard let named = resources.connectors.first(where: { $0.name == output })
                ?? resources.connectors.first(where: { $0.name.lowercased() == output.lowercased() }) else {
                throw .outputNotFound(name: output, device: device, outputs: listing)
            }
            // Some drivers report `unknown` for panels they cannot probe; asked for by name and
            // with modes, such a connector is used.
            guard named.connection != .disconnected, !named.modes.isEmpty else {
                throw .outputNotConnected(name: named.name, device: device)
            }
            return named
        }
        guard let first = resources.connectors.first(where: { $0.connection == .connected && !$0.modes.isEmpty })
        else { throw .noConnectedOutput(device: device, outputs: listing) }
        return first
    }

    /// The index of the requested mode, or of the preferred one (the first listed when the
    /// display marks none). Among several modes of the requested size, a preferred one wins,
    /// then the kernel's order (highest refresh first).
    static func chooseMode(of connector: KMSResources.Connector,
                           request: (width: Int, height: Int, refresh: Int?)?) throws(DRMError) -> Int {
        guard let request else {
            return connector.modes.firstIndex(where: \.isPreferred) ?? 0
        }
        let matches = connector.modes.indices.filter { i in
            let m = connector.modes[i]
            return m.width == request.width && m.height == request.height
                && (request.refresh == nil || m.refresh == request.refresh)
        }
        guard let first = matches.first else {
            var seen = Set<String>()
            throw .modeNotAvailable(requested: DRMOptions.describe(request), output: connector.name,
                                    available: connector.modes.map(\.description).filter { seen.insert($0).inserted })
        }
        return matches.first(where: { connector.modes[$0].isPreferred }) ?? first
    }

    /// CRTCs that can drive `connector`, best first: the one already driving it (no modeset
    /// surprise, and what fbcon lit up), then the others its encoders allow, in index order.
    static func crtcs(for connector: KMSResources.Connector,
                      in resources: KMSResources) -> [(id: UInt32, index: Int)] {
        var result: [(id: UInt32, index: Int)] = []
        func add(_ index: Int) {
            guard index < resources.crtcs.count, !result.contains(where: { $0.index == index }) else { return }
            result.append((resources.crtcs[index], index))
        }
        if connector.currentEncoderID != 0,
           let encoder = resources.encoders.first(where: { $0.id == connector.currentEncoderID }),
           encoder.currentCRTCID != 0, let index = resources.crtcs.firstIndex(of: encoder.currentCRTCID) {
            add(index)
        }
        for encoderID in connector.encoderIDs {
            guard let encoder = resources.encoders.first(where: { $0.id == encoderID }) else { continue }
            for index in 0..<min(32, resources.crtcs.count) where encoder.possibleCRTCs & (1 << UInt32(index)) != 0 {
                add(index)
            }
        }
        return result
    }

    /// The primary plane that can show XRGB8888 or RGB565 on the chosen CRTC (preferring the one already
    /// on it), or nil: then atomic modesetting is not possible and the legacy path is used.
    func primaryPlane(in resources: KMSResources) -> KMSResources.Plane? {
        let candidates = resources.planes.filter {
            $0.kind == .primary && !$0.formats.isEmpty && $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0
        }
        return candidates.first(where: { $0.currentCRTCID == crtcID }) ?? candidates.first
    }

    /// Cursor and overlay planes showing something on the chosen CRTC: the atomic modeset turns
    /// them off, so no stale cursor (or another client's overlay) floats over the kiosk.
    func planesToDisable(in resources: KMSResources, keeping primary: UInt32) -> [KMSResources.Plane] {
        resources.planes.filter { $0.id != primary && $0.currentCRTCID == crtcID }
    }
}
