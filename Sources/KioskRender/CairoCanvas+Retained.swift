import CCairo
import CPixelShim
import KioskCore
import KioskUI

/// Retained layers: pixels kept between frames at device resolution.
///
/// A layer's cache is rendered through the canvas's current transformation (scene → panel at
/// the time of the call), so compositing it untransformed is a 1:1 copy of device pixels,
/// which pixman does at memcpy speed. The cache is rebuilt when that transformation or the
/// layer's bounds change; otherwise only the layer's stale region is repainted into it.
///
/// Memory: a layer costs a buffer of its device size (a whole screen: 8 MB at 1920x1080), so
/// layers are kept only while they are composited: `release(keeping:)` drops the others when
/// the scene's state changes (`SceneRenderer` keeps the current screen's layer under overlays
/// and the two screens' layers of a transition, nothing otherwise). A layer's canvas shares
/// the text, shadow and gradient caches of the canvas it is composited into.
final class RetainedLayerCache {
    struct Entry {
        let buffer: PixelBuffer
        let canvas: CairoCanvas
        let surface: CairoSurface
        /// Scene → device transformation the cache was rendered with.
        let matrix: AffineTransform
        /// Where the cache sits in device pixels.
        let deviceRect: Rect
        let bounds: Rect
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// Oldest first; more than `capacity` layers drop the least recently used.
    private var order: [ObjectIdentifier] = []
    let capacity = 4

    /// The cache for `layer` under `matrix`, brought up to date.
    func entry(for layer: RetainedLayer, matrix: AffineTransform, parent: CairoCanvas) throws(CairoError) -> Entry {
        let key = ObjectIdentifier(layer)
        var entry = entries[key]
        if let e = entry, e.matrix != matrix || e.bounds != layer.bounds { entry = nil }
        var stale = layer.takeStaleRegion()
        if entry == nil {
            let deviceRect = matrix.apply(layer.bounds).integral
            // Compared as doubles first: Int(_:) traps on a side too large (or not finite) to
            // be an Int, and PixelBuffer refuses one beyond its maximum anyway.
            let limit = Double(PixelBuffer.maximumSide)
            guard deviceRect.width <= limit, deviceRect.height <= limit else {
                throw CairoError(call: "retained layer", status: CAIRO_STATUS_INVALID_SIZE,
                                 message: "\(deviceRect.width)x\(deviceRect.height) device pixels is beyond \(PixelBuffer.maximumSide) a side")
            }
            let buffer = try PixelBuffer.allocate(width: max(1, Int(deviceRect.width)), height: max(1, Int(deviceRect.height)))
            let local = matrix.then(.translation(-deviceRect.x, -deviceRect.y))
            let canvas = try CairoCanvas(buffer: buffer, transform: local, sharingCachesWith: parent)
            entry = Entry(buffer: buffer, canvas: canvas, surface: try CairoSurface(buffer: buffer), matrix: matrix,
                          deviceRect: deviceRect, bounds: layer.bounds)
            stale = DamageRegion(layer.bounds)
        }
        let e = entry!
        if !stale.isEmpty {
            let local = matrix.then(.translation(-e.deviceRect.x, -e.deviceRect.y))
            guard let back = local.inverted else { throw CairoError(call: "retained layer", message: "singular transform") }
            e.canvas.beginFrame(transform: local)
            for rect in stale.rects {
                let device = local.apply(rect).integral.intersection(e.buffer.bounds)
                guard !device.isEmpty else { continue }
                e.canvas.save()
                e.canvas.clipToBuffer(device)
                layer.draw(e.canvas, back.apply(device))
                e.canvas.restore()
            }
            try e.canvas.endFrame()
            e.surface.markDirty()
        }
        entries[key] = e
        order.removeAll { $0 == key }
        order.append(key)
        while order.count > capacity { entries[order.removeFirst()] = nil }
        return e
    }

    func forget(_ layer: RetainedLayer) {
        let key = ObjectIdentifier(layer)
        entries[key] = nil
        order.removeAll { $0 == key }
    }

    /// How many layers have pixels now.
    var count: Int { entries.count }

    /// Drops the pixels of every layer but `first` and `second`; true when something was
    /// dropped. Called after every frame, so the usual case (nothing to drop) only looks keys
    /// up and allocates nothing.
    @discardableResult
    func release(keeping first: RetainedLayer?, _ second: RetainedLayer? = nil) -> Bool {
        let keep = (first.map(ObjectIdentifier.init), second.map(ObjectIdentifier.init))
        var kept = 0
        if let k = keep.0, entries[k] != nil { kept += 1 }
        if let k = keep.1, k != keep.0, entries[k] != nil { kept += 1 }
        guard entries.count > kept else { return false }
        order.removeAll { $0 != keep.0 && $0 != keep.1 }
        entries = entries.filter { $0.key == keep.0 || $0.key == keep.1 }
        return true
    }
}

extension CairoCanvas {
    public func concatenate(_ transform: AffineTransform) {
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

    public func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double) {
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
        if pureTranslation, opacity >= 1, let opaque = layer.opaqueBounds {
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
        // The clip minus the copied rectangle (even-odd), pixel-aligned: cairo keeps it a region.
        cairo_new_path(cr)
        cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
        cairo_rectangle(cr, target.x, target.y, target.width, target.height)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
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
    public func drawRetained(_ layer: RetainedLayer, transform: AffineTransform, opacity: Double, dimmedBy dim: Color?,
                             over rect: Rect) {
        guard transform == .identity, opacity >= 1, let clip = deviceClipExtents() else {
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
            cairo_new_path(cr)
            cairo_rectangle(cr, clip.x, clip.y, clip.width, clip.height)
            if !inside.isEmpty {
                // Even-odd: the clip minus the part the copy already darkened.
                cairo_rectangle(cr, inside.x, inside.y, inside.width, inside.height)
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
            }
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

    /// The clip's bounding box in device pixels, widened to whole pixels (nil if empty).
    private func deviceClipExtents() -> Rect? {
        var x0 = 0.0, y0 = 0.0, x1 = 0.0, y1 = 0.0
        cairo_save(cr)
        cairo_identity_matrix(cr)
        cairo_clip_extents(cr, &x0, &y0, &x1, &y1)
        cairo_restore(cr)
        let r = Rect(x0, y0, x1 - x0, y1 - y0).integral.intersection(buffer.bounds)
        return r.isEmpty ? nil : r
    }

    /// Drops the cached pixels of a layer that will not be drawn again soon.
    public func forgetRetained(_ layer: RetainedLayer) { retained.forget(layer) }

    /// Drops the cached pixels of every retained layer but `first` and `second` (a layer
    /// dropped is repainted whole when it is composited again), and hands the freed pages back
    /// to the kernel. Returns true when something was dropped. Call it on state changes, not
    /// for every frame's sake: it allocates nothing when there is nothing to drop.
    @discardableResult
    public func releaseRetained(keeping first: RetainedLayer?, _ second: RetainedLayer? = nil) -> Bool {
        guard retained.release(keeping: first, second) else { return false }
        HeapPolicy.trim()
        return true
    }

    /// How many retained layers hold pixels now (tests, memory reports).
    public var retainedLayerCount: Int { retained.count }
}
