/// The kinds of image file the kiosk reads, told apart by their first bytes (never by the
/// name: a photo saved as `.png` by a phone is still a JPEG).
package enum ImageFormat: String, Sendable {
    /// PNG, decoded by cairo (its libpng reader).
    case png
    /// JPEG (JFIF or Exif), decoded by libjpeg-turbo.
    case jpeg

    /// The format of a file starting with `bytes`, or why it is none the kiosk reads.
    package static func of(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> ImageFormat {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        if bytes.count >= 8 && bytes.prefix(8).elementsEqual(png) { return .png }
        if bytes.count >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF { return .jpeg }
        if bytes.isEmpty { throw ImageError("is empty") }
        if looksLikeSVG(bytes) {
            throw ImageError("is an SVG image; the kiosk reads PNG and JPEG only (export the icon as a PNG)")
        }
        throw ImageError("is not a PNG or JPEG image")
    }

    /// SVG is XML: `<svg` (after an optional `<?xml …?>` and comments) within the first bytes.
    private static func looksLikeSVG(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let head = String(decoding: bytes.prefix(1024), as: UTF8.self).lowercased()
        return head.contains("<svg")
    }
}
