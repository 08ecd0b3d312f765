import KioskAnimation
import KioskCore
import KioskGestures
import KioskUI

/// A vertical list of rows taller than its frame, scrolled by a finger with kinetic scrolling:
/// the content follows the finger, glides on after a fling and slows down exponentially,
/// resists being pulled past either end and springs back (`KineticScroll`, stepped on the
/// fixed simulation step; at rest it costs nothing).
///
/// Each row is controls (labels, images, buttons, sliders: any control) in the row's own
/// coordinates (`ListRow`); they are addressed by id like any control. Who gets a finger
/// follows `DragOwnership`: a finger on a row's button presses it at once; once it moves past
/// the touch slop mostly up or down the list takes it over (the button is cancelled, no tap);
/// a drag mostly sideways stays with a slider that keeps it. A finger that lands while the
/// list glides stops it there and presses nothing. A tap on a row outside its controls
/// reports `rowTapped` with the row's index.
///
/// Rows are drawn into a retained layer (`rowsLayer`) that the canvas keeps: a scroll frame
/// paints only the rows that came into view (`Canvas.drawScrolled`), and a change inside a row
/// repaints that part alone. Rows out of sight are never drawn.
public final class List: Control {
    /// The rows, top first.
    public let rows: [ListRow]
    /// Every row's height (design pixels).
    public let rowHeight: Double
    /// The fill behind the rows; nil takes the theme's background. An opaque fill lets a
    /// scroll frame copy the kept rows instead of blending them.
    public var background: Color? { didSet { if oldValue != background { restyle() } } }
    /// The line between rows; nil takes the theme's track colour at a quarter.
    public var separatorColor: Color? { didSet { if oldValue != separatorColor { restyle() } } }

    /// A new frame is a new viewport: the scroll keeps its offset within the new room.
    public override var frame: Rect { didSet { scroll.viewportLength = frame.height } }
    /// A new theme repaints the kept rows (their background and separators follow it).
    public override var theme: Theme { didSet { if oldValue != theme { restyle() } } }

    /// The scroll's motion: offset, velocity, phase.
    package internal(set) var scroll: KineticScroll

    /// The finger the list holds, and what it holds it for.
    var finger: Finger?
    /// Where that finger landed, in the host's coordinates.
    var touchStart = Point.zero
    /// Whether that finger has moved past the slop (the ownership was decided).
    var hasMoved = false
    /// The finger's release velocity along y (`touchPanEnded`, however slow).
    var flingVelocity = 0.0

    enum Finger {
        /// A control of a row took the finger; it keeps it unless the list takes a drag over.
        case control(Control, row: ListRow)
        /// The list scrolls with the finger. `caught`: the finger stopped a glide, so its tap
        /// presses nothing.
        case list(caught: Bool)
        /// The finger's drag went mostly sideways, across the list's axis: never the list's
        /// (`DragOwnership`), so the rest of its gesture does nothing here.
        case across
    }

    /// `rowTapped`: a row was tapped outside its controls; the value is `{"row": index}`.
    public static let rowTapped: ControlEvent.Kind = "rowTapped"

    /// A list of `rows` (each given its index and hosted by the list), `rowHeight` apart, in
    /// `frame`; `offset` scrolls it at start.
    public init(id: String, frame: Rect, theme: Theme = .standard, rowHeight: Double, rows: [ListRow],
                offset: Double = 0) {
        self.rows = rows
        self.rowHeight = max(1, rowHeight.isFinite ? rowHeight : 1)
        scroll = KineticScroll(contentLength: Double(rows.count) * max(1, rowHeight.isFinite ? rowHeight : 1),
                               viewportLength: frame.height, offset: offset)
        super.init(id: id, frame: frame, theme: theme)
        for row in rows { row.list = self }
    }

    /// The frame, when the background is opaque and the list is drawn as it is (not faded).
    public override var opaqueRect: Rect? { resolvedBackground.alpha >= 1 && isEnabled && !isHidden ? frame : nil }

    /// The rows' controls, row by row: what `set`, `get` and the state file find by id.
    public override var children: [Control] { rows.flatMap(\.controls) }

    /// The content's height: every row.
    public var contentHeight: Double { Double(rows.count) * rowHeight }

    /// How far the rows are scrolled: 0 shows the first at the top.
    public var offset: Double { scroll.offset }

