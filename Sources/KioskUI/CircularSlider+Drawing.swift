import KioskCore

/// Appearance after TBCircularSlider: a dark ring; the arc from 0° to the angle filled with a
/// blue→violet gradient and softened by a blur that grows with the angle (`angle / 20`, in whole steps); a
/// translucent white handle with a shadow; the value as text in the middle.
extension CircularSlider {
    static let ringColor = Color(red: 0.02, green: 0.02, blue: 0.03)
    static let gradientStart = Color(red: 0, green: 0.35, blue: 1)
    static let gradientEnd = Color(red: 0.62, green: 0.18, blue: 1)

    func drawSlider(_ canvas: Canvas, in dirty: Rect) {
        let c = center
        // A damaged rectangle inside the ring's hole (the value text) needs no ring, arc or handle.
        if !ringCanTouch(dirty) {
            drawValue(canvas)
            return
        }
        // The ring never changes: an image of it, copied into the damage. Only the pieces of
        // the glowing arc that can reach the damage are stroked: a one-degree step repaints two
        // small squares at the arc's end, and stroking the whole ring and arc into each of them
        // cost more than everything else in the frame.
        let ringReach = lineWidth / 2 + 2
        let ringBounds = Rect(c.x - radius - ringReach, c.y - radius - ringReach, 2 * (radius + ringReach), 2 * (radius + ringReach))
        canvas.drawCached(RingAppearance(radius: radius, lineWidth: lineWidth), bounds: ringBounds) { canvas in
            canvas.stroke(self.arcPieces(from: 0, to: 360, touching: nil, reach: 0), width: self.lineWidth,
                          .solid(Self.ringColor), cap: .butt)
        }

        // The glowing arc is the glowing ring cut by the wedge from 0° to the angle: with butt
        // ends, every pass of the glow ends on the wedge's radial edges. The ring with its glow
        // is one image per glow level (a new one every 20°), so a step composites it through
        // the wedge instead of stroking every pass of the glow again.
        if angle > 0 {
            let glowReach = lineWidth / 2 + glowBlur + 2
            let outer = radius + glowReach + 1
            canvas.save()
            canvas.clip(wedge(to: angle, radius: outer))
            canvas.drawCached(GlowAppearance(radius: radius, lineWidth: lineWidth, blur: glowBlur, height: frame.height),
                              bounds: Rect(c.x - outer, c.y - outer, 2 * outer, 2 * outer)) { canvas in
                let gradient = Paint.linear(from: Point(c.x, self.frame.minY), to: Point(c.x, self.frame.maxY),
                                            stops: [GradientStop(0, Self.gradientStart), GradientStop(1, Self.gradientEnd)])
                canvas.blurredStroke(self.arcPieces(from: 0, to: 360, touching: nil, reach: 0), width: self.lineWidth,
                                     gradient, cap: .butt, blur: self.glowBlur)
            }
            canvas.restore()
        }

        // The handle is the same at every angle: drawn once into an image, then copied.
        let handleRadius = lineWidth / 2
        let shadowBlur = 3 * unit
        let h = handleCenter
        let outset = handleRadius + shadowBlur + 1
        canvas.drawCached(HandleAppearance(radius: handleRadius, shadowBlur: shadowBlur),
                          bounds: Rect(h.x - outset, h.y - outset, 2 * outset, 2 * outset)) { canvas in
            let handle = Path.circle(center: h, radius: handleRadius)
            canvas.shadow(handle, offset: .zero, blur: shadowBlur, color: Color.black.withAlpha(0.8))
            canvas.fill(handle, .solid(Color.white.withAlpha(0.7)))
        }

        if dirty.intersects(valueTextRect) { drawValue(canvas) }
    }

    /// The key of the ring's cached image.
    struct RingAppearance: Hashable {
        var radius: Double
        var lineWidth: Double
    }

    /// The key of the glowing ring's cached image: one per glow level.
    struct GlowAppearance: Hashable {
        var radius: Double
        var lineWidth: Double
        var blur: Double
        /// The gradient runs over the frame's height.
        var height: Double
    }

    /// The sector from 0° to `degrees` (counter-clockwise on screen), out to `radius`.
    func wedge(to degrees: Int, radius: Double) -> Path {
        Path([.move(center), .line(Point(center.x + radius, center.y)),
              .arc(center: center, radius: radius, start: 0, end: -Trig.radians(Double(degrees)), clockwise: false),
              .close])
    }

