import KioskCore
import KioskUI

/// A picture in a frame: a PNG or JPEG file placed as `fit` says (`contain` by default),
/// clipped to the frame. It takes no touches: a finger on it reaches whatever is under it.
///
/// `source` and `fit` are plain properties; each change repaints the frame. `source` is the
/// file as written (in the config: relative to its folder); `image` is what that resolved to,
/// and what is drawn. The view never reads files: to change the picture at run time, let the
/// service layer resolve and check a new source first (`ImageLibrary.setSource(_:of:)` in
/// KioskService, which throws and leaves the view as it was when the source is bad), or set
/// `image` and `source` together from a reference made otherwise.
public final class ImageView: Control {
    /// The file as written (`images/logo.png`): what `kiosk ctl get` reports.
    public var source: String
    /// The file shown; nil shows nothing.
    public var image: ImageReference? { didSet { if oldValue != image { invalidate() } } }
    /// How the image fills the frame.
    public var fit: ImageFit { didSet { if oldValue != fit { invalidate() } } }

    /// An image view showing `image` (the resolved `source`), placed by `fit`.
    public init(id: String, frame: Rect, theme: Theme = .standard, source: String, image: ImageReference?,
                fit: ImageFit = .contain) {
        self.source = source
        self.image = image
        self.fit = fit
        super.init(id: id, frame: frame, theme: theme)
    }

    /// Shows `image`, the file `source` names: both change at once, one repaint.
    public func show(_ image: ImageReference, source: String) {
        self.source = source
        self.image = image
    }

    public override func draw(_ canvas: Canvas, in dirty: Rect) {
        guard let image else { return }
        canvas.drawImage(image, fit: fit, in: frame)
    }

    /// A picture takes no finger: the touch goes to what lies under it.
    public override func touchDistance(to point: Point) -> Double? { nil }
}
