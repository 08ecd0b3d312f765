import KioskCore
import KioskUI

/// A canvas that paints nothing and notes where images would go (`ImageSite`): what a control
/// draws, with the matrix the renderer would draw it through. A picture set at run time is
/// made ready for these sites off the loop, before the control shows it.
///
/// It follows translations and transforms as the cairo canvas does; text is measured by the
/// real canvas, so a control that lays out around its text puts its images where a frame would.
package final class ImageSiteRecorder: Canvas {
    package private(set) var sites: [ImageSite] = []
    private var matrix: AffineTransform
    private var saved: [AffineTransform] = []
    private let measurer: TextMeasuring

    /// A recorder starting from the scene → device `matrix`, measuring text with `measurer`.
    package init(matrix: AffineTransform, measurer: TextMeasuring) {
        self.matrix = matrix
        self.measurer = measurer
    }

    package func save() { saved.append(matrix) }
    package func restore() { if let last = saved.popLast() { matrix = last } }
    package func translate(_ dx: Double, _ dy: Double) { matrix = AffineTransform.translation(dx, dy).then(matrix) }
    package func concatenate(_ transform: AffineTransform) { matrix = transform.then(matrix) }
    package func clip(_ rect: Rect) {}
    package func fill(_ path: Path, _ paint: Paint) {}
    package func stroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap) {}
    package func blurredStroke(_ path: Path, width: Double, _ paint: Paint, cap: LineCap, blur: Double) {}
    package func shadow(_ path: Path, offset: Point, blur: Double, color: Color) {}
    package func drawText(_ text: String, style: TextStyle, in rect: Rect) {}
    package func measureText(_ text: String, font: String) -> Size { measurer.measureText(text, font: font) }
    package func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double) {}
    package func beginLayer(opacity: Double) {}
    package func endLayer() {}

    package func drawImage(_ image: ImageReference, fit: ImageFit, in rect: Rect) {
        sites.append(ImageSite(image: image, fit: fit, rect: rect, matrix: matrix))
    }
}
