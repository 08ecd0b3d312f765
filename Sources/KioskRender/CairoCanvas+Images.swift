import CCairo
import KioskCore
import KioskUI

extension CairoCanvas {
    /// Composites `image` fitted into `rect` from the canvas's `ImageCache`, making the
    /// device-sized image on the first draw (see `ImageCache`). The copy lands on whole device
    /// pixels (within half a pixel of the exact place) under the current clip.
    package func drawImage(_ image: ImageReference, fit: ImageFit, in rect: Rect) {
        let placement = fit.placement(of: image.size, in: rect)
        let visible = placement.intersection(rect)
        guard !visible.isEmpty else { return }
        let m = currentMatrix
        let device = m.apply(visible)
        guard device.minX.isFinite, device.minY.isFinite, device.width >= 0.5, device.height >= 0.5 else { return }
        let width = Int(device.width.rounded()), height = Int(device.height.rounded())
        let key = ImageCache.Key(image: image, fit: fit, width: rect.width, height: rect.height,
                                 xx: m.a, yx: m.b, xy: m.c, yy: m.d)
        let entry = images.entry(for: key) { (original) throws(ImageError) -> PixelBuffer in
            // The visible part's top-left corner goes to (0, 0) of the new image.
            let toImage = m.then(.translation(-device.minX, -device.minY))
            return try Self.scale(original, placement: placement, visible: visible, transform: toImage,
                                  width: width, height: height)
        }
        guard let surface = entry.surface else {
            if let failure = entry.failure, images.reportFailure(for: key) {
                record(CairoError(call: "drawImage(\(image.path))", message: failure.reason))
            }
            return
        }
        let x = device.minX.rounded(), y = device.minY.rounded()
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, surface.pointer, x, y)
        cairo_new_path(cr)
        cairo_rectangle(cr, x, y, Double(surface.buffer.width), Double(surface.buffer.height))
        cairo_fill(cr)
        cairo_restore(cr)
        check("drawImage")
    }

    /// `original` drawn at `placement` (scene coordinates) through `transform` into a new
    /// `width` × `height` image, clipped to `visible`: the one scaling of an image.
    /// CAIRO_FILTER_GOOD is pixman's box-filtered downscale (a photo shrunk 4× stays smooth)
    /// and bilinear upscale; CAIRO_EXTEND_PAD keeps the edges from fading into transparency.
    static func scale(_ original: PixelBuffer, placement: Rect, visible: Rect, transform: AffineTransform,
                      width: Int, height: Int) throws(ImageError) -> PixelBuffer {
        do {
            // An opaque image kept opaque (RGB24) composites as a copy; turned by anything but
            // quarter turns its corners are transparent, so it needs alpha then.
            let axisAligned = (transform.b == 0 && transform.c == 0) || (transform.a == 0 && transform.d == 0)
            let format: PixelBuffer.Format = original.format == .xrgb32 && axisAligned ? .xrgb32 : .argb32
            let target = try PixelBuffer(width: max(1, width), height: max(1, height), format: format)
            let context = try CairoContext(surface: CairoSurface(buffer: target))
            let source = try CairoSurface(buffer: original)
            let cr = context.pointer
            var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                        x0: transform.tx, y0: transform.ty)
            cairo_set_matrix(cr, &matrix)
            cairo_rectangle(cr, visible.minX, visible.minY, visible.width, visible.height)
            cairo_clip(cr)
            cairo_translate(cr, placement.minX, placement.minY)
            cairo_scale(cr, placement.width / Double(original.width), placement.height / Double(original.height))
            cairo_set_source_surface(cr, source.pointer, 0, 0)
            let pattern = cairo_get_source(cr)
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
            cairo_paint(cr)
            try context.check("cairo_paint (an image)")
            context.surface.flush()
            return target
        } catch {
            throw ImageError("cannot be scaled: \(error)")
        }
    }
}
