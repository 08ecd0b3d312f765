/// Fits a scene designed for one size onto a screen of another: one uniform scale (circles
/// stay round, text keeps its proportions) and the scene centred in the spare space.
public struct SceneScaling: Sendable, Equatable {
    public let designSize: Size
    public let screenSize: Size
    public let scale: Double
    public let offset: Point

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
