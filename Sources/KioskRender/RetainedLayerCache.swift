import CCairo
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
/// the scene's state changes (`SceneRenderer` keeps the current screen's layer and the topmost
/// panel's under overlays, and the two screens' layers of a transition, nothing otherwise). A
/// layer's canvas shares the text, shadow, gradient and image caches of the canvas it is
/// composited into.
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
            // Translucent parts (a panel's rounded corners) would otherwise be blended over their
            // old pixels and grow more opaque with each repaint: a stale part that is not all
            // opaque starts from transparent, as a new layer does. Zeroed in memory before
            // cairo draws (a cairo fill with CAIRO_OPERATOR_CLEAR would allocate every frame).
            for rect in stale.rects {
                let device = local.apply(rect).integral.intersection(e.buffer.bounds)
                guard !device.isEmpty, !(layer.opaqueBounds?.contains(back.apply(device)) ?? false) else { continue }
                Self.clear(device, in: e.buffer)
            }
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

    /// Makes `rect` (whole pixels inside `buffer`) fully transparent.
    private static func clear(_ rect: Rect, in buffer: PixelBuffer) {
        let x = Int(rect.minX), width = Int(rect.width)
        for y in Int(rect.minY)..<Int(rect.maxY) { (buffer.row(y) + x).update(repeating: 0, count: width) }
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
