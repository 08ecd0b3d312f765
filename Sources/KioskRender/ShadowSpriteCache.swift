import CCairo
import KioskCore

/// Small shadows rendered once into an offscreen image and then only composited.
///
/// A knob's shadow is drawn on every slider frame, always the same shape, blur and colour,
/// only in a new place. Drawing it from gradients costs several cairo fills with per-pixel
/// gradient maths; compositing a ready image is one `cairo_fill` with an image source. The
/// sprite is rendered in buffer pixels under the canvas's current scale/rotation, so keys
/// include that linear part; position is not part of the key (the sprite is composited at the
/// shape's exact, possibly fractional, device position, which pixman handles with its
/// bilinear fast path, or a plain copy path at whole pixels).
///
/// A class, so that one cache serves a canvas and the canvases of its retained layers
/// (`CairoCanvas(buffer:transform:sharingCachesWith:)`): the same shadows are drawn into both.
final class ShadowSpriteCache {
    /// The shape of a shadow without its position.
    enum Shape: Hashable {
        case roundedRect(width: Double, height: Double, radius: Double)
        case ellipse(width: Double, height: Double)
    }

    struct Key: Hashable {
        var shape: Shape
        var blur: Double
        var color: Color
        /// The linear part of the user → device matrix (no translation). A struct, not an
        /// array of four numbers, so that looking a sprite up allocates nothing.
        var linear: AffineTransform
    }

    /// One rendered shadow: an ARGB32 image whose top-left corner lies at `origin` (buffer
    /// pixels) from the device position of the shape's top-left corner.
    final class Sprite {
        let surface: OpaquePointer
        let origin: (x: Double, y: Double)
        let width: Int
        let height: Int

        init(surface: OpaquePointer, origin: (x: Double, y: Double), width: Int, height: Int) {
            self.surface = surface
            self.origin = origin
            self.width = width
            self.height = height
        }

        deinit { cairo_surface_destroy(surface) }
    }

    /// Shadows bigger than this (in buffer pixels) are drawn directly: their gradients cover
    /// mostly the solid centre, so a sprite would save little and cost memory.
    static let maxSpriteArea = 160 * 160

    private var sprites = LeastRecentlyUsedCache<Key, Sprite>(capacity: 24)

    var count: Int { sprites.count }

    /// The sprite for `key`, rendered on first use with `draw`, which receives a context
    /// whose user space is the shape's own (top-left corner at 0,0). Nil when the shadow is
    /// too large for a sprite or the image cannot be created.
    func sprite(for key: Key, draw: (OpaquePointer, Rect) -> Void) -> Sprite? {
        if let cached = sprites.value(for: key) { return cached }
        let size: Size
        switch key.shape {
        case let .roundedRect(w, h, _): size = Size(w, h)
        case let .ellipse(w, h): size = Size(w, h)
        }
        let linear = key.linear
        // The shadow reaches `blur` beyond the outline; one more pixel for antialiasing.
        let reach = key.blur + 1
        let bounds = linear.apply(Rect(-reach, -reach, size.width + 2 * reach, size.height + 2 * reach))
        let x0 = bounds.minX.rounded(.down), y0 = bounds.minY.rounded(.down)
        let w = bounds.maxX.rounded(.up) - x0, h = bounds.maxY.rounded(.up) - y0
        // Judged as doubles, before Int(_:), which traps on a size too large to be an Int.
        guard w > 0, h > 0, w * h <= Double(Self.maxSpriteArea) else { return nil }
        let width = Int(w), height = Int(h)

        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            return nil
        }
        let cr = cairo_create(surface)!
        var m = cairo_matrix_t(xx: linear.a, yx: linear.b, xy: linear.c, yy: linear.d, x0: -x0, y0: -y0)
        cairo_set_matrix(cr, &m)
        draw(cr, Rect(origin: .zero, size: size))
        cairo_destroy(cr)
        cairo_surface_flush(surface)

        let sprite = Sprite(surface: surface, origin: (x0, y0), width: width, height: height)
        sprites.insert(sprite, for: key)
        return sprite
    }
}
