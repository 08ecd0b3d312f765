import KioskCore
import KioskUI

/// Appearance after TBCircularSlider: a dark ring; the arc from 0° to the angle filled with a
/// blue→violet gradient and softened by a blur that grows with the angle (`angle / 20`, in whole steps); a
/// translucent white handle with a shadow; the value as text in the middle.
extension CircularSlider {
    static let ringColor = Color(red: 0.02, green: 0.02, blue: 0.03)
    /// The arc's gradient at the top and the bottom unless `arcStartColor` and `arcEndColor`
    /// say otherwise. (Taking the theme's accent by default would change every dial's
    /// pixels, and the goldens of both rendering-library generations with them: a step of its own.)
    static let gradientStart = Color(red: 0, green: 0.35, blue: 1)
    static let gradientEnd = Color(red: 0.62, green: 0.18, blue: 1)
    /// The arc's colours as drawn: `arcStartColor` or blue, `arcEndColor` or violet.
    var resolvedArcColors: (start: Color, end: Color) { (arcStartColor ?? Self.gradientStart, arcEndColor ?? Self.gradientEnd) }

    /// The arc's gradient stops, made again only when its colours change: an array made in
    /// `drawSlider` would be allocated on every frame the glow is drawn without its image.
    func arcStops(_ colors: (start: Color, end: Color)) -> [GradientStop] {
        if let made = madeArcStops, made.start == colors.start, made.end == colors.end { return made.stops }
        let stops = [GradientStop(0, colors.start), GradientStop(1, colors.end)]
        madeArcStops = (colors.start, colors.end, stops)
        return stops
    }

