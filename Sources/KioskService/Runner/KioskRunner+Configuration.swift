import KioskBackend
import KioskConfig
import KioskCore
import KioskDevice
import KioskLoop
import KioskUI

/// What a run is made of: the clock, the display, the scene and the options.
extension KioskRunner {
    /// Which clock paces the loop.
    package enum Clock: Sendable {
        /// CLOCK_MONOTONIC: a device, a compositor, a real-time headless run.
        case monotonic
        /// Time jumps to the next deadline; the run ends when there is none.
        case virtual
    }

    /// What the backend chooser hands the runner (a backend's making, `BackendDescription.make`).
    package typealias Display = DisplayParts

    /// How the scene is made once the screen's size is known.
    package struct SceneSource {
        /// The size the layout is written for; nil: the upright screen's own pixels (the scene
        /// follows the screen when it changes size).
        package var designSize: Size?
        /// Builds the scene, given the size it is laid out in.
        package var make: (Size) -> Scene
        /// The config the scene is built from, whose controls' properties the owner may change
        /// (`PropertyModel`); nil for a scene made in code.
        package var config: KioskConfiguration?
        /// Where the scene's image sources resolve, for a `source` set at run time (the
        /// config's folder and `images.directories`; see `ImageLibrary.setSource(_:of:)`).
        package var images: ImageLibrary

        /// A scene laid out at `designSize` (nil: the screen's own size), built by `make` once
        /// the screen's size is known, its run-time image sources resolved by `images`.
        package init(designSize: Size?, config: KioskConfiguration? = nil, images: ImageLibrary = ImageLibrary(),
                     make: @escaping (Size) -> Scene) {
            self.designSize = designSize
            self.config = config
            self.images = images
            self.make = make
        }
    }

    /// How a run is set up, from the config and the command line.
    package struct Options {
        /// How the panel is mounted: pixels and touches are turned by this.
        package var rotation: DisplayRotation
        /// The touch calibration (``KioskConfig/InputSettings``' matrix), applied in panel coordinates before the rotation.
        package var calibration: AffineTransform
        /// Draw a pointer cursor when a mouse moves.
        package var showCursor: Bool
        /// Real time or virtual time.
        package var clock: Clock
        /// Ends the run at this time (virtual or monotonic).
        package var until: Instant?
        /// When the screen dims and goes off (the config's `power`); never by default.
        package var power: ScreenPower.Settings
        /// What the decoded images, kept at the display's size, may take (`images.cacheMB`).
        package var imageCacheBytes = 32 << 20

        /// Options; each default is what a kiosk without that setting does.
        package init(rotation: DisplayRotation = .none, calibration: AffineTransform = .identity, showCursor: Bool = false,
                    clock: Clock = .monotonic, until: Instant? = nil, power: ScreenPower.Settings = .alwaysOn) {
            self.rotation = rotation
            self.calibration = calibration
            self.showCursor = showCursor
            self.clock = clock
            self.until = until
            self.power = power
        }
    }
}
