import KioskCore

/// The thresholds that decide which gesture a touch becomes.
///
/// Values are used as given: a kiosk config is validated where it is parsed (`KioskConfig`),
/// not here. Out-of-range values still behave predictably: a negative slop makes every move a
/// pan, a zero or negative long-press duration fires the long press with the next event or
/// `advance(to:)`, and a zero or negative velocity window makes every velocity zero.
public struct GestureConfiguration: Sendable, Equatable {
    /// Distance in pixels a touch must travel from its touch-down point before it becomes a
    /// pan. A move of exactly this distance is still "within the slop".
    public var touchSlop: Double
    /// How long a touch must stay within the slop to become a long press.
    public var longPressDuration: Duration
    /// Release speed in pixels per second at or above which a pan also ends as a swipe.
    public var flingVelocity: Double
    /// How far back from an event the velocity estimate looks for samples.
    public var velocityWindow: Duration
    /// The longest time from a tap's lift to the next touch-down for that touch, if it too is
    /// a tap, to be a double tap. A touch-down exactly this long after still counts.
    public var doubleTapInterval: Duration
    /// How far in pixels the second tap of a double tap may land from where the first one
    /// lifted (a second tap exactly this far still counts).
    public var doubleTapDistance: Double

    /// Thresholds for one tracker; each default is what `standard` uses.
    public init(
        touchSlop: Double = 10,
        longPressDuration: Duration = .milliseconds(500),
        flingVelocity: Double = 600,
        velocityWindow: Duration = .milliseconds(100),
        doubleTapInterval: Duration = .milliseconds(300),
        doubleTapDistance: Double = 40
    ) {
        self.touchSlop = touchSlop
        self.longPressDuration = longPressDuration
        self.flingVelocity = flingVelocity
        self.velocityWindow = velocityWindow
        self.doubleTapInterval = doubleTapInterval
        self.doubleTapDistance = doubleTapDistance
    }

    /// Defaults that suit a finger on a capacitive panel of roughly 100–160 dpi.
    public static let standard = GestureConfiguration()
}
