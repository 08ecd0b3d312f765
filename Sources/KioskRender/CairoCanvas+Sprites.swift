import CCairo
import KioskCore
import KioskUI

extension CairoCanvas {
    /// Composites the image of `draw` kept for `key`, making it first if needed (see
    /// `SpriteCache`). The image is rendered through the current transformation with the
    /// position's sub-pixel offset rounded to a quarter pixel, then copied at whole pixels under
    /// the current clip. If the image cannot be made, `draw` paints directly.
    package func drawCached<Key: Hashable>(_ key: Key, bounds: Rect, _ draw: (Canvas) -> Void) {
        let m = currentMatrix
        let device = m.apply(bounds)
        let limit = 1024.0   // larger than any knob; beyond it an image saves nothing
        guard !device.isEmpty, device.width <= limit, device.height <= limit,
              device.minX.isFinite, device.minY.isFinite else {
            draw(self)
            return
        }
        func split(_ v: Double) -> (whole: Int, quarters: Int) {
            var whole = v.rounded(.down)
            var quarters = ((v - whole) * 4).rounded()
            if quarters >= 4 { whole += 1; quarters = 0 }
            return (Int(whole), Int(quarters))
        }
        let (x, qx) = split(device.minX), (y, qy) = split(device.minY)
        // One more pixel than the extent: the phase moves the content by up to 3/4 pixel.
        let placement = SpriteCache.Placement(xx: m.a, yx: m.b, xy: m.c, yy: m.d, phaseX: qx, phaseY: qy,
                                              width: Int(device.width.rounded(.up)) + 1,
                                              height: Int(device.height.rounded(.up)) + 1)
        let sprite = sprites.sprite(for: key, at: placement) {
            // Device (x + qx/4, y + qy/4) is where the content's origin goes in the image.
            let toImage = m.then(.translation(-device.minX + Double(qx) / 4, -device.minY + Double(qy) / 4))
            return Self.makeSprite(width: placement.width, height: placement.height, transform: toImage, draw)
        }
        guard let sprite else {
            draw(self)
            return
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_set_source_surface(cr, sprite.surface.pointer, Double(x), Double(y))
        cairo_new_path(cr)
        cairo_rectangle(cr, Double(x), Double(y), Double(placement.width), Double(placement.height))
        cairo_fill(cr)
        cairo_restore(cr)
        check("drawCached")
    }

    private static func makeSprite(width: Int, height: Int, transform: AffineTransform,
                                   _ draw: (Canvas) -> Void) -> SpriteCache.Sprite? {
        do {
            let buffer = try PixelBuffer(width: width, height: height)
            let canvas = try CairoCanvas(buffer: buffer, transform: transform, textCacheCapacity: 4)
            canvas.beginFrame()
            draw(canvas)
            try canvas.endFrame()
            return SpriteCache.Sprite(buffer: buffer, surface: try CairoSurface(buffer: buffer))
        } catch {
            return nil
        }
    }
}
