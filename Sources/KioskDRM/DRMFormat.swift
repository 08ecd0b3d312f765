import CDRMShim
import KioskCore

/// The pixel formats the DRM backend scans out. Dumb buffers hold one of them; the shadow
/// buffer (always XRGB8888) is converted into it, damaged rectangles only.
///
/// XRGB8888 is what every KMS driver scans out and needs no conversion, but some prefer 16
/// bits (cirrus, many small SPI and parallel panels: half the memory and bandwidth), and a
/// few offer nothing else. Which one is used is decided once, at start.
enum DRMFormat: String, CaseIterable, Sendable, CustomStringConvertible {
    case xrgb8888 = "XRGB8888"
    case rgb565 = "RGB565"

    var description: String { rawValue }

    /// The DRM fourcc code (`DRM_FORMAT_*`), for drmModeAddFB2 and the planes' format lists.
    var fourcc: UInt32 {
        switch self {
        case .xrgb8888: return kiosk_drm_format_xrgb8888()
        case .rgb565: return kiosk_drm_format_rgb565()
        }
    }

    var layout: PixelLayout {
        switch self {
        case .xrgb8888: return .xrgb8888
        case .rgb565: return .rgb565
        }
    }

    /// Bits per pixel of the dumb buffer, and the colour depth the older drmModeAddFB takes.
    var bitsPerPixel: UInt32 { self == .rgb565 ? 16 : 32 }
    var depth: UInt32 { self == .rgb565 ? 16 : 24 }

    init?(fourcc: UInt32) {
        guard let format = Self.allCases.first(where: { $0.fourcc == fourcc }) else { return nil }
        self = format
    }

    /// The formats to try, best first.
    /// - Parameters:
    ///   - preferredDepth: `DRM_CAP_DUMB_PREFERRED_DEPTH` (nil: the kernel does not say; 0 means
    ///     no preference). A driver that prefers 16 gets RGB565 first.
    ///   - planeFormats: what the primary plane can scan out, or nil when unknown (legacy
    ///     modesetting lists no planes): then both are tried, the failing one falls through.
    static func candidates(preferredDepth: UInt64?, planeFormats: Set<DRMFormat>?) -> [DRMFormat] {
        let order: [DRMFormat] = preferredDepth == 16 ? [.rgb565, .xrgb8888] : [.xrgb8888, .rgb565]
        guard let planeFormats else { return order }
        return order.filter(planeFormats.contains)
    }
}
