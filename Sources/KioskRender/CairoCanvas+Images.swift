import CCairo
import KioskCore
import KioskUI

extension CairoCanvas {
    /// Composites `image` fitted into `rect` from the canvas's `ImageCache`, making the
    /// device-sized image on the first draw (see `ImageCache`, `ImageSite`), unless it was made
    /// ready before (`ImageCache.prepare`). The copy covers the whole device pixels the picture
    /// touches (its exact place inside them) under the current clip.
    package func drawImage(_ image: ImageReference, fit: ImageFit, in rect: Rect) {
        guard let plan = ImageSite(image: image, fit: fit, rect: rect, matrix: currentMatrix).plan else { return }
        let entry = images.entry(for: plan.key) { (original) throws(ImageError) -> PixelBuffer in try plan.scale(original) }
        guard let surface = entry.surface else {
            if let failure = entry.failure, images.reportFailure(for: plan.key) {
                record(CairoError(call: "drawImage(\(image.path))", message: failure.reason))
            }
            return
        }
        let x = plan.pixels.minX, y = plan.pixels.minY
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface.pointer, x, y)
        cairo_new_path(cr)
        cairo_rectangle(cr, x, y, Double(surface.buffer.width), Double(surface.buffer.height))
        cairo_fill(cr)
        cairo_restore(cr)
        check("drawImage")
    }
}
