import KioskAnimation
import KioskCore
import KioskGestures
import KioskUI

/// A switch, as on phones: a rounded track with a round thumb that sits left (off) or right
/// (on); mirrored right to left (`Control.layoutDirection`), where on is the thumb at the left,
/// as Android and iOS draw it in Arabic and Hebrew. Its value is `{"on": true}`.
///
/// **Touch.** A tap anywhere on it flips it. A finger that drags sideways takes the thumb
/// with it (from where the thumb was when the drag began, no jump), and on lift the thumb
/// goes to the side it is nearer to; a fling goes to the side of its velocity, whatever the
/// distance. The value changes when the finger lifts (`valueChanged` and `valueCommitted`,
/// as a checkable button's tap reports its `checked`), never in the middle of a drag, and a
/// drag that ends on the side it began on reports nothing. A cancelled touch (the screen
/// changed, the toggle was disabled) lets the thumb spring back to the value's side. A toggle
/// keeps sideways drags from a scroll container around it (`keepsDrag(along:)`); an up or
/// down drag is the container's.
///
/// **Motion.** The thumb is driven by a spring (`SpringValue`, on the fixed simulation step):
/// a tap or a value set while it moves turns it round from where it is, with the velocity it
/// has, so there is never a jump; a fling hands the finger's velocity to the spring. A value
/// restored from the state file or carried over by a reload (`setValue(_:sendsEvents: false)`)
/// is shown at once. The track's colour follows the thumb from `offColor` to `onColor` (in
/// eight steps, each a cached image of the track), so a step repaints the toggle (its own
/// small frame) and nothing else; once the thumb rests the
/// toggle stops stepping (idle: no frames).
///
/// **An owner's value while a finger holds the thumb.** The owner's `set` changes the value
/// at once (its events go out) but leaves the thumb under the finger; the finger has the last
/// word when it lifts, as it would have had a moment later anyway.
public final class Toggle: Control {
    /// The thumb's spring: a 0.3 s response, damped just short of critical so that a flip
    /// lands without a visible bounce.
    public static let thumbSpring = Spring(response: .milliseconds(300), dampingRatio: 0.9)

    /// On (thumb right) or off (thumb left). Setting it moves the thumb there on its spring
    /// and sends no events (`setValue(_:sendsEvents:)` does, as the socket's `set`).
    public var isOn: Bool {
        get { on }
        set { setOn(newValue, animated: true) }
    }
    private var on: Bool

    /// The track when on; nil takes the theme's accent.
    public var onColor: Color? { didSet { if oldValue != onColor { invalidate() } } }
    /// The track when off; nil takes the theme's track colour.
    public var offColor: Color? { didSet { if oldValue != offColor { invalidate() } } }
    /// The thumb; nil takes the theme's knob colour.
    public var thumbColor: Color? { didSet { if oldValue != thumbColor { invalidate() } } }

    /// Where the thumb is: 0 at the left (off) … 1 at the right (on). The spring may swing a
    /// hair past an end; the thumb is drawn at the end then.
    let thumb: SpringValue
    /// What a finger is doing with the thumb (`Toggle+Touch.swift`).
    var grip = ThumbGrip.idle

    /// A toggle at `frame`, `isOn` shown at once.
    public init(id: String, frame: Rect, theme: Theme = .standard, isOn: Bool = false) {
        on = isOn
        thumb = SpringValue(value: isOn ? 1 : 0, spring: Self.thumbSpring, tolerance: 0.001)
        super.init(id: id, frame: frame, theme: theme)
    }

    // MARK: Value

    /// Where the thumb is drawn: 0 (off) … 1 (on).
    public var thumbPosition: Double { min(max(thumb.value, 0), 1) }

    /// Whether a finger holds the toggle (the thumb is drawn pressed).
    public var isHeld: Bool { grip != .idle }

    /// Turns it on or off without events: `animated`, the thumb springs there from where it
    /// is; otherwise it is there at once. A thumb under a dragging finger stays with the
    /// finger.
    public func setOn(_ newValue: Bool, animated: Bool) {
        guard newValue != on else { return }
        on = newValue
        guard !grip.isDragging else { return }
        if animated {
            springThumb(toward: newValue, velocity: nil)
        } else {
            thumb.state = SpringState(position: newValue ? 1 : 0)
            thumb.target = thumb.value
            invalidate()
        }
    }

