import KioskBackend
import KioskCore
import KioskDevice
import KioskLoop
import KioskUI

/// What a run is made of: the clock, the display, the scene and the options.
extension KioskRunner {
    /// Which clock paces the loop.
    public enum Clock: Sendable {
        /// CLOCK_MONOTONIC: a device, a compositor, a real-time headless run.
        case monotonic
        /// Time jumps to the next deadline; the run ends when there is none.
        case virtual
    }

    /// What the backend chooser hands the runner.
    public struct Display {
        /// The display the frames go to.
        public var backend: DisplayBackend
        /// The VT or logind session, for backends that own a device (DRM, framebuffer).
        public var session: Session?
        /// Makes the input source for a panel size, for backends that do not deliver input.
        public var input: ((OutputMode) throws -> InputSource)?
        /// The panel's backlight, which dims and darkens the screen (DRM, framebuffer); nil:
        /// the renderer's shade does (Wayland, headless, panels without one).
        public var backlight: Backlight?

        /// A display of `backend`, with its session and, when the backend has no input of its own, a maker for the input source.
        public init(backend: DisplayBackend, session: Session? = nil, input: ((OutputMode) throws -> InputSource)? = nil,
                    backlight: Backlight? = nil) {
            self.backend = backend
            self.session = session
            self.input = input
            self.backlight = backlight
        }
    }

    /// How the scene is made once the screen's size is known.
    public struct SceneSource {
        /// The size the layout is written for; nil: the upright screen's own pixels (the scene
        /// follows the screen when it changes size).
        public var designSize: Size?
        /// Builds the scene, given the size it is laid out in.
        public var make: (Size) -> Scene

        /// A scene laid out at `designSize` (nil: the screen's own size), built by `make` once the screen's size is known.
        public init(designSize: Size?, make: @escaping (Size) -> Scene) {
            self.designSize = designSize
            self.make = make
        }
    }

    /// How a run is set up, from the config and the command line.
    public struct Options {
        /// How the panel is mounted: pixels and touches are turned by this.
        public var rotation: DisplayRotation
        /// The touch calibration (``KioskConfig/InputSettings``' matrix), applied in panel coordinates before the rotation.
        public var calibration: AffineTransform
        /// Draw a pointer cursor when a mouse moves.
        public var showCursor: Bool
        /// Real time or virtual time.
        public var clock: Clock
        /// Ends the run at this time (virtual or monotonic).
        public var until: Instant?
        /// When the screen dims and goes off (the config's `power`); never by default.
        public var power: ScreenPower.Settings

        /// Options; each default is what a kiosk without that setting does.
        public init(rotation: DisplayRotation = .none, calibration: AffineTransform = .identity, showCursor: Bool = false,
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
