import CCairo
import CPixelShim
import KioskCore
import KioskUI

/// Scrolled content (`Canvas.drawScrolled`: a list's rows) from a ring of the viewport's pixels
/// (`ScrollRing`): a scroll frame paints the strip that came into view and copies the viewport.
extension CairoCanvas {
    package func drawScrolled(_ layer: RetainedLayer, offset: Double, in viewport: Rect) {
        let matrix = currentMatrix
        // Only the part of the viewport on the buffer is kept: a list larger than the screen
        // costs a ring of the screen's size at most.
        guard offset.isFinite, let toScene = matrix.inverted else { return }
        let viewport = viewport.intersection(toScene.apply(buffer.bounds))
        guard !viewport.isEmpty else { return }
        var fresh = false
        let ring: ScrollRing
        if let kept = scrollRings.ring(for: layer, viewport: viewport, matrix: matrix) {
            ring = kept
        } else {
            let made: ScrollRing?
            do { made = try ScrollRing(layer: layer, viewport: viewport, matrix: matrix, parent: self) } catch {
                record(error)
                return
            }
            // A skewed or freely rotated canvas (a flip transition's frame) draws directly.
            guard let made else { return layer.drawScrolledDirectly(on: self, offset: offset, in: viewport) }
            scrollRings.keep(made, for: layer)
            ring = made
            fresh = true
        }
        bringUpToDate(ring, layer: layer, offset: offset, fresh: fresh)
        composite(ring, opaque: layer.opaqueBounds != nil)
    }

    /// Paints into the ring what came into view since it was last composited (the strip a
    /// scroll exposed) and what the layer says is stale where it shows.
    private func bringUpToDate(_ ring: ScrollRing, layer: RetainedLayer, offset: Double, fresh: Bool) {
        let n = ring.length
        let across = 0..<ring.breadth
        let shift = ring.shift(for: offset)
        let moved = shift - ring.shift
        let stale = layer.takeStaleRegion()
        ring.shift = shift
        if fresh || abs(moved) >= n {
            ring.paint(window: 0..<n, across: across, layer: layer)
            return
        }
        if moved > 0 {
            ring.paint(window: (n - moved)..<n, across: across, layer: layer)
        } else if moved < 0 {
            ring.paint(window: 0..<(-moved), across: across, layer: layer)
        }
        let corner = Point(-ring.deviceRect.x, -ring.deviceRect.y)
        for rect in stale.rects {
            // Device pixels at offset 0 from the viewport's corner, then where they show now.
            let d = ring.matrix.apply(rect).integral.offsetBy(corner)
            let limit = 1e9
            guard d.minX > -limit, d.maxX < limit, d.minY > -limit, d.maxY < limit else {
                ring.paint(window: 0..<n, across: across, layer: layer)
                return
            }
            let along = ring.alongX ? (Int(d.minX), Int(d.maxX)) : (Int(d.minY), Int(d.maxY))
            let side = ring.alongX ? (Int(d.minY), Int(d.maxY)) : (Int(d.minX), Int(d.maxX))
            let w0 = max(0, along.0 - shift), w1 = min(n, along.1 - shift)
            let c0 = max(0, side.0), c1 = min(ring.breadth, side.1)
            if w0 < w1, c0 < c1 { ring.paint(window: w0..<w1, across: c0..<c1, layer: layer) }
        }
    }

    /// Puts the ring on the display, in the viewport: its two pieces (either side of the seam)
    /// each a copy of whole pixels where the content is opaque, blended at the viewport's
    /// edges (which need not lie on whole pixels) and where it is translucent.
    private func composite(_ ring: ScrollRing, opaque: Bool) {
        guard let clip = deviceClipExtents() else { return }
        let n = ring.length
        let seam = ScrollRing.modulo(ring.shift, n)
        let dv = ring.deviceRect
        let exact = ring.matrix.apply(ring.viewport)
        let x0 = exact.minX.rounded(.up), y0 = exact.minY.rounded(.up)
        var inner = Rect(x0, y0, exact.maxX.rounded(.down) - x0, exact.maxY.rounded(.down) - y0).intersection(clip)
        if inner.isEmpty { inner = .zero }
        // (window span, ring start) of each piece: [0, n − seam) from ring seam…, the rest from
        // 0. A function, not an array: a frame allocates nothing of its own.
        func piece(_ k: Int) -> (window: Range<Int>, start: Int) { k == 0 ? (0..<(n - seam), seam) : ((n - seam)..<n, 0) }
        let lead = Int(ring.alongX ? dv.minX : dv.minY)
        func destination(_ window: Range<Int>) -> Rect {
            let r = ring.rect(along: window, across: 0..<ring.breadth)
            return r.offsetBy(Point(dv.minX, dv.minY))
        }
        cairo_save(cr)
        cairo_identity_matrix(cr)
        if opaque, drawsIntoBuffer, !inner.isEmpty {
            context.surface.flush()
            for k in 0..<2 {
                let (window, start) = piece(k)
                guard !window.isEmpty else { continue }
                let target = destination(window).intersection(inner)
                guard !target.isEmpty else { continue }
                let tx = Int(target.minX), ty = Int(target.minY)
                let along = (ring.alongX ? tx : ty) - lead - window.lowerBound + start
                let side = ring.alongX ? ty - Int(dv.minY) : tx - Int(dv.minX)
                let sx = ring.alongX ? along : side, sy = ring.alongX ? side : along
                kiosk_pixels_copy_darkened(
                    buffer.bytes.assumingMemoryBound(to: UInt8.self) + ty * buffer.stride + tx * 4, buffer.stride,
                    ring.buffer.bytes.assumingMemoryBound(to: UInt8.self) + sy * ring.buffer.stride + sx * 4,
                    ring.buffer.stride, Int(target.width), Int(target.height), Darkening.none.keep, Darkening.none.tint)
                cairo_surface_mark_dirty_rectangle(context.surface.pointer, Int32(tx), Int32(ty),
                                                   Int32(target.width), Int32(target.height))
            }
            if clip.intersection(dv) == inner {
                cairo_restore(cr)
                return
            }
            // Only the edges are left to blend.
            appendRect(clip, minus: inner)
            cairo_clip(cr)
            cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
        }
        // The viewport's own edge, antialiased as a direct drawing's clip would be.
        cairo_new_path(cr)
        cairo_rectangle(cr, exact.minX, exact.minY, exact.width, exact.height)
        cairo_clip(cr)
        for k in 0..<2 {
            let (window, start) = piece(k)
            guard !window.isEmpty else { continue }
            let target = destination(window)
            let along = Double(lead + window.lowerBound - start)
            let ox = ring.alongX ? along : dv.minX, oy = ring.alongX ? dv.minY : along
            cairo_set_source_surface(cr, ring.surface.pointer, ox, oy)
            cairo_new_path(cr)
            cairo_rectangle(cr, target.minX, target.minY, target.width, target.height)
            cairo_fill(cr)
        }
        cairo_restore(cr)
        check("drawScrolled")
    }

    /// How many scrolled layers keep a ring now (tests).
    package var scrollRingCount: Int { scrollRings.count }
}