    func drawSlider(_ canvas: Canvas, in dirty: Rect) {
        let c = center
        // A damaged rectangle inside the ring's hole (the value text) needs no ring, arc or handle.
        if !ringCanTouch(dirty) {
            drawValue(canvas)
            return
        }
        // The ring never changes: an image of it, copied into the damage. A one-degree step
        // repaints two small squares at the arc's end, and stroking the whole ring and the
        // glowing arc into each of them cost more than everything else in the frame.
        let ringReach = lineWidth / 2 + 2
        let ringBounds = Rect(c.x - radius - ringReach, c.y - radius - ringReach, 2 * (radius + ringReach), 2 * (radius + ringReach))
        let start = range?.startAngle ?? 0, sweep = range?.sweep ?? 360
        canvas.drawCached(RingAppearance(radius: radius, lineWidth: lineWidth, start: start, sweep: sweep),
                          bounds: ringBounds) { canvas in
            let ring = self.range == nil ? self.ringPath : self.gaugePath(from: start, sweep: sweep)
            canvas.stroke(ring, width: self.lineWidth, .solid(Self.ringColor), cap: .butt)
        }

        // The glowing arc is the glowing ring cut by the wedge from 0° to the angle: with butt
        // ends, every pass of the glow ends on the wedge's radial edges. The ring with its glow
        // is one image per glow level (a new one every 20°), so a step composites it through
        // the wedge instead of stroking every pass of the glow again.
        if arcDegrees > 0 {
            let glowReach = lineWidth / 2 + glowBlur + 2
            let outer = radius + glowReach + 1
            canvas.save()
            canvas.clip(range == nil ? wedge(to: angle, radius: outer) : wedge(from: start, to: handleAngle, radius: outer))
            let colors = resolvedArcColors
            let stops = arcStops(colors)
            canvas.drawCached(GlowAppearance(radius: radius, lineWidth: lineWidth, blur: glowBlur, height: frame.height,
                                             start: colors.start, end: colors.end),
                              bounds: Rect(c.x - outer, c.y - outer, 2 * outer, 2 * outer)) { canvas in
                let gradient = Paint.linear(from: Point(c.x, self.frame.minY), to: Point(c.x, self.frame.maxY),
                                            stops: stops)
                canvas.blurredStroke(self.ringPath, width: self.lineWidth, gradient, cap: .butt, blur: self.glowBlur)
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
        /// Where a gauge's ring starts and how far it goes (0 and 360: the whole ring).
        var start: Double
        var sweep: Double
    }

    /// The key of the glowing ring's cached image: one per glow level.
    struct GlowAppearance: Hashable {
        var radius: Double
        var lineWidth: Double
        var blur: Double
        /// The gradient runs over the frame's height.
        var height: Double
        /// The gradient's colours, top and bottom.
        var start: Color
        var end: Color
    }

    /// The sector from 0° to `degrees` (counter-clockwise on screen), out to `radius`. The
    /// last one is kept: a repaint at the same angle then allocates nothing.
    func wedge(to degrees: Int, radius: Double) -> Path {
        if let w = lastWedge, w.degrees == degrees, w.center == center, w.radius == radius { return w.path }
        let path = Path([.move(center), .line(Point(center.x + radius, center.y)),
                         .arc(center: center, radius: radius, start: 0, end: -Trig.radians(Double(degrees)), clockwise: false),
                         .close])
        lastWedge = (degrees, center, radius, path)
        return path
    }

    /// The sector from `start` to `end` (dial degrees, either way round), out to `radius`: a
    /// range dial's arc so far. Kept as `wedge(to:radius:)` keeps its last one.
    func wedge(from start: Double, to end: Double, radius: Double) -> Path {
        if let w = lastRangeWedge, w.start == start, w.end == end, w.center == center, w.radius == radius { return w.path }
        let a = Trig.radians(start)
        let path = Path([.move(center), .line(Point(center.x + radius * Trig.cos(-a), center.y + radius * Trig.sin(-a))),
                         .arc(center: center, radius: radius, start: -a, end: -Trig.radians(end), clockwise: end < start),
                         .close])
        lastRangeWedge = (start, end, center, radius, path)
        return path
    }

    /// A gauge's ring: from `start` over `sweep` degrees (negative: clockwise) in fixed 15°
    /// pieces from the start, as `activeArc(to:)` builds the angle dial's; closed when it is a
    /// whole turn.
    func gaugePath(from start: Double, sweep: Double) -> Path {
        var elements: [PathElement] = []
        let span = abs(sweep), direction = sweep < 0 ? -1.0 : 1
        var done = 0.0
        while done < span {
            let next = min(done + 15, span)
            elements.append(.arc(center: center, radius: radius, start: -Trig.radians(start + direction * done),
                                 end: -Trig.radians(start + direction * next), clockwise: sweep < 0))
            done = next
        }
        if span >= 360 { elements.append(.close) }
        return Path(elements)
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
    func activeArc(to degrees: Int) -> Path {
        var elements: [PathElement] = []
        elements.reserveCapacity((degrees + 14) / 15 + 1)
        var start = 0
        while start < degrees {
            let end = min(start + 15, degrees)
            elements.append(.arc(center: center, radius: radius, start: -Trig.radians(Double(start)),
                                 end: -Trig.radians(Double(end)), clockwise: false))
            start = end
        }
        return Path(elements)
    }

    /// The whole ring as the arc's 24 pieces, closed (no seam): the ring and the glowing ring
    /// the arc is cut from then have the same outline as an arc of the same angle.
    var ringPath: Path { Path(activeArc(to: 360).elements + [.close]) }

    /// TBCircularSlider's 48 px in a 320 px control, scaled. Config frames are at most 16384
    /// (2458 px); the clamp to 1…4096 px (NaN: 48) guards frames set from code, where
    /// `Int(_:)` would trap on infinity.
    var valueFont: String {
        if let font { return font }
        // Kept while the size stays: the description is too long for an inline string, so
        // making it on every draw would allocate.
        if let made = generatedValueFont, made.unit == unit { return made.font }
        let px = (48 * unit).rounded()
        let font = "sans-serif Bold \(px.isNaN ? 48 : Int(min(max(px, 1), 4096)))px"
        generatedValueFont = (unit, font)
        return font
    }

    func drawValue(_ canvas: Canvas) {
        var style = TextStyle(font: valueFont, color: textColor ?? theme.text, alignment: .center)
        guard let range else {
            if valueTextSize == nil { valueTextSize = canvas.measureText("888°", font: valueFont) }
            canvas.drawText("\(angle)°", style: style, in: valueTextRect)
            return
        }
        let text = rangeValueText(value)
        style.direction = .ofNumber(text)
        if valueTextSize == nil {
            // The widest value is at one end (a negative minimum, or the longest maximum).
            let a = canvas.measureText(rangeValueText(range.minimum), font: valueFont)
            let b = canvas.measureText(rangeValueText(range.maximum), font: valueFont)
            valueTextSize = Size(max(a.width, b.width), max(a.height, b.height))
        }
        canvas.drawText(text, style: style, in: valueTextRect)
    }

    /// False when `rect` lies entirely inside the hole of the ring, with the current glow and
    /// the handle's shadow (a change of glow repaints the whole control anyway).
    func ringCanTouch(_ rect: Rect) -> Bool {
        let hole = radius - lineWidth / 2 - max(glowBlur, 3 * unit) - 1
        // Four comparisons, not an array of corners: this runs for every damaged rectangle.
        return Point(rect.minX, rect.minY).distance(to: center) >= hole
            || Point(rect.maxX, rect.minY).distance(to: center) >= hole
            || Point(rect.minX, rect.maxY).distance(to: center) >= hole
            || Point(rect.maxX, rect.maxY).distance(to: center) >= hole
    }
}
