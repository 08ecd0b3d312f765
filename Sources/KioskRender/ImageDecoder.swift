import CCairo
import KioskCore

/// PNG and JPEG files into upright `.argb32` pixels, within `ImageLimits`: the one decoder of
/// the kiosk's images (the renderer's cache, the checks of `kiosk check` and of a run-time
/// `source`, the image fuzzer).
///
/// The pixel size is read from the header and checked before anything is decoded, so an
/// image too large to keep costs a few bytes of reading, not its decoding.
package enum ImageDecoder {
    /// What a file holds, from its header alone.
    package struct Header: Equatable {
        /// PNG or JPEG.
        package var format: ImageFormat
        /// The size as stored (before the EXIF orientation).
        package var width: Int, height: Int
        /// A JPEG's EXIF orientation; `.up` for a PNG.
        package var orientation: ExifOrientation

        /// The size shown: width and height swapped for an orientation that turns by 90°.
        package var uprightSize: Size {
            orientation.swapsAxes ? Size(Double(height), Double(width)) : Size(Double(width), Double(height))
        }
    }

    /// The format, size and orientation of the image in `bytes`, checked against the limits.
    package static func header(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> Header {
        if let problem = ImageLimits.problem(fileBytes: bytes.count) { throw ImageError(problem) }
        let format = try ImageFormat.of(bytes)
        let header: Header
        switch format {
        case .png:
            // The IHDR chunk must come first: width and height are its first 8 bytes (big-endian).
            guard bytes.count >= 24, bytes[12 ..< 16].elementsEqual([0x49, 0x48, 0x44, 0x52]) else {
                throw ImageError("is not a valid PNG image (no IHDR chunk)")
            }
            func be32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
            header = Header(format: .png, width: be32(16), height: be32(20), orientation: .up)
        case .jpeg:
            let size = try TurboJPEG.size(of: bytes)
            header = Header(format: .jpeg, width: size.width, height: size.height, orientation: ExifOrientation.of(jpeg: bytes))
        }
        if let problem = ImageLimits.problem(width: header.width, height: header.height) { throw ImageError(problem) }
        return header
    }

    /// The image in `bytes`, upright: premultiplied `.argb32`, or `.xrgb32` (alpha 0xFF) when
    /// the file has no transparency (every JPEG, a PNG without alpha), which cairo then
    /// composites as a plain copy (pixman's fast path for an opaque source).
    package static func decode(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> PixelBuffer {
        let header = try header(bytes)
        switch header.format {
        case .png:
            let image = try decodePNG(bytes)
            guard image.width == header.width, image.height == header.height else {
                throw ImageError("is not a valid PNG image (its size changed while decoding)")
            }
            return image
        case .jpeg:
            return try header.orientation.upright(TurboJPEG.decode(bytes, width: header.width, height: header.height))
        }
    }

    /// `decode(_:)` of an array.
    package static func decode(_ bytes: [UInt8]) throws(ImageError) -> PixelBuffer {
        do {
            return try bytes.withUnsafeBytes { (raw) throws(ImageError) -> PixelBuffer in try decode(raw) }
        } catch let error as ImageError { throw error } catch { throw ImageError("\(error)") }
    }

    /// `header(_:)` of an array.
    package static func header(_ bytes: [UInt8]) throws(ImageError) -> Header {
        do {
            return try bytes.withUnsafeBytes { (raw) throws(ImageError) -> Header in try header(raw) }
        } catch let error as ImageError { throw error } catch { throw ImageError("\(error)") }
    }

    /// A PNG through `cairo_image_surface_create_from_png_stream`, reading from memory.
    private static func decodePNG(_ bytes: UnsafeRawBufferPointer) throws(ImageError) -> PixelBuffer {
        final class Source {
            let bytes: UnsafeRawBufferPointer
            var offset = 0
            init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }
        }
        let source = Source(bytes)
        let surface = withExtendedLifetime(source) {
            cairo_image_surface_create_from_png_stream({ closure, data, length in
                let source = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
                let count = Int(length)
                // libpng asks for exactly what it needs; a file that ends early is cut short.
                guard let data, source.offset + count <= source.bytes.count else { return CAIRO_STATUS_READ_ERROR }
                UnsafeMutableRawPointer(data).copyMemory(from: source.bytes.baseAddress! + source.offset, byteCount: count)
                source.offset += count
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(source).toOpaque())!
        }
        defer { cairo_surface_destroy(surface) }
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw ImageError("is not a valid PNG image (\(String(cString: cairo_status_to_string(status))))")
        }
        do { return try PNGImage.copy(surface, opaqueFormat: .xrgb32) } catch { throw ImageError("is not a valid PNG image (\(error.message))") }
    }
}
