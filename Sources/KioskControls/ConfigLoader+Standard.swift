import KioskConfig
import KioskUI
import KioskCore

/// `ConfigLoader`'s forms for a config of the built-in controls only: `registry` is
/// `ControlRegistry.standard`. KioskConfig names no built-in control, so these live here.
extension ConfigLoader {
    /// `decode(_:file:registry:readFile:inspectImage:fonts:)` with the built-in controls.
    public static func decode(_ text: String, file: String, readFile: FileReader, inspectImage: ImageInspector = noImages,
                              fonts: InstalledFonts = .none)
        throws(ConfigErrors) -> KioskConfiguration
    {
        try decode(text, file: file, registry: .standard, readFile: readFile, inspectImage: inspectImage, fonts: fonts)
    }

    /// `decode(_:file:registry:)` with the built-in controls: a config that names no files.
    public static func decode(_ text: String, file: String) throws(ConfigErrors) -> KioskConfiguration {
        try decode(text, file: file, registry: .standard)
    }

    /// An already parsed document with the built-in controls.
    package static func decode(_ document: JSONNode, file: String, readFile: FileReader = noFiles,
                               inspectImage: ImageInspector = noImages, fonts: InstalledFonts = .none)
        throws(ConfigErrors) -> KioskConfiguration
    {
        try decode(document, file: file, registry: .standard, readFile: readFile, inspectImage: inspectImage, fonts: fonts)
    }
}
