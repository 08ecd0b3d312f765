import KioskCore
import KioskUI

/// Where an image file named at run time (an image's `source`, a button's `icon` that is no
/// icon's name) is found, confined and read: what `PropertyModel` checks a `set` through. The
/// kiosk's is `ImageLibrary` (KioskService: `realpath`, the allowed folders, the decoder);
/// tests give one of their own, so that the owner's properties are tested without files.
package protocol ImageSources: Sendable {
    /// Where the file `source` names is, confined to the allowed folders, not read yet: cheap
    /// enough for the loop's thread.
    func locate(_ source: String) throws(ImageSourceError) -> ImageFile
    /// The file `source` names, found, confined and decoded whole, or why it cannot be shown.
    func resolve(_ source: String) throws(ImageSourceError) -> ImageReference
}

/// An image file found and confined (`ImageSources.locate`), not read yet: what a `source`
/// set at run time is while it is decoded off the loop (`ImageFile.load` in KioskService).
package struct ImageFile: Sendable, Equatable {
    /// The source as written.
    package var source: String
    /// The file: absolute, without links, inside the allowed folders.
    package var path: String

    package init(source: String, path: String) {
        self.source = source
        self.path = path
    }

    /// A reference standing for the file before its header is read: where its control would
    /// draw it does not depend on its size (`ImageSiteRecorder`).
    package var placeholder: ImageReference { ImageReference(path: path, size: Size(1, 1)) }
}
