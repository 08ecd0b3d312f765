import CCairo
import KioskCore
import KioskUI

/// The pixels of a scrolled layer's viewport (`Canvas.drawScrolled`: a list's rows), kept as
/// a ring along the scroll axis, so that scrolling moves no pixels inside it.
///
/// Every content pixel has one place in the ring, whatever the offset: the content's device
/// position at offset 0, along the axis, modulo the ring's length (the viewport's). The ring
/// holds exactly the content that shows; a scroll by d device pixels paints the d newly
/// exposed ones over those that went out of sight, and the frame composites the ring in two
/// pieces (before and after its seam). Content is moved by whole device pixels (`shift`), so
/// what was painted at one offset and what is painted at another line up exactly, and a
/// frame equals a full repaint. Rows that never come into view are never drawn.
///
/// The axis follows the panel's rotation: the content scrolls along the scene's y, which is the
/// device's y (0°, 180°) or x (90°, 270°); the scale (and its sign) is the transformation's.
final class ScrollRing {
    /// The layer whose pixels these are (weak: a list that went away frees its ring).
    weak var layer: RetainedLayer?
    let buffer: PixelBuffer
    /// Draws into `buffer`; shares the text, image and sprite caches of the display's canvas.
    let canvas: CairoCanvas
    /// `buffer` as a source for compositing.
    let surface: CairoSurface
    /// Scene → device transformation of the canvas the ring is composited into.
    let matrix: AffineTransform
    /// The viewport, in scene coordinates.
    let viewport: Rect
    /// The device pixels the viewport touches (whole pixels).
    let deviceRect: Rect
    /// The scroll axis is the device's x (a panel turned by 90° or 270°).
    let alongX: Bool
    /// Device pixels per scene unit along the axis, with their sign (negative when the panel
    /// is upside down on that axis).
    let scale: Double
    /// The device shift of the content in the ring now: content at device position p at offset
    /// 0 shows at p − shift.
    var shift = 0

    /// A ring for `viewport` composited through `matrix`, or nil when the matrix is not a
    /// scale and a quarter turn (the canvas then draws directly).
    init?(layer: RetainedLayer, viewport: Rect, matrix: AffineTransform, parent: CairoCanvas) throws(CairoError) {
        if matrix.b == 0, matrix.c == 0, matrix.d != 0 {
            alongX = false
            scale = matrix.d
        } else if matrix.a == 0, matrix.d == 0, matrix.c != 0 {
            alongX = true
            scale = matrix.c
        } else {
            return nil
        }
        let device = matrix.apply(viewport).integral
        let limit = Double(PixelBuffer.maximumSide)
        guard device.width >= 1, device.height >= 1, device.width <= limit, device.height <= limit else { return nil }
        self.layer = layer
        self.viewport = viewport
        self.matrix = matrix
        deviceRect = device
        buffer = try PixelBuffer.allocate(width: Int(device.width), height: Int(device.height))
        canvas = try CairoCanvas(buffer: buffer, transform: .identity, sharingCachesWith: parent)
        surface = try CairoSurface(buffer: buffer)
    }

    /// The ring's length along the axis, in device pixels.
    var length: Int { alongX ? buffer.width : buffer.height }
    /// Its width across the axis.
    var breadth: Int { alongX ? buffer.height : buffer.width }

    /// The whole-pixel shift for a scroll `offset` (scene units).
    func shift(for offset: Double) -> Int {
        let s = (scale * offset).rounded()
        return Int(min(max(s, -1e9), 1e9))
    }

    /// A rectangle of the ring or the display from a span along the axis and one across it.
    func rect(along: Range<Int>, across: Range<Int>) -> Rect {
        alongX ? Rect(Double(along.lowerBound), Double(across.lowerBound), Double(along.count), Double(across.count))
            : Rect(Double(across.lowerBound), Double(along.lowerBound), Double(across.count), Double(along.count))
    }

    /// Paints the content that shows at window positions `window` (device pixels from the
    /// viewport's leading edge along the axis) and `across`, at the current `shift`, into the
    /// ring: one or two pieces, split at the ring's seam.
    func paint(window: Range<Int>, across: Range<Int>, layer: RetainedLayer) {
        let n = length
        guard n > 0, !window.isEmpty, !across.isEmpty else { return }
        var u = window.lowerBound + shift
        let end = window.upperBound + shift
        while u < end {
            let turn = Self.floorDivide(u, n)
            let pieceEnd = min(end, (turn + 1) * n)
            let ringSpan = (u - turn * n)..<(pieceEnd - turn * n)
            // Content lands at its offset-0 device position less the viewport's corner and
            // `turn` lengths of the ring: its place modulo the ring.
            let wrap = Double(turn * n)
            let local = matrix.then(.translation(-deviceRect.x - (alongX ? wrap : 0), -deviceRect.y - (alongX ? 0 : wrap)))
            let piece = rect(along: ringSpan, across: across)
            if let back = local.inverted {
                canvas.beginFrame(transform: local)
                canvas.clipToBuffer(piece)
                layer.draw(canvas, back.apply(piece))
                try? canvas.endFrame()
            }
            u = pieceEnd
        }
        surface.markDirty()
    }

    /// ⌊a / b⌋ for a positive b.
    static func floorDivide(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    /// a mod b in 0..<b for a positive b.
    static func modulo(_ a: Int, _ b: Int) -> Int { a - floorDivide(a, b) * b }
}

/// The rings of the layers a canvas (and the retained layers' canvases, which share it) has
/// composited scrolled; the least recently used goes past `capacity`, and a ring whose layer
/// is gone goes when another is made.
final class ScrollRingCache {
    private var rings: [ObjectIdentifier: ScrollRing] = [:]
    private var order: [ObjectIdentifier] = []
    /// Each ring is at most a screen's pixels.
    let capacity = 4

    /// The ring kept for `layer`, if it was made for this viewport and transformation.
    func ring(for layer: RetainedLayer, viewport: Rect, matrix: AffineTransform) -> ScrollRing? {
        guard let ring = rings[ObjectIdentifier(layer)], ring.layer === layer, ring.viewport == viewport,
              ring.matrix == matrix else { return nil }
        if order.last != ObjectIdentifier(layer) {
            order.removeAll { $0 == ObjectIdentifier(layer) }
            order.append(ObjectIdentifier(layer))
        }
        return ring
    }

    /// Keeps `ring` for its layer, in the place of any older one.
    func keep(_ ring: ScrollRing, for layer: RetainedLayer) {
        let key = ObjectIdentifier(layer)
        for (k, r) in rings where r.layer == nil { rings[k] = nil }
        order.removeAll { $0 == key || rings[$0] == nil }
        rings[key] = ring
        order.append(key)
        while order.count > capacity { rings[order.removeFirst()] = nil }
    }

    /// How many rings hold pixels (tests).
    var count: Int { rings.count }
}
