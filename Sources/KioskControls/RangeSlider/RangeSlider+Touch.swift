import KioskCore
import KioskUI

/// Which knob a finger holds. A touch that lands where both knobs' touch targets overlap
/// at the same distance (the knobs sit on top of each other) is decided by the direction
/// of the first move, so that a stacked pair can always be pulled apart.
enum KnobTouch: Equatable {
    case idle
    case undecided(lastX: Double)
    case dragging(RangeSlider.Knob, lastX: Double, moved: Bool)
}

extension RangeSlider {
    func knobTouchDistance(to point: Point) -> Double? {
        let hits = [Knob.lower, .upper].filter { touchTarget($0).contains(point) }
        guard !hits.isEmpty else { return nil }
        return frame.contains(point) ? 0 : hits.map { abs(position(of: value(of: $0)) - point.x) }.min()
    }

    /// Picks the knob under the finger; between the two knobs the nearer one wins, and the
    /// range never jumps to the touch.
    func beginKnobTouch(at point: Point) -> Bool {
        let lowerHit = touchTarget(.lower).contains(point)
        let upperHit = touchTarget(.upper).contains(point)
        switch (lowerHit, upperHit) {
        case (false, false):
            return false
        case (true, false):
            grab(.lower, at: point.x)
        case (false, true):
            grab(.upper, at: point.x)
        case (true, true):
            let dl = abs(point.x - position(of: lowerValue)), du = abs(point.x - position(of: upperValue))
            if abs(dl - du) < 0.5 {
                knobTouch = .undecided(lastX: point.x)
                highlightedKnob = .upper   // drawn on top, so it is the one the user sees
            } else {
                grab(dl < du ? .lower : .upper, at: point.x)
            }
        }
        return true
    }

    private func grab(_ knob: Knob, at x: Double) {
        knobTouch = .dragging(knob, lastX: x, moved: false)
        highlightedKnob = knob
    }

    func moveKnobTouch(to point: Point) {
        switch knobTouch {
        case .idle:
            return
        case .undecided(let lastX):
            // Towards the minimum takes the lower knob: leftwards, or rightwards right to left.
            let change = track.valueChange(from: Point(lastX, 0), to: Point(point.x, 0))
            guard change != 0 else { return }
            grab(change < 0 ? .lower : .upper, at: lastX)
            moveKnobTouch(to: point)
        case .dragging(let knob, let lastX, let moved):
            let delta = track.valueChange(from: Point(lastX, 0), to: Point(point.x, 0))
            let before = value(of: knob)
            if knob == .lower { setLowerValue(before + delta) } else { setUpperValue(before + delta) }
            let changed = value(of: knob) != before
            knobTouch = .dragging(knob, lastX: point.x, moved: moved || changed)
            if changed { send(.valueChanged, fields: currentValue ?? []) }
        }
    }

    func endKnobTouch() {
        if case .dragging(_, _, true) = knobTouch { send(.valueCommitted, fields: currentValue ?? []) }
        knobTouch = .idle
        highlightedKnob = nil
    }
}
