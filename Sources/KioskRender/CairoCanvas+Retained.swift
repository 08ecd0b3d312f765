import CCairo
import CPixelShim
import KioskCore
import KioskUI

extension CairoCanvas {
    package func concatenate(_ transform: AffineTransform) {
        var m = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                               x0: transform.tx, y0: transform.ty)
        cairo_transform(cr, &m)
    }

    /// The current user → device transformation.
    var currentMatrix: AffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cr, &m)
        return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    package func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double) {
        guard opacity > 0 else { return }
        let matrix = currentMatrix
        let entry: RetainedLayerCache.Entry
        do { entry = try retained.entry(for: layer, matrix: matrix, parent: self) } catch {
            record(error)
            return
        }
        guard let toScene = matrix.inverted else { return }
        // Device → device: back to the scene, the layer's own transform, forward again.
        var move = toScene.then(transform).then(matrix)
        let pureTranslation = move.a == 1 && move.b == 0 && move.c == 0 && move.d == 1
        if pureTranslation {
            move.tx = move.tx.rounded()
            move.ty = move.ty.rounded()
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if pureTranslation, opacity >= 1, drawsIntoBuffer, let opaque = layer.opaqueBounds {
            copyOpaquePart(of: entry, opaque: matrix.apply(opaque), dx: move.tx, dy: move.ty)
        }
        var m = cairo_matrix_t(xx: move.a, yx: move.b, xy: move.c, yy: move.d, x0: move.tx, y0: move.ty)
        cairo_transform(cr, &m)
        cairo_set_source_surface(cr, entry.surface.pointer, entry.deviceRect.x, entry.deviceRect.y)
        if !pureTranslation {
            cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_BILINEAR)
        }
        cairo_new_path(cr)
        cairo_rectangle(cr, entry.deviceRect.x, entry.deviceRect.y, entry.deviceRect.width, entry.deviceRect.height)
        if opacity >= 1 {
            cairo_fill(cr)
        } else {
            cairo_clip(cr)
            cairo_paint_with_alpha(cr, opacity)
        }
        cairo_restore(cr)
        check("drawRetained")
    }

    /// Copies the whole pixels of the layer's opaque part (`RetainedLayer.opaqueBounds`, here
    /// in the cache's device pixels) moved by (`dx`, `dy`) whole pixels, and takes them out of
    /// the clip (the context is saved, at the identity matrix), so that the blend that follows
    /// covers only the rest: a panel's body is a row copy, only its rounded edge is blended.
    /// Opaque pixels blended OVER anything are themselves, so the result is the same.
    private func copyOpaquePart(of entry: RetainedLayerCache.Entry, opaque: Rect, dx: Double, dy: Double) {
        guard let clip = deviceClipExtents() else { return }
        // Only pixels wholly inside the opaque part.
        let x0 = opaque.minX.rounded(.up), y0 = opaque.minY.rounded(.up)
        let inner = Rect(x0, y0, opaque.maxX.rounded(.down) - x0, opaque.maxY.rounded(.down) - y0)
        guard !inner.isEmpty else { return }
        let target = inner.intersection(entry.deviceRect).offsetBy(Point(dx, dy)).intersection(clip)
        guard !target.isEmpty else { return }
        copy(target, from: entry, movedBy: (Int(dx), Int(dy)), darkening: .none)
        // Pixel-aligned, so cairo keeps the clip a region.
        appendRect(clip, minus: target)
        cairo_clip(cr)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
    }

    /// The layer at its own place, fully opaque, with an overlay's backdrop over it: the cached
    /// pixels are copied into the frame darkened on the way (`kiosk_pixels_copy_darkened`), one
    /// pass over the pixels where a blit and a translucent fill make two, each reading and
    /// writing the whole frame. This is the frame under every popup and panel, animating or not.
    /// The layer replaces what is under it (it is the bottom of the frame), and the pixels equal
    /// those of the general path (a blit, then a fill with `dim`).
    ///
    /// The clip must be a rectangle, as the renderer's damage and the scene's clips are: it is
    /// taken as its bounding box, widened to whole device pixels. Anything else (another
    /// transform, a translucent layer) goes the general way.
    package func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double, dimmedBy dim: Color?,
                             over rect: Rect) {
        guard transform == .identity, opacity >= 1, drawsIntoBuffer, let clip = deviceClipExtents() else {
            drawRetained(layer, transform: transform, opacity: opacity)
            if let dim { fill(.rect(rect), .solid(dim)) }
            return
        }
        let entry: RetainedLayerCache.Entry
        do { entry = try retained.entry(for: layer, matrix: currentMatrix, parent: self) } catch {
            record(error)
            return
        }
        let inside = clip.intersection(entry.deviceRect)
        if !inside.isEmpty { copy(inside, from: entry, movedBy: (0, 0), darkening: Darkening(dim)) }
        // Outside the layer (letterbox bars) only the backdrop, as the general path does.
        if let dim, inside != clip {
            cairo_save(cr)
            cairo_identity_matrix(cr)
            cairo_set_source_rgba(cr, dim.red, dim.green, dim.blue, dim.alpha)
            // The clip minus the part the copy already darkened.
            appendRect(clip, minus: inside)
            cairo_fill(cr)
            cairo_restore(cr)
            check("drawRetained backdrop")
        }
    }

    /// Writes the pixels of `target` (whole device pixels, inside the buffer) from a layer's
    /// cache moved by whole pixels, darkened on the way (`kiosk_pixels_copy_darkened`).
    private func copy(_ target: Rect, from entry: RetainedLayerCache.Entry, movedBy d: (x: Int, y: Int),
                      darkening: Darkening) {
        let x = Int(target.x), y = Int(target.y)
        let sx = x - d.x - Int(entry.deviceRect.x), sy = y - d.y - Int(entry.deviceRect.y)
        // Pending cairo drawing must land before the pixels are written behind its back.
        context.surface.flush()
        kiosk_pixels_copy_darkened(
            buffer.bytes.assumingMemoryBound(to: UInt8.self) + y * buffer.stride + x * 4, buffer.stride,
            entry.buffer.bytes.assumingMemoryBound(to: UInt8.self) + sy * entry.buffer.stride + sx * 4,
            entry.buffer.stride, Int(target.width), Int(target.height), darkening.keep, darkening.tint)
        cairo_surface_mark_dirty_rectangle(context.surface.pointer, Int32(x), Int32(y),
                                           Int32(target.width), Int32(target.height))
    }

    /// A path of `outer` without `hole` (an empty hole cuts nothing): both rectangles and the
    /// even-odd fill rule, which the caller's fill or clip then uses (and restores).
    func appendRect(_ outer: Rect, minus hole: Rect) {
        cairo_new_path(cr)
        cairo_rectangle(cr, outer.x, outer.y, outer.width, outer.height)
        guard !hole.isEmpty else { return }
        cairo_rectangle(cr, hole.x, hole.y, hole.width, hole.height)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
    }

    /// Whether drawing lands in `buffer` now, not in the offscreen group of a `beginLayer`:
    /// only then may pixels be written into the buffer directly.
    var drawsIntoBuffer: Bool { cairo_get_group_target(cr) == context.surface.pointer }

    /// The clip's bounding box in device pixels, widened to whole pixels (nil if empty).
    func deviceClipExtents() -> Rect? {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        cairo_restore(cr)
        let r = Rect(x0, y0, x1 - x0, y1 - y0).integral.intersection(buffer.bounds)
        return r.isEmpty ? nil : r
    }

    /// Drops the cached pixels of every retained layer but `first` and `second` (a layer
    /// dropped is repainted whole when it is composited again). Returns true when something
    /// was dropped: then whoever owns the process may hand malloc's freed pages back to the
    /// kernel (the runner does, `SceneRenderer.releasedMemory`). Call it on state changes, not
    /// for every frame's sake: it allocates nothing when there is nothing to drop.
    @discardableResult
    package func releaseRetained(keeping first: RetainedLayer?, _ second: RetainedLayer? = nil) -> Bool {
        retained.release(keeping: first, second)
    }

    /// How many retained layers hold pixels now (tests, memory reports).
    package var retainedLayerCount: Int { retained.count }
}
