import KioskCore

/// How a camera held the sensor: the EXIF orientation tag (0x0112) of a JPEG's APP1 segment,
/// 1…8 as TIFF numbers them. Phones store the sensor's pixels as they came and write this tag
/// instead of turning the photo, so without it a portrait photo shows lying on its side.
///
/// Read here from the bytes (libjpeg-turbo skips APP segments), applied after decoding by
/// `upright(_:)`.
package enum ExifOrientation: Int, Sendable, CaseIterable {
    /// Stored upright.
    case up = 1
    /// Mirrored left to right.
    case upMirrored = 2
    /// Upside down.
    case down = 3
    /// Mirrored top to bottom.
    case downMirrored = 4
    /// Mirrored along the top-left to bottom-right diagonal (transposed).
    case leftMirrored = 5
    /// Turn 90° clockwise to show (a phone held upright).
    case right = 6
    /// Mirrored along the other diagonal (transversed).
    case rightMirrored = 7
    /// Turn 90° counter-clockwise to show.
    case left = 8

    /// Whether showing it upright swaps width and height.
    package var swapsAxes: Bool { rawValue >= 5 }

    /// The orientation of the JPEG `jpeg` (its first Exif APP1 segment's IFD0 tag 0x0112),
    /// `.up` when it has none or the tag is broken: a wrong tag must not make a photo
    /// unreadable. Reads only the markers before the first scan.
    package static func of(jpeg bytes: UnsafeRawBufferPointer) -> ExifOrientation {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return .up }
        var i = 2
        while i + 4 <= bytes.count {
            guard bytes[i] == 0xFF else { return .up }
            let marker = bytes[i + 1]
            if marker == 0xFF { i += 1; continue }                        // fill byte
            if marker == 0x01 || (0xD0...0xD8).contains(marker) { i += 2; continue }   // no length
            if marker == 0xDA || marker == 0xD9 { return .up }           // scan or end: no more APPn
            let length = Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
            guard length >= 2, i + 2 + length <= bytes.count else { return .up }
            let segment = i + 4 ..< i + 2 + length
            if marker == 0xE1, let found = exif(bytes, segment) { return found }
            i += 2 + length
        }
        return .up
    }

    /// The tag inside one APP1 segment: `Exif\0\0`, then a TIFF header and IFD0.
    private static func exif(_ bytes: UnsafeRawBufferPointer, _ segment: Range<Int>) -> ExifOrientation? {
        let header: [UInt8] = [0x45, 0x78, 0x69, 0x66, 0, 0]   // "Exif\0\0"
        guard segment.count >= 6 + 8, bytes[segment.lowerBound ..< segment.lowerBound + 6].elementsEqual(header) else {
            return nil
        }
        let tiff = segment.lowerBound + 6
        let end = segment.upperBound
        let little: Bool
        switch (bytes[tiff], bytes[tiff + 1]) {
        case (0x49, 0x49): little = true    // "II"
        case (0x4D, 0x4D): little = false   // "MM"
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= tiff, at + 2 <= end else { return nil }
            return little ? Int(bytes[at]) | Int(bytes[at + 1]) << 8 : Int(bytes[at]) << 8 | Int(bytes[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(tiff + 2) == 42, let ifd = u32(tiff + 4), let count = u16(tiff + ifd) else { return nil }
        for entry in 0..<count {
            let at = tiff + ifd + 2 + entry * 12
            guard let tag = u16(at) else { return nil }
            // Type 3 is SHORT, count 1: the value sits in the first two bytes of the field.
            guard tag == 0x0112 else { continue }
            guard u16(at + 2) == 3, let value = u16(at + 8) else { return nil }
            return ExifOrientation(rawValue: value)
        }
        return nil
    }

    /// `image` turned and mirrored so that it shows upright (`image` itself when `.up`).
    package func upright(_ image: PixelBuffer) throws(ImageError) -> PixelBuffer {
        guard self != .up else { return image }
        let w = image.width, h = image.height
        let out: PixelBuffer
        do {
            out = try PixelBuffer(width: swapsAxes ? h : w, height: swapsAxes ? w : h, format: image.format)
        } catch { throw ImageError("is \(w)x\(h) pixels, which cannot be turned upright") }
        // For each output pixel (x, y), the stored pixel it shows. Rows of the output are
        // written in order; the reads stride for the turns, which costs little at photo sizes.
        for y in 0..<out.height {
            let row = out.row(y)
            for x in 0..<out.width {
                let (sx, sy): (Int, Int)
                switch self {
                case .up: (sx, sy) = (x, y)
                case .upMirrored: (sx, sy) = (w - 1 - x, y)
                case .down: (sx, sy) = (w - 1 - x, h - 1 - y)
                case .downMirrored: (sx, sy) = (x, h - 1 - y)
                case .leftMirrored: (sx, sy) = (y, x)
                case .right: (sx, sy) = (y, h - 1 - x)
                case .rightMirrored: (sx, sy) = (w - 1 - y, h - 1 - x)
                case .left: (sx, sy) = (w - 1 - y, x)
                }
                row[x] = image.row(sy)[sx]
            }
        }
        return out
    }
}
