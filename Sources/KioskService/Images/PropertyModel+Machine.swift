import KioskConfig

extension PropertyModel {
    /// The owner's properties of `config` on this machine: run-time image files through
    /// `images` (the config's folder and `images.directories`; the current folder when the
    /// scene was made in code), icons by name in the machine's icon font.
    package convenience init(config: KioskConfiguration?, images: ImageLibrary = ImageLibrary()) {
        self.init(config: config, imageSources: images, icons: MachineFonts.installed.icons)
    }
}
