import KioskCore

/// Appearance: the range slider's track and knob (`SliderTrack+Drawing.swift`), filled from
/// the minimum's end to the knob, and the value label in the theme's font and text colour.
extension Slider {
    var resolvedCurvaceousness: Double { min(max(curvaceousness ?? theme.curvaceousness, 0), 1) }

    func drawSlider(_ canvas: Canvas, in dirty: Rect) {
        let track = self.track
        let look = SliderTrack.Look(track: trackColor ?? theme.track, highlight: highlightColor ?? theme.accent,
                                    knob: knobColor ?? theme.knob, curvaceousness: resolvedCurvaceousness)
        let bar = track.barRect
        let knobAt = track.position(of: value)
        switch axis {
        case .horizontal: track.drawBar(canvas, filledFrom: bar.minX, to: knobAt, look)
        case .vertical: track.drawBar(canvas, filledFrom: knobAt, to: bar.maxY, look)
        }
        let rect = knobRect
        SliderTrack.drawKnob(in: rect, SliderTrack.KnobAppearance(size: rect.size, curvaceousness: look.curvaceousness,
                                                                  color: look.knob, held: knobTouch != nil), canvas)
        if let valueFormat, dirty.intersects(valueLabelRect) {
            let style = TextStyle(font: font ?? theme.font, color: textColor ?? theme.text, alignment: .center)
            canvas.drawText(valueFormat.write(value), style: style, in: valueLabelRect)
        }
    }
}