    /// `{"on": …}`.
    public override var currentValue: [(name: String, value: EventScalar)]? { [("on", .bool(on))] }

    /// `on` (true or false), as a tap would leave it: the thumb springs there and
    /// `valueChanged` and `valueCommitted` go out when it changed; `sendsEvents` false (a
    /// restored state, a reload) shows it at once and sends nothing.
    public override func setValue(_ fields: [(name: String, value: EventScalar)],
                                  sendsEvents: Bool = true) throws(ControlValueError) {
        if let error = ControlValueError.unknownFields(fields, known: ["on"], control: id) { throw error }
        guard let field = fields.last else { return }
        guard case .bool(let value) = field.value else {
            throw ControlValueError("'\(id)'.on must be true or false (found \(field.value.kindDescription))")
        }
        guard value != on else { return }
        setOn(value, animated: sendsEvents)
        if sendsEvents { sendValueEvents() }
    }

    // MARK: Motion

    /// Sends the thumb toward a side on its spring, from where it is; `velocity` (in track
    /// lengths per second, a fling's) replaces the one it has, nil keeps it.
    func springThumb(toward side: Bool, velocity: Double?) {
        thumb.target = side ? 1 : 0
        if let velocity, velocity.isFinite { thumb.velocity = velocity }
        startAnimating()
    }

    /// Steps the thumb's spring; false once it rests.
    public override func advance(by dt: Duration) -> Bool {
        let before = thumbPosition
        thumb.step(dt)
        // The track's colour follows the thumb: the whole (small) toggle changes.
        if thumbPosition != before { invalidate() }
        return !thumb.isSettled
    }

    // MARK: Geometry

    /// The gap between the track's edge and the thumb: an eleventh of the height, at least 2.
    public var thumbInset: Double { max(2, frame.height / 11) }
    /// The thumb's side: the track's height less the inset above and below.
    public var thumbSize: Double { max(0, frame.height - 2 * thumbInset) }
    /// How far the thumb's left edge travels from off to on.
    public var travel: Double { max(0, frame.width - 2 * thumbInset - thumbSize) }

    /// The thumb's square (round at full curvaceousness) at `position` (0…1): from the left
    /// edge, or from the right one right to left.
    public func thumbRect(at position: Double) -> Rect {
        mirroredForReading(Rect(frame.minX + thumbInset + position * travel, frame.minY + thumbInset,
                                thumbSize, thumbSize))
    }

    /// +1 when on is to the right, −1 when it is to the left (right to left): what a finger's
    /// sideways way and velocity are multiplied by to give the thumb's.
    var towardsOn: Double { layoutDirection.isRightToLeft ? -1 : 1 }

    /// The thumb's shadow reaches 2 px below it and beside it.
    public override var paintMargin: Double { 2 }

    // MARK: Touch and drawing (Toggle+Touch.swift, Toggle+Drawing.swift)

    public override func touchDistance(to point: Point) -> Double? { distanceToTouchTarget(point) }
    public override func touchBegan(at point: Point, time: Instant) -> Bool { beginGrip(at: point) }
    public override func touchMoved(to point: Point, time: Instant) { moveGrip(to: point) }
    public override func touchTapped(at point: Point, time: Instant) { tapGrip() }
    public override func touchSwiped(_ direction: SwipeDirection, velocity: Point, time: Instant) {
        flingGrip(direction, velocity: velocity)
    }
    public override func touchEnded(at point: Point, time: Instant) { endGrip() }
    public override func touchCancelled(time: Instant) { cancelGrip() }

    /// The thumb is dragged sideways: a horizontal scroll container around it leaves it those
    /// drags; a vertical one takes the rest.
    public override func keepsDrag(along axis: DragAxis) -> Bool { axis == .horizontal }

    /// Takes over a finger from the toggle a reload replaced: a press goes on, a drag goes on
    /// from where that thumb was.
    public override func takeTouch(from previous: Control) -> Bool {
        guard let previous = previous as? Toggle, previous.grip != .idle else { return false }
        grip = previous.grip
        if grip.isDragging {
            thumb.state = SpringState(position: previous.thumb.value)
            thumb.target = thumb.value
        }
        invalidate()
        return true
    }

    public override func draw(_ canvas: Canvas, in dirty: Rect) { drawToggle(canvas) }
}
