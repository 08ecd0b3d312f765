import KioskCore
import KioskUI

/// Appearance after CERangeSlider (`SliderTrack+Drawing.swift`, shared with the one-value
/// slider): a rounded track with the selected range filled, a soft highlight on its lower half
/// and a thin outline; knobs with a subtle shadow, a thin outline and an inner gradient,
/// darker while held.
extension RangeSlider {
    var resolvedTrackColor: Color { trackColor ?? theme.track }
    var resolvedHighlightColor: Color { highlightColor ?? theme.accent }
    var resolvedKnobColor: Color { knobColor ?? theme.knob }
    var resolvedCurvaceousness: Double { min(max(curvaceousness ?? theme.curvaceousness, 0), 1) }

    func drawSlider(_ canvas: Canvas) {
        track.drawBar(canvas, filledFrom: position(of: lowerValue), to: position(of: upperValue),
                      SliderTrack.Look(track: resolvedTrackColor, highlight: resolvedHighlightColor,
                                       knob: resolvedKnobColor, curvaceousness: resolvedCurvaceousness))
        // The held knob is drawn last so that it stays on top when the two meet.
        let top: Knob = highlightedKnob == .lower ? .lower : .upper
        drawKnob(top == .lower ? .upper : .lower, canvas)
        drawKnob(top, canvas)
    }

    /// The track is the control's bounds inset vertically by height / 3.5 (CERangeSlider).
    var trackRect: Rect { track.barRect }

    func drawKnob(_ knob: Knob, _ canvas: Canvas) {
        let rect = knobRect(knob)
        SliderTrack.drawKnob(in: rect, SliderTrack.KnobAppearance(size: rect.size, curvaceousness: resolvedCurvaceousness,
                                                                  color: resolvedKnobColor, held: highlightedKnob == knob),
                             canvas)
    }
}
