import KioskCore
import KioskAnimation

/// The pages of a group following a finger sideways, then settling on a page with a spring.
///
/// The position is in pages: 0 is the first page exactly in place, 1.5 halfway between the
/// second and the third. A finger moves it by its own travel (a page per screen width);
/// beyond the first or last page the pull is rubber-banded (it gives less and less, never
/// more than half a page). At the lift the swipe heads for a page: the next or previous one
/// when the finger was flung that way (or had dragged past half a page), never further than
/// one page from where the finger took it, and a spring carries the finger's velocity into
/// the settle, so there is no kink. A finger landing while it settles catches it where it is.
///
/// Right to left (`mirrored`) the pages lie the other way round: the next page comes from the
/// left, so a finger moving right goes forward, and page k + 1 is left of page k.
final class PageSwipe {
    let group: PageGroup
    /// The position, in pages; `target` is the page it settles on.
    let position: SpringValue
    /// The finger that drags the pages: its slot, and where position and finger were when
    /// it took them.
    private(set) var finger: (slot: Int, startPosition: Double, startX: Double)?
    /// The width of a page (the scene's), in design pixels.
    let pageWidth: Double
    /// Right to left: later pages lie to the left (fixed for the swipe; a language switch
    /// ends it, `Scene.languageDidChange`).
    let mirrored: Bool
    /// What a finger's way to the right does to the position, in pages per page width:
    /// −1 (back) left to right, +1 (forward) right to left.
    private var forwardPerRightward: Double { mirrored ? 1 : -1 }

    /// Release speeds at or above this (px/s) pick the page in the direction of the fling:
    /// the gesture tracker's fling velocity.
    static let flingSpeed = 600.0
    /// The settle: critically damped, about a third of a second.
    static let spring = Spring(response: .milliseconds(350), dampingRatio: 1)

    init(group: PageGroup, at index: Int, pageWidth: Double, direction: LayoutDirection = .leftToRight) {
        self.group = group
        self.pageWidth = max(1, pageWidth)
        mirrored = direction.isRightToLeft
        // Half a device pixel at any scale we lay out for: 0.25 design pixels.
        position = SpringValue(value: Double(index), spring: Self.spring, tolerance: 0.25 / max(1, pageWidth))
    }

    var lastIndex: Double { Double(group.screens.count - 1) }
    /// The page the swipe settles on (or would, were the finger to lift without moving).
    var targetIndex: Int { Int(min(max(position.target.rounded(), 0), lastIndex)) }
    /// No finger holds the pages: the spring moves them (until `isSettled`).
    var isSettling: Bool { finger == nil }
    var isSettled: Bool { isSettling && position.isSettled }

    /// A finger takes the pages where they are (a new drag, or a catch mid-settle): they stop.
    func grab(slot: Int, x: Double) {
        position.velocity = 0
        position.target = position.value
        finger = (slot, position.value, x)
    }

    /// The finger is at `x`: the pages follow it, rubber-banded past either end.
    func drag(to x: Double) {
        guard let finger else { return }
        let raw = finger.startPosition + forwardPerRightward * (x - finger.startX) / pageWidth
        position.value = Self.rubberBanded(raw, lower: 0, upper: lastIndex)
        position.target = position.value
    }

    /// The finger lifted (or was cancelled, `velocity` zero) at `velocityX` px/s: head for
    /// the page it chose, from where the pages are, at the finger's speed.
    func release(velocityX: Double) {
        guard let finger else { return }
        self.finger = nil
        let from = finger.startPosition.rounded()
        var target = position.value.rounded()
        // The pages' own speed, in pages per second (positive: forward).
        let velocity = forwardPerRightward * velocityX / pageWidth
        if abs(velocityX) >= Self.flingSpeed { target = velocity > 0 ? position.value.rounded(.up) : position.value.rounded(.down) }
        target = min(max(target, from - 1, 0), from + 1, lastIndex)
        position.velocity = velocity
        position.target = target
    }

    /// One fixed step of the settle; true while still moving.
    func advance(by dt: Duration) -> Bool {
        guard isSettling else { return false }
        position.step(dt)
        return !position.isSettled
    }

    /// The pages in view: the one at the left edge (nil past the first page), the one right of
    /// it (nil past the last), and how far the left one is moved (0 to -pageWidth). Right to
    /// left the left one is the later page: at position p it is page ⌈p⌉, moved by
    /// (p − ⌈p⌉) page widths, with page ⌈p⌉ − 1 right of it.
    var pagesInView: (left: Screen?, right: Screen?, shift: Double) {
        let p = position.value
        func page(_ k: Double) -> Screen? { k >= 0 && k <= lastIndex ? group.screens[Int(k)] : nil }
        if mirrored {
            let j = p.rounded(.up)
            return (page(j), page(j - 1), (p - j) * pageWidth)
        }
        let i = p.rounded(.down)
        let shift = -(p - i) * pageWidth
        return (page(i), page(i + 1), shift)
    }

    /// Whether `screen` can be seen now.
    func shows(_ screen: Screen) -> Bool {
        let v = pagesInView
        return v.left === screen || (v.right === screen && v.shift != 0)
    }

    /// A pull past an end gives less the further it goes, approaching half a page: a list's
    /// rubber band (`KineticScroll.rubberBand`) on a viewport of half a page.
    static func rubberBanded(_ p: Double, lower: Double, upper: Double) -> Double {
        func band(_ over: Double) -> Double { KineticScroll.rubberBand(over, viewport: 0.5) }
        if p < lower { return lower - band(lower - p) }
        if p > upper { return upper + band(p - upper) }
        return p
    }
}