    /// The key of the handle's cached image.
    struct HandleAppearance: Hashable {
        var radius: Double
        var shadowBlur: Double
    }

    /// The arc from 0° to `degrees`, counter-clockwise on screen (the negative direction in
    /// cairo's y-down space), built from fixed 15° pieces. cairo splits an arc into Bézier
    /// segments according to its total sweep, so one long arc would rasterise slightly
    /// differently after every step and the pixels outside the damaged end would no longer
    /// match a full repaint; fixed pieces keep everything but the last piece identical.
    func activeArc(to degrees: Int) -> Path { arcPieces(from: 0, to: degrees, touching: nil, reach: 0) }

    /// The 15° pieces of the arc from `start` to `end` degrees (0…360) whose stroke, `reach`
    /// beyond the centre line, can touch `dirty` (all of them for nil). Each run of touching
    /// pieces is one subpath; a piece left out cannot touch `dirty`, so the butt end where a run
    /// stops lies outside it and the pixels inside are those of the whole stroke. The whole
    /// ring (0…360, every piece) is closed, so it has no seam.
    func arcPieces(from start: Int, to end: Int, touching dirty: Rect?, reach: Double) -> Path {
        var elements: [PathElement] = []
        var open = false
        var piece = start
        var included = 0, total = 0
        while piece < end {
            let next = min(piece + 15, end)
            total += 1
            if dirty.map({ pieceBounds(from: piece, to: next).outsetBy(reach).intersects($0) }) ?? true {
                if !open && !elements.isEmpty {
                    // A new run after a gap; the first one starts where its arc does.
                    let a = Trig.radians(Double(piece))
                    elements.append(.move(Point(center.x + radius * Trig.cos(-a), center.y + radius * Trig.sin(-a))))
                }
                open = true
                elements.append(.arc(center: center, radius: radius, start: -Trig.radians(Double(piece)),
                                     end: -Trig.radians(Double(next)), clockwise: false))
                included += 1
            } else {
                open = false
            }
            piece = next
        }
        if start == 0 && end == 360 && included == total { elements.append(.close) }
        return Path(elements)
    }

    /// A box holding the arc from `a0` to `a1` degrees (at most 15° apart): its end points and
    /// the point where their tangents meet.
    private func pieceBounds(from a0: Int, to a1: Int) -> Rect {
        func point(_ degrees: Double, _ r: Double) -> Point {
            let a = Trig.radians(degrees)
            return Point(center.x + r * Trig.cos(-a), center.y + r * Trig.sin(-a))
        }
        let half = Trig.radians(Double(a1 - a0) / 2)
        let p = [point(Double(a0), radius), point(Double(a1), radius),
                 point(Double(a0 + a1) / 2, radius / Trig.cos(half))]
        let x0 = min(p[0].x, p[1].x, p[2].x), y0 = min(p[0].y, p[1].y, p[2].y)
        return Rect(x0, y0, max(p[0].x, p[1].x, p[2].x) - x0, max(p[0].y, p[1].y, p[2].y) - y0)
    }

    /// TBCircularSlider's 48 px in a 320 px control, scaled. Config frames are at most 16384
    /// (2458 px); the clamp to 1…4096 px (NaN: 48) guards frames set from code, where
    /// `Int(_:)` would trap on infinity.
    var valueFont: String {
        if let font { return font }
        let px = (48 * unit).rounded()
        return "sans-serif Bold \(px.isNaN ? 48 : Int(min(max(px, 1), 4096)))px"
    }

    func drawValue(_ canvas: Canvas) {
        if valueTextSize == nil { valueTextSize = canvas.measureText("888°", font: valueFont) }
        let style = TextStyle(font: valueFont, color: textColor ?? theme.text, alignment: .center)
        canvas.drawText("\(angle)°", style: style, in: valueTextRect)
    }

    /// False when `rect` lies entirely inside the hole of the ring, with the current glow and
    /// the handle's shadow (a change of glow repaints the whole control anyway).
    func ringCanTouch(_ rect: Rect) -> Bool {
        let hole = radius - lineWidth / 2 - max(glowBlur, 3 * unit) - 1
        let corners = [Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY),
                       Point(rect.minX, rect.maxY), Point(rect.maxX, rect.maxY)]
        return corners.contains { $0.distance(to: center) >= hole }
    }
}
