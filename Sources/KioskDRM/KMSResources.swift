import KioskBackend

/// A plain-Swift snapshot of what a DRM card offers (connectors, encoders, CRTCs, planes), read
/// once through libdrm by ``DRMDevice`` and then decided on by pure functions
/// (``OutputSelection``), which is what makes the choice testable without a device.
struct KMSResources: Sendable, Equatable {
    var connectors: [Connector]
    var encoders: [Encoder]
    /// CRTC object ids in the kernel's index order: bit `i` of an encoder's or plane's
    /// `possibleCRTCs` means `crtcs[i]`.
    var crtcs: [UInt32]
    /// Empty unless the universal-planes capability was set (atomic modesetting).
    var planes: [Plane] = []

    struct Connector: Sendable, Equatable {
        enum Connection: String, Sendable { case connected, disconnected, unknown }
        var id: UInt32
        /// `Virtual-1`, `HDMI-A-1`: drmModeGetConnectorTypeName + the type's index.
        var name: String
        var connection: Connection
        /// In the kernel's order (preferred first, then by size and refresh).
        var modes: [DisplayMode]
        var encoderIDs: [UInt32]
        /// The encoder currently driving it (0: none).
        var currentEncoderID: UInt32 = 0
    }

    struct Encoder: Sendable, Equatable {
        var id: UInt32
        /// Bit mask over `KMSResources.crtcs` indices.
        var possibleCRTCs: UInt32
        /// The CRTC it is currently attached to (0: none).
        var currentCRTCID: UInt32 = 0
    }

    struct Plane: Sendable, Equatable {
        enum Kind: Sendable { case primary, overlay, cursor }
        var id: UInt32
        var kind: Kind
        var possibleCRTCs: UInt32
        /// The CRTC it is showing on now (0: none).
        var currentCRTCID: UInt32
        /// The formats among ours (``DRMFormat``) that it can scan out.
        var formats: Set<DRMFormat>
    }
}

/// One display mode, without libdrm types.
struct DisplayMode: Sendable, Equatable, CustomStringConvertible {
    var width: Int
    var height: Int
    /// Whole hertz, as the kernel's `vrefresh` rounds it.
    var refresh: Int
    var isPreferred: Bool
    /// The exact frame period from the pixel clock (`htotal * vtotal / clock`), or nil when the
    /// driver gives no timings (then `refresh` is all there is).
    var exactInterval: Duration?

    init(width: Int, height: Int, refresh: Int, isPreferred: Bool = false, exactInterval: Duration? = nil) {
        self.width = width
        self.height = height
        self.refresh = refresh
        self.isPreferred = isPreferred
        self.exactInterval = exactInterval
    }

    /// `800x480@60`.
    var description: String { "\(width)x\(height)@\(refresh)" }

    /// Time between two vertical blanks: the exact value when known, else 1/refresh, else
    /// the pacer's 60 Hz.
    var refreshInterval: Duration {
        if let exactInterval { return exactInterval }
        return refresh > 0 ? .nanoseconds(1_000_000_000 / Int64(refresh)) : OutputPacer.fallbackRefreshInterval
    }

    /// The frame period of a mode from its timings, as the kernel's drm_mode_vrefresh computes
    /// the rate: `clock` in kHz, doubled for interlaced, halved for double-scan and `vscan`.
    static func frameInterval(clockKHz: Int, htotal: Int, vtotal: Int, interlaced: Bool, doubleScan: Bool,
                              vscan: Int) -> Duration? {
        guard clockKHz > 0, htotal > 0, vtotal > 0 else { return nil }
        var pixels = Int64(htotal) * Int64(vtotal)
        var clock = Int64(clockKHz)
        if interlaced { clock *= 2 }  // two fields per frame; a field is what a flip waits for
        if doubleScan { pixels *= 2 }
        if vscan > 1 { pixels *= Int64(vscan) }
        // `pixels` at `clock` * 1000 pixels per second, in nanoseconds.
        return .nanoseconds(pixels * 1_000_000 / clock)
    }
}
