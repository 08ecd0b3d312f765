/// How large an image file (`image` control, `backgroundImage`, a button's `icon`) may be.
/// `kiosk check`, the start and a run-time `source` refuse larger files with these numbers,
/// and the renderer's decoder keeps to them for any file that reaches it another way.
///
/// They bound what one image can cost before anything is decoded: the file's size is known
/// from `fstat`, the pixel size from the PNG or JPEG header, so a 65535x65535 PNG of a few
/// kilobytes (a decompression bomb) is refused before a byte of it is inflated.
package enum ImageLimits {
    /// The longest side, in pixels (the same as `PixelBuffer.maximumSide`).
    package static let maximumSide = 8192
    /// The largest file, in bytes: 32 MiB.
    package static let maximumFileBytes = 32 << 20
    /// The most bytes the decoded pixels may take (4 a pixel): 128 MiB, a 33-megapixel photo.
    package static let maximumDecodedBytes = 128 << 20

    /// Why a `width` × `height` image may not be decoded, or nil when it may.
    package static func problem(width: Int, height: Int) -> String? {
        guard width > 0, height > 0 else { return "has no pixels (\(width)x\(height))" }
        if width > maximumSide || height > maximumSide {
            return "is \(width)x\(height) pixels; images may be at most \(maximumSide) pixels a side"
        }
        if width * height * 4 > maximumDecodedBytes {
            return "is \(width)x\(height) pixels (\((width * height * 4) >> 20) MiB decoded); images may take at most "
                + "\(maximumDecodedBytes >> 20) MiB decoded"
        }
        return nil
    }

    /// Why a file of `bytes` may not be read as an image, or nil when it may.
    package static func problem(fileBytes bytes: Int) -> String? {
        guard bytes > maximumFileBytes else { return nil }
        return "is \(bytes) bytes; image files may be at most \(maximumFileBytes >> 20) MiB"
    }
}