    /// Scrolls to `offset` (clamped to the rows) at once, stopping any glide: an owner's jump
    /// to the top.
    public func scroll(to offset: Double) {
        let before = scroll.offset
        scroll.scroll(to: offset)
        if scroll.offset != before { invalidate() }
    }

    /// Sets the rows gliding as a finger flung at `fingerVelocity` would (design pixels per
    /// second along y; negative flings them up, towards the later rows): an owner's program
    /// or a benchmark moving the list without a finger.
    public func fling(fingerVelocity: Double) {
        scroll.grab()
        scroll.release(fingerVelocity: fingerVelocity)
        if scroll.isMoving { startAnimating() }
    }

    /// The rows' pixels, kept by the canvas: its coordinates are the content's at offset 0
    /// (row i at `frame.minY + i × rowHeight`), with room above and below for a pull past
    /// either end.
    public private(set) lazy var rowsLayer: RetainedLayer = {
        let layer = RetainedLayer(id: "list:\(id)", bounds: layerBounds) { [unowned self] canvas, rect in
            self.drawRows(canvas, in: rect)
        }
        layer.opaqueBounds = resolvedBackground.alpha >= 1 ? layer.bounds : nil
        return layer
    }()

    /// The layer's bounds for the current frame: the content, a viewport's height beyond
    /// either end (the rubber band never pulls further).
    var layerBounds: Rect {
        Rect(frame.minX, frame.minY - frame.height, frame.width, max(contentHeight, frame.height) + 2 * frame.height)
    }

    var resolvedBackground: Color { background ?? theme.background }
    var resolvedSeparator: Color { separatorColor ?? theme.track.withAlpha(0.25) }

    private func restyle() {
        rowsLayer.opaqueBounds = resolvedBackground.alpha >= 1 ? rowsLayer.bounds : nil
        rowsLayer.invalidateAll()
        invalidate()
    }

    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawList(canvas) }

    // MARK: Rows

    /// Where row `index`'s top is at offset 0, in the host's coordinates (the layer's).
    func rowOrigin(_ index: Int) -> Point { Point(frame.minX, frame.minY + Double(index) * rowHeight) }

    /// Where row `index`'s top is now, in the host's coordinates.
    func rowOriginNow(_ index: Int) -> Point { rowOrigin(index) - Point(0, scroll.offset) }

    /// The row shown at `point` (host coordinates) now, if any.
    func row(at point: Point) -> ListRow? {
        guard frame.contains(point) else { return nil }
        let y = point.y - frame.minY + scroll.offset
        guard y >= 0 else { return nil }
        let i = Int((y / rowHeight).rounded(.down))
        return i < rows.count ? rows[i] : nil
    }

    /// A control of `row` changed `rect` (row coordinates): the kept rows repaint it, and
    /// the display where it shows.
    func rowDidInvalidate(_ row: ListRow, _ rect: Rect) {
        let content = rect.offsetBy(rowOrigin(row.index))
        rowsLayer.invalidate(content)
        let shown = content.offsetBy(Point(0, -scroll.offset)).intersection(frame)
        if !shown.isEmpty { host?.invalidate(shown) }
    }

    // MARK: Touch (List+Touch.swift)

    public override func touchBegan(at point: Point, time: Instant) -> Bool { fingerBegan(at: point, time: time) }
    public override func touchMoved(to point: Point, time: Instant) { fingerMoved(to: point, time: time) }
    public override func touchSwiped(_ direction: SwipeDirection, velocity: Point, time: Instant) { fingerSwiped(direction, velocity: velocity, time: time) }
    public override func touchPanEnded(velocity: Point, time: Instant) { fingerPanEnded(velocity: velocity, time: time) }
    public override func touchTapped(at point: Point, time: Instant) { fingerTapped(at: point, time: time) }
    public override func touchDoubleTapped(at point: Point, time: Instant) { fingerDoubleTapped(at: point, time: time) }
    public override func touchLongPressed(at point: Point, time: Instant) { fingerLongPressed(at: point, time: time) }
    public override func touchEnded(at point: Point, time: Instant) { fingerEnded(at: point, time: time) }
    public override func touchCancelled(time: Instant) { fingerCancelled(time: time) }
    public override func keepsDrag(along axis: DragAxis) -> Bool { fingerKeeps(along: axis) }

    // MARK: Time

    public override func advance(by dt: Duration) -> Bool {
        let before = scroll.offset
        let moving = scroll.step(dt)
        if scroll.offset != before { invalidate() }
        return moving
    }
}
