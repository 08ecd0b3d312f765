import CTurboJPEG
import KioskCore

/// libjpeg-turbo through its TurboJPEG API: the module's only user of the library. One handle
/// per call (`tjInitDecompress`/`tjInitCompress`, freed by `tjDestroy`): images are decoded on
/// a cache miss, not per frame, so a handle kept around would save nothing worth its state.
///
/// Pixels are `.xrgb32` buffers (a JPEG is opaque): TJPF_BGRA is cairo's RGB24/ARGB32 in
/// memory on a little-endian processor (x86-64 and aarch64 both), and TurboJPEG fills its
/// alpha with 0xFF, so the same pixels are right as either.
package enum TurboJPEG {
    /// A JPEG's size in pixels as its header says (`tjDecompressHeader3`), before any EXIF
    /// orientation.
    package static func size(of jpeg: UnsafeRawBufferPointer) throws(ImageError) -> (width: Int, height: Int) {
        guard let handle = tjInitDecompress() else { throw ImageError("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        var width: Int32 = 0, height: Int32 = 0, subsampling: Int32 = 0, colorspace: Int32 = 0
        let status = tjDecompressHeader3(handle, base(jpeg), UInt(jpeg.count), &width, &height, &subsampling, &colorspace)
        guard status == 0 else { throw failure(handle) }
        return (Int(width), Int(height))
    }

    /// Decodes a JPEG whose size (`size(of:)`) the caller has checked against the limits.
    /// A warning (a file cut short, a bad Huffman code) is an error too: the kiosk does not
    /// show half a photo padded with grey.
    package static func decode(_ jpeg: UnsafeRawBufferPointer, width: Int, height: Int) throws(ImageError) -> PixelBuffer {
        guard let handle = tjInitDecompress() else { throw ImageError("cannot start the JPEG decoder") }
        defer { tjDestroy(handle) }
        let buffer: PixelBuffer
        do { buffer = try PixelBuffer(width: width, height: height, format: .xrgb32) } catch {
            throw ImageError("is \(width)x\(height) pixels, which cannot be decoded")
        }
        // TJFLAG_LIMITSCANS: a progressive JPEG of thousands of tiny scans costs minutes.
        let flags = Int32(TJFLAG_STOPONWARNING | TJFLAG_LIMITSCANS)
        let status = tjDecompress2(handle, base(jpeg), UInt(jpeg.count), buffer.bytes.assumingMemoryBound(to: UInt8.self),
                                   Int32(width), Int32(buffer.stride), Int32(height), Int32(TJPF_BGRA.rawValue), flags)
        guard status == 0 else { throw failure(handle) }
        return buffer
    }

    /// `buffer` as a baseline JPEG of `quality` (1…100) with 4:2:0 chroma: for tests, the
    /// fuzz corpus and the benchmark, which make their photos instead of shipping them.
    package static func encode(_ buffer: PixelBuffer, quality: Int = 90) throws(ImageError) -> [UInt8] {
        guard let handle = tjInitCompress() else { throw ImageError("cannot start the JPEG encoder") }
        defer { tjDestroy(handle) }
        var output: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let status = tjCompress2(handle, buffer.bytes.assumingMemoryBound(to: UInt8.self), Int32(buffer.width),
                                 Int32(buffer.stride), Int32(buffer.height), Int32(TJPF_BGRX.rawValue), &output, &size,
                                 Int32(TJSAMP_420.rawValue), Int32(quality), 0)
        defer { tjFree(output) }
        guard status == 0, let output else { throw failure(handle) }
        return Array(UnsafeBufferPointer(start: output, count: Int(size)))
    }

    private static func base(_ bytes: UnsafeRawBufferPointer) -> UnsafePointer<UInt8>? {
        bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
    }

    /// TurboJPEG's own words for the last failure of `handle` (`tjGetErrorStr2`).
    private static func failure(_ handle: tjhandle) -> ImageError {
        let text = tjGetErrorStr2(handle).map { String(cString: $0) } ?? "unknown error"
        return ImageError("is not a valid JPEG image (\(text))")
    }
}
