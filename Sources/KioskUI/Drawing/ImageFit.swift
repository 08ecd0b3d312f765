import KioskCore

/// How an image fills the rectangle it is drawn in; the raw value is the config's spelling.
public enum ImageFit: String, Sendable, CaseIterable {
    /// The whole image, as large as fits, its aspect ratio kept, centred (bars where it is
    /// narrower or shorter than the rectangle). The default of an `image` control and an icon.
    case contain
    /// The whole rectangle, the image as small as covers it, its aspect ratio kept, centred;
    /// what spills over is cut off. The default of a screen's `backgroundImage`.
    case cover
    /// The whole rectangle, the image stretched to it (its aspect ratio lost).
    case fill
    /// The image at one image pixel per design pixel, centred, cut off where larger.
    case none

    /// Where an image of `imageSize` (its pixels) lands for a rectangle `rect`: the whole
    /// image's rectangle, which `cover` and `none` make larger than `rect` (the caller clips
    /// to `rect`). An empty image or rectangle lands nowhere (`Rect.zero`).
    public func placement(of imageSize: Size, in rect: Rect) -> Rect {
        guard imageSize.width > 0, imageSize.height > 0, rect.width > 0, rect.height > 0 else { return .zero }
        let size: Size
        switch self {
        case .fill: return rect
        case .none: size = imageSize
        case .contain, .cover:
            let sx = rect.width / imageSize.width, sy = rect.height / imageSize.height
            let s = self == .contain ? Swift.min(sx, sy) : Swift.max(sx, sy)
            size = Size(imageSize.width * s, imageSize.height * s)
        }
        return Rect(rect.midX - size.width / 2, rect.midY - size.height / 2, size.width, size.height)
    }
}
