import KioskCore

/// A solid colour composited OVER opaque pixels, as the factors of one pass over them: every
/// channel becomes `channel × keep / 255 + tint` (`kiosk_pixels_copy_darkened`).
///
/// The bytes are the ones cairo and pixman would use for `cairo_set_source_rgba` and a fill:
/// components clamped to 0…1, premultiplied, converted to 16 bits with rounding and then cut
/// to 8. So the darkened copy gives exactly the pixels of a blit followed by a translucent
/// fill, and switching between the two paths never flickers by a level.
struct Darkening: Equatable {
    /// What is left of each source channel, out of 255: 255 minus the colour's alpha.
    let keep: UInt8
    /// The premultiplied colour, a native-endian 0xAARRGGBB pixel.
    let tint: UInt32

    /// No colour: a plain copy.
    static let none = Darkening(keep: 255, tint: 0)

    init(keep: UInt8, tint: UInt32) {
        self.keep = keep
        self.tint = tint
    }

    init(_ color: Color?) {
        guard let color else {
            self = .none
            return
        }
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : min(max(v, 0), 1) }
        // cairo's _cairo_color_double_to_short, then pixman's 16 → 8 bit conversion.
        func byte(_ v: Double) -> UInt32 { UInt32(UInt16(v * 65535 + 0.5) >> 8) }
        let a = unit(color.alpha)
        let alpha = byte(a)
        keep = UInt8(255 - alpha)
        tint = alpha << 24 | byte(unit(color.red) * a) << 16 | byte(unit(color.green) * a) << 8 | byte(unit(color.blue) * a)
    }
}
