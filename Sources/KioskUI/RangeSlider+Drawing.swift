import KioskCore

/// Appearance after CERangeSlider: a rounded track with the selected range filled, a soft
/// highlight on its lower half and a thin outline; knobs with a subtle shadow, a thin outline
/// and an inner gradient, darker while held.
extension RangeSlider {
    var resolvedTrackColor: Color { trackColor ?? theme.track }
    var resolvedHighlightColor: Color { highlightColor ?? theme.accent }
    var resolvedKnobColor: Color { knobColor ?? theme.knob }
    var resolvedCurvaceousness: Double { min(max(curvaceousness ?? theme.curvaceousness, 0), 1) }

    static let outlineColor = Color(red: 0.5, green: 0.5, blue: 0.5)
    /// The knob's inner shade; made once, not as an array literal on every frame.
    static let knobShadeStops = [GradientStop(0, Color.black.withAlpha(0.15)), GradientStop(1, Color.black.withAlpha(0.05))]

    func drawSlider(_ canvas: Canvas) {
        drawTrack(canvas)
        // The held knob is drawn last so that it stays on top when the two meet.
        let top: Knob = highlightedKnob == .lower ? .lower : .upper
        drawKnob(top == .lower ? .upper : .lower, canvas)
        drawKnob(top, canvas)
    }

    /// The track is the control's bounds inset vertically by height / 3.5 (CERangeSlider).
    var trackRect: Rect {
        frame.insetBy(dx: 0, dy: frame.height / 3.5)
    }

    func drawTrack(_ canvas: Canvas) {
        let track = trackRect
        let radius = track.height * resolvedCurvaceousness / 2
        canvas.fill(.roundedRect(track, radius: radius), .solid(resolvedTrackColor))

        let x0 = position(of: lowerValue), x1 = position(of: upperValue)
        if x1 > x0 {
            canvas.fill(.roundedRect(Rect(x0, track.minY, x1 - x0, track.height), radius: radius),
                        .solid(resolvedHighlightColor))
        }

        // Soft highlight over the lower half of the track.
        let highlight = Rect(track.minX + radius / 2, track.midY, track.width - radius, track.height / 2)
        canvas.fill(.roundedRect(highlight, radius: highlight.height * resolvedCurvaceousness / 2),
                    .solid(Color.white.withAlpha(0.4)))

        canvas.stroke(.roundedRect(track, radius: radius), width: 0.5, .solid(Self.outlineColor), cap: .butt)
    }

    /// Everything a knob's pixels depend on except its position: the key of its cached image.
    struct KnobAppearance: Hashable {
        var size: Size
        var curvaceousness: Double
        var color: Color
        var held: Bool
    }

    /// A knob is drawn from an image of it (`Canvas.drawCached`): its shadow, outline and
    /// gradient are the most expensive pixels of the slider, and a drag only moves them.
    func drawKnob(_ knob: Knob, _ canvas: Canvas) {
        let rect = knobRect(knob)
        let appearance = KnobAppearance(size: rect.size, curvaceousness: resolvedCurvaceousness,
                                        color: resolvedKnobColor, held: highlightedKnob == knob)
        // The shadow reaches a pixel beyond the body, which is the knob's rectangle inset by 2.
        canvas.drawCached(appearance, bounds: rect.insetBy(-1)) { canvas in
            Self.paintKnob(in: rect, appearance, canvas)
        }
    }

    static func paintKnob(in rect: Rect, _ appearance: KnobAppearance, _ canvas: Canvas) {
        let body = rect.insetBy(2)
        guard !body.isEmpty else { return }
        let path = Path.roundedRect(body, radius: body.height * appearance.curvaceousness / 2)

        canvas.shadow(path, offset: Point(0, 1), blur: 1, color: outlineColor)
        canvas.fill(path, .solid(appearance.color))
        canvas.stroke(path, width: 0.5, .solid(outlineColor), cap: .butt)

        let inner = body.insetBy(2)
        if !inner.isEmpty {
            canvas.fill(.roundedRect(inner, radius: inner.height * appearance.curvaceousness / 2),
                        .linear(from: Point(inner.midX, inner.minY), to: Point(inner.midX, inner.maxY),
                                stops: Self.knobShadeStops))
        }
        if appearance.held {
            canvas.fill(path, .solid(Color.black.withAlpha(0.1)))
        }
    }
}
