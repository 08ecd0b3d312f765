import KioskCore

/// An image file that was found, checked and measured: what a canvas draws
/// (`Canvas.drawImage(_:fit:in:)`). The UI never reads files; the service layer makes these
/// (its image library resolves a `source` against the config's folder, confines it, and reads
/// the file's header) and the renderer decodes the file on first use.
///
/// Two references to the same file made after it changed are different (`stamp`), so a
/// renderer's cache of decoded images never shows an older version of a file set again.
public struct ImageReference: Hashable, Sendable {
    /// The file: an absolute path without symbolic links.
    public var path: String
    /// The image's size in pixels, upright (after a JPEG's EXIF orientation).
    public var size: Size
    /// Tells versions of the file apart: its device, inode, size and modification time mixed.
    public var stamp: UInt64
    /// Whether every pixel is opaque (a JPEG, a PNG without alpha): a background that covers
    /// the screen with it needs no colour under it.
    public var isOpaque: Bool

    /// The image at `path` (absolute, resolved), `size` pixels upright, in the version `stamp`.
    public init(path: String, size: Size, stamp: UInt64 = 0, isOpaque: Bool = false) {
        self.path = path
        self.size = size
        self.stamp = stamp
        self.isOpaque = isOpaque
    }
}
