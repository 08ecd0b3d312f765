import KioskCore
import KioskUI

/// Appearance: the range slider's track and knob (`SliderTrack+Drawing.swift`), filled from
/// the minimum's end to the knob (the right end of a horizontal slider right to left), and the
/// value label in the theme's font and text colour, its number in the language's conventions.
extension Slider {
    var resolvedCurvaceousness: Double { min(max(curvaceousness ?? theme.curvaceousness, 0), 1) }

    func drawSlider(_ canvas: Canvas, in dirty: Rect) {
        let track = self.track
        let look = SliderTrack.Look(track: trackColor ?? theme.track, highlight: highlightColor ?? theme.accent,
                                    knob: knobColor ?? theme.knob, curvaceousness: resolvedCurvaceousness)
        track.drawBar(canvas, filledFrom: track.minimumEnd, to: track.position(of: value), look)
        let rect = knobRect
        SliderTrack.drawKnob(in: rect, SliderTrack.KnobAppearance(size: rect.size, curvaceousness: look.curvaceousness,
                                                                  color: look.knob, held: knobTouch != nil), canvas)
        if let valueFormat, dirty.intersects(valueLabelRect) {
            let language = self.language
            let text = valueFormat.write(value, conventions: language.numbers)
            let style = TextStyle(font: font ?? theme.font, color: textColor ?? theme.text, alignment: .center,
                                  direction: LayoutDirection.ofNumber(text))
            canvas.drawText(text, style: style, in: valueLabelRect)
        }
    }
}
