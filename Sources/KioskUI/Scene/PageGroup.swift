import KioskCore

/// Screens a finger swipes between sideways, in order (the config's `"pages"`): a carousel
/// of peers. Each page shows dots along its bottom edge, the current one lit.
///
/// The scene holds its groups; a screen knows the group it belongs to (`Screen.pages`) only
/// weakly, so a group and its screens do not keep each other alive.
public final class PageGroup {
    /// The pages, first to last.
    public let screens: [Screen]
    /// The lit dot; a change repaints the dots.
    public var currentDotColor: Color { didSet { if oldValue != currentDotColor { invalidateDots() } } }
    /// The other dots; a change repaints the dots.
    public var dotColor: Color { didSet { if oldValue != dotColor { invalidateDots() } } }

    private func invalidateDots() {
        for page in screens { if let bounds = page.scene?.bounds { page.invalidate(dotsBounds(in: bounds)) } }
    }

    /// A group of `screens` (at least one; a screen belongs to one group at most).
    public init(screens: [Screen], currentDotColor: Color = .white, dotColor: Color = Color.white.withAlpha(0.35)) {
        precondition(!screens.isEmpty, "a page group needs at least one screen")
        self.screens = screens
        self.currentDotColor = currentDotColor
        self.dotColor = dotColor
    }

    /// Where `screen` is in the group, if it is one of its pages.
    public func index(of screen: Screen) -> Int? { screens.firstIndex { $0 === screen } }

    /// Dots: 10 design pixels across, 10 apart, centred 24 above the bottom edge.
    static let dotSize = 10.0, dotGap = 10.0, dotInset = 24.0

    /// Where a page draws its dots, in scene coordinates.
    func dotsBounds(in bounds: Rect) -> Rect {
        let n = Double(screens.count)
        let width = n * Self.dotSize + (n - 1) * Self.dotGap
        return Rect(bounds.midX - width / 2, bounds.maxY - Self.dotInset - Self.dotSize / 2, width, Self.dotSize)
    }

    /// Paints the dots of the page at `index`: drawn into each page, so they move with it. The
    /// first page's dot is at the left, or at the right in a right-to-left `direction`.
    func drawDots(_ canvas: Canvas, current index: Int, in bounds: Rect, direction: LayoutDirection = .leftToRight) {
        guard screens.count > 1 else { return }
        let area = dotsBounds(in: bounds)
        for i in screens.indices {
            let step = Double(direction.isRightToLeft ? screens.count - 1 - i : i)
            let dot = Rect(area.minX + step * (Self.dotSize + Self.dotGap), area.minY, Self.dotSize, Self.dotSize)
            canvas.fill(.ellipse(dot), .solid(i == index ? currentDotColor : dotColor))
        }
    }
}
