/// Fits a scene designed for one size onto a screen of another: one uniform scale (circles
/// stay round, text keeps its proportions) and the scene centred in the spare space.
public struct SceneScaling: Sendable, Equatable {
    /// The size the scene was laid out for.
    public let designSize: Size
    /// The size of the screen it is shown on (upright).
    public let screenSize: Size
    /// Screen pixels per design unit: the smaller of the two ratios, so the whole scene fits.
    public let scale: Double
    /// Where the scene's origin lands on the screen: the scene is centred, with bars on the spare sides.
    public let offset: Point

    /// The fit of a scene laid out at `designSize` onto a screen of `screenSize`.
    public init(designSize: Size, screenSize: Size) {
        self.designSize = designSize
        self.screenSize = screenSize
        let s = min(screenSize.width / designSize.width, screenSize.height / designSize.height)
        scale = s.isFinite && s > 0 ? s : 1
        offset = Point(((screenSize.width - designSize.width * scale) / 2).rounded(.down),
                       ((screenSize.height - designSize.height * scale) / 2).rounded(.down))
    }

    /// Scene (design) coordinates → screen coordinates.
    public var sceneToScreen: AffineTransform {
        AffineTransform.scale(scale, scale).then(.translation(offset.x, offset.y))
    }

    /// Screen coordinates → scene (design) coordinates.
    public var screenToScene: AffineTransform { sceneToScreen.inverted! }
}
