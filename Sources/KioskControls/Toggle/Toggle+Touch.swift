import KioskAnimation
import KioskCore
import KioskGestures
import KioskUI

/// What a finger is doing with a toggle's thumb.
enum ThumbGrip: Equatable {
    /// No finger on the toggle.
    case idle
    /// Down at `x`, not moved past the touch slop yet: a tap, or the start of a drag.
    case pressed(x: Double)
    /// Dragging: the thumb is at `fromPosition` plus the finger's way from `fromX`, in track
    /// lengths. `fromX` is the touch-down point, so the slop's few pixels are not lost.
    case dragging(fromX: Double, fromPosition: Double)
    /// Flung: the thumb is on its way to the fling's side, the value already reported; the
    /// lift changes nothing more.
    case flung

    var isDragging: Bool {
        if case .dragging = self { return true }
        return false
    }
}

extension Toggle {
    /// Fingers are fat and a switch is small: a finger within a 44-pixel square around a
    /// smaller toggle still takes it (inside the frame counts as 0, so a neighbour's own
    /// frame wins over this margin).
    func distanceToTouchTarget(_ point: Point) -> Double? {
        let w = max(frame.width, RangeSlider.minimumTouchSize), h = max(frame.height, RangeSlider.minimumTouchSize)
        let target = Rect(frame.midX - w / 2, frame.midY - h / 2, w, h)
        guard target.contains(point) else { return nil }
        let dx = max(frame.minX - point.x, 0, point.x - frame.maxX)
        let dy = max(frame.minY - point.y, 0, point.y - frame.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    func beginGrip(at point: Point) -> Bool {
        grip = .pressed(x: point.x)
        invalidate()   // the thumb is drawn pressed
        return true
    }

    /// The thumb follows the finger sideways from where it was when the drag began (a thumb
    /// still springing is caught there), within the track: towards on is to the right, or to
    /// the left right to left.
    func moveGrip(to point: Point) {
        switch grip {
        case .idle, .flung:
            return
        case .pressed(let x):
            grip = .dragging(fromX: x, fromPosition: thumbPosition)
            moveGrip(to: point)
        case .dragging(let fromX, let fromPosition):
            let offset = travel > 0 ? towardsOn * (point.x - fromX) / travel : 0
            let position = min(max(fromPosition + offset, 0), 1)
            guard position != thumb.value || thumb.velocity != 0 || thumb.target != position else { return }
            let before = thumbPosition
            thumb.state = SpringState(position: position)
            thumb.target = position
            if thumbPosition != before { invalidate() }
        }
    }

    /// A tap flips it, the thumb turning round from wherever it is.
    func tapGrip() {
        setOn(!isOn, animated: true)
        sendValueEvents()
    }

    /// A fling sends the thumb to the side of its velocity (on is the left side right to left),
    /// with that velocity; one mostly up or down, to the side the thumb is nearer to.
    func flingGrip(_ direction: SwipeDirection, velocity: Point) {
        guard grip.isDragging else { return }
        grip = .flung
        switch direction {
        case .right, .left:
            let towards = (direction == .right) == (towardsOn > 0)
            release(toward: towards, velocity: travel > 0 ? towardsOn * velocity.x / travel : 0)
        case .up, .down:
            release(toward: nearerSide, velocity: 0)
        }
    }

    /// The lift after a drag: the thumb goes to the side it is nearer to.
    func endGrip() {
        if grip.isDragging { release(toward: nearerSide, velocity: 0) }
        grip = .idle
        invalidate()
    }

    /// A touch taken away: a dragged thumb springs back to the value's side, and nothing is
    /// reported.
    func cancelGrip() {
        if grip.isDragging { springThumb(toward: isOn, velocity: 0) }
        grip = .idle
        invalidate()
    }

    /// The side the thumb is nearer to; the value's own side from exactly half-way.
    private var nearerSide: Bool {
        let position = thumbPosition
        return position == 0.5 ? isOn : position > 0.5
    }

    /// Lets the thumb go toward `side` and reports the value when it changed.
    private func release(toward side: Bool, velocity: Double) {
        springThumb(toward: side, velocity: velocity)
        guard side != isOn else { return }
        setOn(side, animated: true)
        sendValueEvents()
    }
}
