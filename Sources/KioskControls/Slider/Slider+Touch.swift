import KioskCore
import KioskUI

/// The knob follows a finger that landed on it, as a range slider's knob does.
extension Slider {
    /// Within the knob's touch target (0 inside the frame); nil elsewhere, and always when
    /// read-only: a finger then reaches what lies under the slider.
    func knobTouchDistance(to point: Point) -> Double? {
        guard !isReadOnly, touchTarget.contains(point) else { return nil }
        if frame.contains(point) { return 0 }
        let k = knobRect
        return axis == .horizontal ? abs(k.midX - point.x) : abs(k.midY - point.y)
    }

    func beginKnobTouch(at point: Point) -> Bool {
        guard !isReadOnly, touchTarget.contains(point) else { return false }
        knobTouch = KnobTouch(last: point, draggedValue: value, moved: false)
        return true
    }

    func moveKnobTouch(to point: Point) {
        guard var touch = knobTouch else { return }
        touch.draggedValue = ValueLimits.clamp(touch.draggedValue + track.valueChange(from: touch.last, to: point),
                                               minimumValue, maximumValue)
        touch.last = point
        let before = value
        setValue(touch.draggedValue)
        touch.moved = touch.moved || value != before
        knobTouch = touch
        if value != before { send(.valueChanged, fields: currentValue ?? []) }
    }

    func endKnobTouch() {
        if knobTouch?.moved == true { send(.valueCommitted, fields: currentValue ?? []) }
        knobTouch = nil
    }
}
