import KioskCore
import KioskRender

/// Small images made in the test: quadrants of four colours, so that every turn and mirror
/// of the EXIF orientations puts a known colour in each corner.
package enum TestImages {
    package static let red: UInt32 = 0xFFFF_0000, green: UInt32 = 0xFF00_FF00, blue: UInt32 = 0xFF00_00FF, white: UInt32 = 0xFFFF_FFFF

    /// `width` × `height`: top-left red, top-right green, bottom-left blue, bottom-right white.
    package static func quadrants(width: Int = 32, height: Int = 16) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let top = y < height / 2, left = x < width / 2
                buffer.setPixel(x: x, y: y, top ? (left ? red : green) : (left ? blue : white))
            }
        }
        return buffer
    }

    package static func png(_ buffer: PixelBuffer) throws -> [UInt8] { try PNGImage.encode(buffer) }

    package static func jpeg(_ buffer: PixelBuffer, quality: Int = 95) throws -> [UInt8] { try TurboJPEG.encode(buffer, quality: quality) }

    /// `jpeg` with an Exif APP1 segment carrying `orientation` right after SOI, in the byte
    /// order a camera picks (`bigEndian`: "MM", else "II").
    package static func withOrientation(_ jpeg: [UInt8], _ orientation: Int, bigEndian: Bool = false) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { bigEndian ? [UInt8(v >> 8), UInt8(v & 0xFF)] : [UInt8(v & 0xFF), UInt8(v >> 8)] }
        func u32(_ v: Int) -> [UInt8] { bigEndian ? u16(v >> 16) + u16(v & 0xFFFF) : u16(v & 0xFFFF) + u16(v >> 16) }
        var tiff: [UInt8] = bigEndian ? [0x4D, 0x4D] : [0x49, 0x49]
        tiff += u16(42) + u32(8)                                  // IFD0 right after the header
        tiff += u16(2)                                            // two entries: another tag first
        tiff += u16(0x010F) + u16(2) + u32(4) + [0x41, 0x42, 0x43, 0]   // Make "ABC"
        tiff += u16(0x0112) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        tiff += u32(0)                                            // no next IFD
        let payload: [UInt8] = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    /// Whether two pixels are within `tolerance` per channel (JPEG is lossy).
    package static func near(_ a: UInt32, _ b: UInt32, tolerance: Int = 40) -> Bool {
        (0..<4).allSatisfy { (shift: Int) -> Bool in
            let x = Int((a >> UInt32(shift * 8)) & 0xFF)
            let y = Int((b >> UInt32(shift * 8)) & 0xFF)
            return abs(x - y) <= tolerance
        }
    }

    /// The colours near the four corners (inset, away from JPEG's blurred edges), clockwise
    /// from the top-left.
    package static func corners(_ image: PixelBuffer) -> [UInt32] {
        let x0 = 2, y0 = 2, x1 = image.width - 3, y1 = image.height - 3
        return [image.pixel(x: x0, y: y0), image.pixel(x: x1, y: y0), image.pixel(x: x1, y: y1), image.pixel(x: x0, y: y1)]
    }
}
