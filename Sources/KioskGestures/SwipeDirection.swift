import KioskCore

/// The direction of a swipe, in screen coordinates (y grows downwards).
public enum SwipeDirection: String, Sendable, Hashable, CaseIterable {
    /// Where the finger went: `left`, `right`, `up` (towards the top of the screen) or `down`.
    case left, right, up, down

    /// The direction of the dominant axis of `velocity`. A tie between the axes counts as
    /// horizontal, so a perfectly diagonal fling is still reported the same way every time.
    public init(dominantAxisOf velocity: Point) {
        if abs(velocity.x) >= abs(velocity.y) {
            self = velocity.x < 0 ? .left : .right
        } else {
            self = velocity.y < 0 ? .up : .down
        }
    }
}
