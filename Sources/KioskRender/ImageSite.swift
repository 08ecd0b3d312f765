import CCairo
import KioskCore
import KioskUI

/// One place an image is drawn: the file, fitted as `fit` says into `rect` (scene units),
/// through the scene → device `matrix`. A frame's `drawImage` makes one for each image it
/// draws; a picture made ready before its first frame (`ImageCache.prepare`) is made for the
/// sites its control will draw it at. Both go through `plan` and `Plan.scale`, so the two
/// can never disagree on a key or a pixel.
package struct ImageSite: Sendable, Hashable {
    package var image: ImageReference
    package var fit: ImageFit
    package var rect: Rect
    package var matrix: AffineTransform

    package init(image: ImageReference, fit: ImageFit, rect: Rect, matrix: AffineTransform) {
        self.image = image
        self.fit = fit
        self.rect = rect
        self.matrix = matrix
    }

    /// The site with another file in it (the same file's reference once its header is read).
    package func showing(_ image: ImageReference) -> ImageSite {
        ImageSite(image: image, fit: fit, rect: rect, matrix: matrix)
    }

    /// What the cache keeps for a site, and where it goes: nil when nothing of it shows.
    struct Plan {
        let key: ImageCache.Key
        /// The image placed in scene units, and the part of it inside the rectangle.
        let placement: Rect, visible: Rect
        /// The visible part in device pixels (fractional).
        let device: Rect
        /// The whole device pixels it touches: where the made image goes, exactly the pixels
        /// the control's damage covers (`Rect.integral`), never one beyond.
        let pixels: Rect
        let matrix: AffineTransform

        /// `original` drawn at the site's size and orientation: the one scaling of an image,
        /// into an image of `pixels`' size whose (0, 0) is `pixels`' corner, so the picture
        /// keeps its exact place and the edge pixels it covers in part are blended.
        /// CAIRO_FILTER_GOOD is pixman's box-filtered downscale (a photo shrunk 4× stays
        /// smooth) and bilinear upscale; CAIRO_EXTEND_PAD keeps the edges from fading into
        /// transparency. Touches nothing shared: it may run on any thread.
        func scale(_ original: PixelBuffer) throws(ImageError) -> PixelBuffer {
            let transform = matrix.then(.translation(-pixels.minX, -pixels.minY))
            let width = Int(pixels.width), height = Int(pixels.height)
            do {
                // An opaque image kept opaque (RGB24) composites as a copy when it covers its
                // pixels whole; turned by anything but quarter turns its corners are
                // transparent, and with edges between pixels its edge pixels are partly
                // covered, so it needs alpha then (or the uncovered part would copy as black).
                let axisAligned = (transform.b == 0 && transform.c == 0) || (transform.a == 0 && transform.d == 0)
                let format: PixelBuffer.Format = original.format == .xrgb32 && axisAligned && device == pixels ? .xrgb32 : .argb32
                let target = try PixelBuffer(width: max(1, width), height: max(1, height), format: format)
                let context = try CairoContext(surface: CairoSurface(buffer: target))
                let source = try CairoSurface(buffer: original)
                let cr = context.pointer
                var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                       x0: transform.tx, y0: transform.ty)
                cairo_set_matrix(cr, &m)
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

    /// The key and the geometry; nil when the visible part is empty or under half a device
    /// pixel, or the matrix makes no finite place of it.
    var plan: Plan? {
        let placement = fit.placement(of: image.size, in: rect)
        let visible = placement.intersection(rect)
        guard !visible.isEmpty else { return nil }
        // Snapped to 1/1024 of a device pixel: the same place reached through two chains of
        // matrices (a frame's, cairo's own; a preparation's) differs in its last bits, and a
        // corner exactly half-way between pixels would otherwise round either way.
        let exact = matrix.apply(visible)
        func snap(_ v: Double) -> Double { (v * 1024).rounded() / 1024 }
        let device = Rect(snap(exact.minX), snap(exact.minY), snap(exact.width), snap(exact.height))
        guard device.minX.isFinite, device.minY.isFinite, device.width >= 0.5, device.height >= 0.5 else { return nil }
        let key = ImageCache.Key(image: image, fit: fit, width: rect.width, height: rect.height,
                                 xx: matrix.a, yx: matrix.b, xy: matrix.c, yy: matrix.d)
        return Plan(key: key, placement: placement, visible: visible, device: device, pixels: device.integral, matrix: matrix)
    }
}
