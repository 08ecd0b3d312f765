import KioskCore

/// Appearance after TBCircularSlider: a dark ring; the arc from 0° to the angle filled with a
/// blue→violet gradient and softened by a blur that grows with the angle (`angle / 20`, in whole steps); a
/// translucent white handle with a shadow; the value as text in the middle.
extension CircularSlider {
    static let ringColor = Color(red: 0.02, green: 0.02, blue: 0.03)
    static let gradientStart = Color(red: 0, green: 0.35, blue: 1)
    static let gradientEnd = Color(red: 0.62, green: 0.18, blue: 1)

    func drawSlider(_ canvas: Canvas) {
        let c = center
        canvas.stroke(.circle(center: c, radius: radius), width: lineWidth, .solid(Self.ringColor), cap: .butt)

        if angle > 0 {
            // Counter-clockwise on screen is the negative direction in cairo's y-down space.
            let arc = Path.arc(center: c, radius: radius, start: 0, end: -Trig.radians(Double(angle)), clockwise: false)
            let gradient = Paint.linear(from: Point(c.x, frame.minY), to: Point(c.x, frame.maxY),
                                        stops: [GradientStop(0, Self.gradientStart), GradientStop(1, Self.gradientEnd)])
            canvas.blurredStroke(arc, width: lineWidth, gradient, cap: .butt, blur: glowBlur)
        }

        let handle = Path.circle(center: handleCenter, radius: lineWidth / 2)
        canvas.shadow(handle, offset: .zero, blur: 3 * unit, color: Color.black.withAlpha(0.8))
        canvas.fill(handle, .solid(Color.white.withAlpha(0.7)))

        let style = TextStyle(font: font ?? "sans-serif Bold \(Int((48 * unit).rounded()))px",
                              color: textColor ?? theme.text, alignment: .center)
        canvas.drawText("\(angle)°", style: style, in: valueTextRect)
    }
}
