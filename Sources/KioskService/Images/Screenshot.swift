import KioskCore
import KioskRender

/// Screenshots as files: the PNG is made in memory and written atomically, so a full disk or
/// a missing folder is an error with its `errno` reason, and a reader never finds half an image.
public enum Screenshot {
    /// Writes `buffer` as a PNG at `path`, replacing the file atomically.
    package static func write(_ buffer: PixelBuffer, to path: FilePath) throws(FileError) {
        let bytes: [UInt8]
        do { bytes = try PNGImage.encode(buffer) } catch {
            throw FileError(path: path.description, reason: error.description)
        }
        try AtomicFile.write(bytes, to: path)
    }
}
