import KioskCore
import KioskGestures

/// Swipeable pages: screens in a group (`PageGroup`) that follow a finger sideways.
///
/// A page swipe is not a screen transition: fingers keep working while it settles (a finger
/// that lands catches the pages where they are and presses nothing), and the screen it
/// settles on becomes current at the lift, with `screenChanged` then. A swipe does not add
/// to the `back` history: pages are peers, and `back` returns to where the kiosk came to
/// the group from. Who gets a finger follows `DragOwnership`, the pages being a container
/// along the horizontal axis.
extension Scene {
    /// Makes `screens` (ids of this scene's screens, in order) a group of swipeable pages.
    /// Returns nil when an id names no screen or a screen is in a group already.
    @discardableResult
    public func addPageGroup(_ ids: [String]) -> PageGroup? {
        let pages = ids.compactMap { screen(withID: $0) }
        guard pages.count == ids.count, !pages.isEmpty, pages.allSatisfy({ $0.pages == nil }) else { return nil }
        let group = PageGroup(screens: pages)
        pageGroups.append(group)
        for page in pages { page.pages = group }
        for page in pages { page.invalidate(group.dotsBounds(in: bounds)) }
        return group
    }

    /// Where a page swipe is, in pages (0: the group's first page in place, 1.5: halfway
    /// between the second and the third), while a finger drags the pages or they settle;
    /// nil otherwise.
    public var pageSwipePosition: Double? { pageSwipe?.position.value }

    /// The two pages a swipe shows side by side now (nil past either end), while a finger
    /// drags the pages or they settle; nil otherwise. The renderer keeps their retained
    /// layers for as long, so a swipe frame only copies pixels.
    public var pagesInView: (left: Screen?, right: Screen?)? {
        guard let view = pageSwipe?.pagesInView else { return nil }
        return (view.left, view.right)
    }

    /// Whether a drag that just left the slop (`translation` from the touch-down) on the
    /// current screen, held by `control` (nil: nothing), is the pages'.
    func pagesTakeOver(translation: Point, from control: Control?) -> Bool {
        guard transition == nil, overlays.isEmpty, pageSwipe == nil,
              let group = currentScreen.pages, group.screens.count > 1 else { return false }
        return DragOwnership.containerTakesOver(.horizontal, translation: translation, from: control)
    }

    /// The finger in `slot`, which went down at `start`, takes the pages from where they are.
    func beginPageSwipe(slot: Int, start: Point) {
        guard let group = currentScreen.pages, let index = group.index(of: currentScreen) else { return }
        let swipe = pageSwipe ?? PageSwipe(group: group, at: index, pageWidth: designSize.width,
                                           direction: language.direction)
        swipe.grab(slot: slot, x: start.x)
        pageSwipe = swipe
        group.screens.forEach { $0.layer.invalidateAll() }
        invalidateAll()
    }

    /// A finger landing while the pages settle catches them there; false when there is no
    /// settle to catch (or another finger holds the pages: this one is ignored).
    func catchPages(slot: Int, at location: Point) -> Bool? {
        guard let swipe = pageSwipe else { return nil }
        guard swipe.isSettling else { return false }
        swipe.grab(slot: slot, x: location.x)
        return true
    }

    /// A gesture of the finger that holds the pages.
    func handlePageGesture(_ gesture: GestureEvent) {
        guard let swipe = pageSwipe, swipe.finger?.slot == gesture.slot else { return }
        switch gesture {
        case let .panBegan(_, _, location, _), let .panChanged(_, location, _, _, _):
            swipe.drag(to: location.x)
            invalidateAll()
        case let .panEnded(_, location, _, velocity, _):
            swipe.drag(to: location.x)
            settlePages(velocityX: velocity.x)
        case .released, .cancelled:
            // A caught settle that was let go without a drag, or a cancelled finger.
            settlePages(velocityX: 0)
        default:
            break
        }
    }

    private func settlePages(velocityX: Double) {
        guard let swipe = pageSwipe, !swipe.isSettling else { return }
        swipe.release(velocityX: velocityX)
        invalidateAll()
        let next = swipe.group.screens[swipe.targetIndex]
        if next !== currentScreen {
            currentScreen = next
            screenShownAt = currentTime
            post(.screenChanged, source: ControlEvent.kioskSource, value: [("screen", .string(next.id))])
        }
        if swipe.isSettled { pageSwipe = nil }
    }

    /// One fixed step of a settling swipe; the swipe ends when the page is in place.
    func stepPages(_ dt: Duration) {
        guard let swipe = pageSwipe else { return }
        let moving = swipe.advance(by: dt)
        invalidateAll()
        if !moving && swipe.isSettling { pageSwipe = nil }
    }

    /// Ends a swipe at once, where it is headed (a screen change from outside cuts it short).
    func endPageSwipe() {
        guard pageSwipe != nil else { return }
        pageSwipe = nil
        for (slot, owner) in owners { if case .pages = owner { owners[slot] = .ignored } }
        invalidateAll()
    }

    /// The pages of a swipe, side by side.
    func drawPageSwipe(_ swipe: PageSwipe, _ canvas: Canvas) {
        let view = swipe.pagesInView
        ScreenTransition.drawSideBySide(canvas, left: view.left?.layer, right: view.right?.layer, shift: view.shift,
                                        bounds: bounds, background: background)
    }
}
