import CCairo
import KioskCore
import KioskUI

/// Gradients evaluated once into images, for strokes that paint the same gradient several
/// times per frame (the glow passes of `blurredStroke`).
///
/// pixman evaluates a gradient for every pixel of the shape's bounding box, not only the
/// pixels the stroke covers: a 270° arc of radius 100 costs about 4.7 ns × 240² ≈ 0.27 ms per
/// pass, whatever its width. An image of the gradient, in buffer pixels and composited 1:1,
/// costs about a third of that per pass (a tenth with the glow passes' antialiasing off);
/// measured in release, the whole glowing stroke then costs about what the plain gradient
/// stroke did (0.23 ms against 0.22 ms, was 1.4 ms). The raster covers a region that stays put while the
/// path changes (for an arc, its whole circle), so a circular slider's glow hits the cache on
/// every step; per-pass alpha variants are made from the opaque image on first use.
///
/// A class, so that one cache serves a canvas and the canvases of its retained layers
/// (`CairoCanvas(buffer:transform:sharingCachesWith:)`): a dial drawn on the display and into
/// its screen's layer, at the same device matrix, hits the same rasters instead of keeping a
/// second set (five images of the dial's circle each: 8 MB at 1920x1080).
final class GradientRasterCache {
    struct Key: Hashable {
        var paint: Paint
        /// The user → raster matrix: the linear part of user → device (xx, yx, xy, yy), then
        /// the translation relative to the raster's corner in 1/4096 px. The gradient is fixed
        /// in user space, so any other change moves it in the raster; a move of the raster by
        /// whole pixels together with the matrix does not (a retained layer's canvas). Structs,
        /// not arrays: a look-up allocates nothing.
        var matrix: AffineTransform
        /// The raster's size in buffer pixels.
        var size: Size
    }

    /// The gradient over one region, at full alpha and at the alphas asked for so far.
    final class Raster {
        let x: Int, y: Int, width: Int, height: Int
        private let opaque: OpaquePointer
        /// Maps user space (at the matrix of the key) 1:1 onto the raster's pixels.
        private let userToRaster: cairo_matrix_t
        private var patterns: [Double: CairoPattern] = [:]
        /// The stroke it was made for (`GradientRasterCache.raster(for:placement:make:)`).
        var placement: Placement?

        init?(paint: Paint, matrix: cairo_matrix_t, region: (x: Int, y: Int, width: Int, height: Int),
              setSource: (OpaquePointer, Paint) -> Void) {
            (x, y, width, height) = region
            guard let surface = Self.image(width: width, height: height) else { return nil }
            let cr = cairo_create(surface)!
            // Device pixel (x, y) of the canvas is pixel (0, 0) of the raster.
            var m = matrix
            m.x0 -= Double(x)
            m.y0 -= Double(y)
            cairo_set_matrix(cr, &m)
            setSource(cr, paint)
            cairo_paint(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            opaque = surface
            userToRaster = m
        }

        deinit {
            patterns.removeAll()
            cairo_surface_destroy(opaque)
        }

        /// A source pattern for the gradient at `alpha` (1 for the opaque one), to be set while
        /// the context has the key's matrix.
        func pattern(alpha: Double) -> CairoPattern? {
            if let cached = patterns[alpha] { return cached }
            var surface = opaque
            if alpha < 1 {
                guard let faded = Self.image(width: width, height: height) else { return nil }
                let cr = cairo_create(faded)!
                cairo_set_source_surface(cr, opaque, 0, 0)
                cairo_paint_with_alpha(cr, alpha)
                cairo_destroy(cr)
                cairo_surface_flush(faded)
                surface = faded
            }
            let made = CairoPattern(cairo_pattern_create_for_surface(surface)!)
            if alpha < 1 { cairo_surface_destroy(surface) }  // the pattern holds its own reference
            var m = userToRaster
            cairo_pattern_set_matrix(made.pointer, &m)
            // 1:1 pixels: no filtering needed, and NEAREST keeps pixman on its copy fast path.
            cairo_pattern_set_filter(made.pointer, CAIRO_FILTER_NEAREST)
            patterns[alpha] = made
            return made
        }

        private static func image(width: Int, height: Int) -> OpaquePointer? {
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
                cairo_surface_destroy(surface)
                return nil
            }
            return surface
        }
    }

    /// The largest raster, in buffer pixels: a region beyond it is painted from the gradient
    /// directly. Each raster holds up to five images and the cache four rasters, so this bounds
    /// the cache at 320 MB; a dial filling an 8192x8192 panel would otherwise take more than
    /// a gigabyte. 2048x2048 still covers a large dial on a 4K panel.
    static let largestArea = 2048 * 2048

    /// Each raster holds up to five images of its region; a few are enough for the circular
    /// sliders on one screen.
    private var rasters = LeastRecentlyUsedCache<Key, Raster>(capacity: 4)

    var count: Int { rasters.count }
    /// Rasters made so far (tests: a step of a dial must not make one).
    private(set) var misses = 0

    /// The raster for `key`, made on a miss. `placement` names the stroke it is for (the
    /// paint and the full user → device matrix, in one canvas): of the older rasters of the
    /// same placement, made for other extents of the same stroke, only the most recently used
    /// stays, so a dial stepping to and fro between two angles hits both. The region follows
    /// the arc's extent and its glow, so turning a dial once would otherwise fill the cache with
    /// rasters of five images each (15 MB at 1920x1080) that only the same angles use again.
    func raster(for key: Key, placement: Placement, make: () -> Raster?) -> Raster? {
        if let cached = rasters.value(for: key) { return cached }
        misses += 1
        guard let made = make() else { return nil }
        rasters.removeAll(exceptNewest: 1) { raster in raster.placement == placement }
        made.placement = placement
        rasters.insert(made, for: key)
        return made
    }

    /// A stroke's paint and user → device matrix, for `raster(for:placement:make:)`.
    /// Plain fields, not an array: it is made on every glow stroke and must not allocate.
    struct Placement: Hashable {
        var paint: Paint
        var xx, yx, xy, yy, x0, y0: Double
    }
}
