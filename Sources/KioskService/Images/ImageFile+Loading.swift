import KioskConfig
import KioskCore
import KioskRender
import KioskUI

/// Reading a located file: the service's, for it needs the file system and the decoder.
extension ImageFile {
    /// Reads the file, checks it within `ImageLimits` and decodes it whole, so that a file cut
    /// short or corrupt inside is refused now, with its reason, and never becomes a blank
    /// frame later; `use` gets the pixels before they are let go (to scale them for their
    /// sites: `ImageCache.prepare`). Blocks on the file and the decoder: for a worker, or for
    /// a config being read.
    package func load(_ use: (ImageReference, PixelBuffer) -> Void) throws(ImageSourceError) -> ImageReference {
        do throws(ImageError) {
            let contents = try ImageFileReader.read(path)
            let header = try ImageDecoder.header(contents.bytes)
            let pixels = try ImageDecoder.decode(contents.bytes)
            let reference = ImageReference(path: path, size: header.uprightSize, stamp: contents.stamp,
                                           isOpaque: pixels.format == .xrgb32)
            use(reference, pixels)
            return reference
        } catch {
            throw ImageSourceError(source: source, reason: Self.phrase(error.reason))
        }
    }

    /// A reason from the reader (an `errno` text) or the decoder ("is …"), as it follows a path.
    private static func phrase(_ reason: String) -> String {
        reason.hasPrefix("is ") || reason.hasPrefix("became ") ? reason : "cannot be read: \(reason)"
    }
}
