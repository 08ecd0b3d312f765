import KioskConfig

/// The kiosk's image sources: the run-time `set`s of `PropertyModel` go through the same
/// check as the config's images.
extension ImageLibrary: ImageSources {}
