import KioskCore

/// The pointer's position on the panel. Absolute devices set it; relative ones (a mouse) move
/// it, and the result is clamped to the panel so a mouse pushed against an edge does not
/// wander off-screen and then take as long to come back.
///
/// Only a position: whether a cursor is drawn is the renderer's business.
package struct PointerTracker: Sendable {
    package let panelSize: Size
    package private(set) var position: Point

    /// Starts in the middle of the panel, where a first relative motion is most likely to
    /// stay visible.
    package init(panelSize: Size) {
        self.panelSize = panelSize
        self.position = Point(panelSize.width / 2, panelSize.height / 2)
    }

    /// A relative motion (`libinput_event_pointer_get_dx/dy`, already accelerated).
    package mutating func move(by delta: Point) -> Point {
        position = clamped(position + delta)
        return position
    }

    /// An absolute position (`libinput_event_pointer_get_absolute_x_transformed`), clamped
    /// like any other so no position outside the panel ever leaves this type.
    package mutating func move(to point: Point) -> Point {
        position = clamped(point)
        return position
    }

    /// Within 0…width−1 and 0…height−1: the last pixel column and row, so a hit test at the
    /// position always finds a pixel of the panel.
    private func clamped(_ point: Point) -> Point {
        Point(
            min(max(point.x, 0), max(panelSize.width - 1, 0)),
            min(max(point.y, 0), max(panelSize.height - 1, 0)))
    }
}
