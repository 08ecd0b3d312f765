import KioskCore

/// Appearance after TBCircularSlider: a dark ring; the arc from 0° to the angle filled with a
/// blue→violet gradient and softened by a blur that grows with the angle (`angle / 20`, in whole steps); a
/// translucent white handle with a shadow; the value as text in the middle.
extension CircularSlider {
    static let ringColor = Color(red: 0.02, green: 0.02, blue: 0.03)
    static let gradientStart = Color(red: 0, green: 0.35, blue: 1)
    static let gradientEnd = Color(red: 0.62, green: 0.18, blue: 1)
    /// Made once: an array literal in `drawSlider` would be allocated on every frame.
    static let gradientStops = [GradientStop(0, gradientStart), GradientStop(1, gradientEnd)]

    func drawSlider(_ canvas: Canvas, in dirty: Rect) {
        let c = center
        // A damaged rectangle inside the ring's hole (the value text) needs no ring, arc or handle.
        if !ringCanTouch(dirty) {
            drawValue(canvas)
            return
        }
        canvas.stroke(.circle(center: c, radius: radius), width: lineWidth, .solid(Self.ringColor), cap: .butt)

        if angle > 0 {
            let arc = activeArc(to: angle)
            let gradient = Paint.linear(from: Point(c.x, frame.minY), to: Point(c.x, frame.maxY),
                                        stops: Self.gradientStops)
            canvas.blurredStroke(arc, width: lineWidth, gradient, cap: .butt, blur: glowBlur)
        }

        let handle = Path.circle(center: handleCenter, radius: lineWidth / 2)
        canvas.shadow(handle, offset: .zero, blur: 3 * unit, color: Color.black.withAlpha(0.8))
        canvas.fill(handle, .solid(Color.white.withAlpha(0.7)))

        if dirty.intersects(valueTextRect) { drawValue(canvas) }
    }

    /// The arc from 0° to `degrees`, counter-clockwise on screen (the negative direction in
    /// cairo's y-down space), built from fixed 15° pieces. cairo splits an arc into Bézier
    /// segments according to its total sweep, so one long arc would rasterise slightly
    /// differently after every step and the pixels outside the damaged end would no longer
    /// match a full repaint; fixed pieces keep everything but the last piece identical.
    ///
    /// The last one is kept: a repaint at the same angle (the whole control, under an overlay)
    /// then allocates nothing.
    func activeArc(to degrees: Int) -> Path {
        if let arc = lastArc, arc.degrees == degrees, arc.center == center, arc.radius == radius { return arc.path }
        var elements: [PathElement] = []
        elements.reserveCapacity((degrees + 14) / 15)  // one allocation, not one per doubling
        var start = 0
        while start < degrees {
            let end = min(start + 15, degrees)
            elements.append(.arc(center: center, radius: radius, start: -Trig.radians(Double(start)),
                                 end: -Trig.radians(Double(end)), clockwise: false))
            start = end
        }
        let path = Path(elements)
        lastArc = (degrees, center, radius, path)
        return path
    }

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
        if valueTextSize == nil { valueTextSize = canvas.measureText("888°", font: valueFont) }
        let style = TextStyle(font: valueFont, color: textColor ?? theme.text, alignment: .center)
        canvas.drawText("\(angle)°", style: style, in: valueTextRect)
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
