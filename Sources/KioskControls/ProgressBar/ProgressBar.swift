import KioskAnimation
import KioskCore
import KioskUI

/// A bar that shows how far something has got: determinate (a fill from the left to `value`
/// within `minimum…maximum`) or indeterminate (a band that sweeps across the track, round and
/// round, while the length of the work is unknown). The frame is the bar: its track fills the
/// frame, rounded by the theme's curvaceousness. Right to left (`Control.layoutDirection`) it is
/// mirrored: the fill grows from the right and the band travels leftwards.
///
/// **Its value is the owner's.** No finger changes it (it takes no touch: a finger on it
/// reaches what lies under it), yet `value` is the control's value field
/// (`currentValue`/`setValue`) rather than a property, because that is what it is to everything
/// else: `kiosk ctl set load value=0.4` and MQTT clamp it into range as they clamp a slider's
/// (a job's 1.0000001 is not refused with a config error), `get` and the state file keep it
/// with the values, a reload carries it over by id, and a template `{load.value:.0 %}` follows it
/// through its `valueChanged` events. A property would be checked by decoding the whole config
/// object on every update, which is the wrong cost for a number an owner streams.
/// `indeterminate` and the colours are properties.
///
/// **Motion.** A new value is not jumped to: the fill glides to it in `fillDuration` (ease-out),
/// on the fixed simulation step, and a value that comes mid-glide glides on from where the
/// fill is (no jump). A restored value (`setValue(_:sendsEvents: false)`: the state file, a
/// reload) is shown at once: it is not news to whoever watches. Once the fill arrives the bar
/// stops stepping (idle: no frames). Each step repaints the strip between the fill's old and new
/// end only.
///
/// An indeterminate bar moves its band while it is on the display and enabled: on the current
/// screen (or one a transition shows), or in a panel or popup that is showing, not hidden.
/// Elsewhere it stops stepping, so a busy bar on a screen nobody sees costs no wake-ups; it
/// starts again the next time it is drawn (its screen shown, the bar enabled or shown again).
/// A disabled one is drawn faded with the band where it stopped. Each step repaints the
/// band's old and new places, nothing else.
public final class ProgressBar: Control {
    /// How long the fill takes to glide to a new value: 0.3 s, ease-out.
    public static let fillDuration = Duration.milliseconds(300)
    /// How long the indeterminate band takes to cross the track once, from fully left of it
    /// to fully right of it.
    public static let bandPeriod = Duration.milliseconds(1500)
    /// The band's width, as a fraction of the track's.
    public static let bandWidthFraction = 0.3

    /// The value of an empty bar.
    public private(set) var minimumValue: Double
    /// The value of a full bar.
    public private(set) var maximumValue: Double
    /// What the bar shows, clamped to `minimum…maximum`; setting it glides the fill there
    /// (sends no events: `setValue(_:sendsEvents:)` does, as the socket's `set`).
    public var value: Double {
        get { targetValue }
        set { setValue(newValue, animated: true) }
    }
    private var targetValue: Double
    /// The value the fill shows now: `value` once the glide has arrived.
    public private(set) var displayedValue: Double
    /// Shows a moving band instead of the fill (the work's length is unknown); `value` is kept.
    public var isIndeterminate: Bool {
        didSet {
            guard oldValue != isIndeterminate else { return }
            invalidate()
            if isIndeterminate { bandPhase = 0 }
            startAnimating()
        }
    }
    /// The track; nil takes the theme's track colour.
    public var trackColor: Color? { didSet { if oldValue != trackColor { invalidate() } } }
    /// The fill and the band; nil takes the theme's accent.
    public var fillColor: Color? { didSet { if oldValue != fillColor { invalidate() } } }

    /// Where the glide started (`displayedValue` at its start) and the animator that carries
    /// it to `value`.
    private var glideStart: Double
    private let glide = Animator(duration: ProgressBar.fillDuration, easing: .easeOut)
    /// Where the band is in its sweep: 0 (fully left of the track) up to 1 (fully right).
    public private(set) var bandPhase = 0.0

    /// A bar over `minimum…maximum` (a maximum not above the minimum makes a range of one
    /// value) showing `value` (clamped), without a glide.
    public init(id: String, frame: Rect, theme: Theme = .standard, minimum: Double = 0, maximum: Double = 1,
                value: Double = 0, indeterminate: Bool = false) {
        let lo = minimum.isFinite ? minimum : 0
        let hi = maximum.isFinite ? max(lo, maximum) : lo
        minimumValue = lo
        maximumValue = hi
        let v = ValueLimits.clamp(value, lo, hi)
        targetValue = v
        displayedValue = v
        glideStart = v
        isIndeterminate = indeterminate
        super.init(id: id, frame: frame, theme: theme)
    }

    // MARK: Value

    /// Sets the value, clamped into `minimum…maximum` (NaN counts as the minimum). `animated`:
    /// the fill glides there from where it is now; otherwise (or while indeterminate, when no
    /// fill shows) it is there at once.
    public func setValue(_ newValue: Double, animated: Bool) {
        let v = ValueLimits.clamp(newValue, minimumValue, maximumValue)
        guard v != targetValue else { return }
        targetValue = v
        guard animated, !isIndeterminate else {
            glide.cancel()
            moveFill(to: v)
            return
        }
        glideStart = displayedValue
        glide.fractionComplete = 0
        glide.start()
        startAnimating()
    }

    /// `value`.
    public override var currentValue: [(name: String, value: EventScalar)]? { [("value", .number(targetValue))] }

    /// Sets `value`, clamped as `value` is, gliding there; `sendsEvents` false (a restored
    /// state, a reload) shows it at once and sends nothing. Sends `valueChanged` and
    /// `valueCommitted` when it changed, so that templates and the state file follow it.
    public override func setValue(_ fields: [(name: String, value: EventScalar)],
                                  sendsEvents: Bool = true) throws(ControlValueError) {
        guard let n = try ControlValueError.onlyNumber(named: "value", in: fields, control: id) else { return }
        let before = targetValue
        setValue(n, animated: sendsEvents)
        if sendsEvents, targetValue != before { sendValueEvents() }
    }

    // MARK: Motion

    /// Steps the glide and the band; false once neither moves (the glide arrived, and the bar is
    /// not indeterminate or not on the display).
    public override func advance(by dt: Duration) -> Bool {
        var moving = false
        if glide.state == .running {
            glide.step(dt)
            moveFill(to: glideStart + (targetValue - glideStart) * glide.value)
            moving = glide.state == .running
        }
        if isIndeterminate && isOnDisplay {
            let old = bandRect
            bandPhase += dt.inSeconds / Self.bandPeriod.inSeconds
            if bandPhase >= 1 { bandPhase -= bandPhase.rounded(.down) }
            // Two rectangles, not their union: when the band wraps round, the union would be
            // the whole track.
            invalidateBand(old)
            invalidateBand(bandRect)
            moving = true
        }
        return moving
    }

    /// Shows `v` as the fill, repainting the strip between the old and the new end.
    private func moveFill(to v: Double) {
        guard v != displayedValue else { return }
        let a = fillWidth(of: displayedValue), b = fillWidth(of: v)
        displayedValue = v
        guard !isIndeterminate else { return }
        let track = frame, r = cornerRadius
        // The rounded end reaches `r` back from the end; a fill shorter than its two ends
        // changes its shape from the left edge on.
        let x0 = min(a, b) < 2 * r + 1 ? track.minX : track.minX + min(a, b) - r - 1
        let x1 = track.minX + max(a, b) + 1
        invalidate(mirroredForReading(Rect(x0, track.minY, x1 - x0, track.height).intersection(track)))
    }

    private func invalidateBand(_ band: Rect) {
        let visible = band.intersection(frame)
        if !visible.isEmpty { invalidate(visible.insetBy(dx: -1, dy: 0).intersection(frame)) }
    }

    /// Whether the bar can be seen moving: shown, enabled, and on the current screen (or one a
    /// transition draws), or in a showing panel or popup.
    var isOnDisplay: Bool {
        guard isEnabled, !isHidden, let host else { return false }
        if let screen = host as? Screen {
            guard let scene = screen.scene else { return false }
            return scene.currentScreen === screen || scene.transition?.under === screen
                || scene.transition?.over === screen
        }
        if let overlay = host as? Overlay { return overlay.scene?.isShowing(overlay) ?? false }
        return true
    }

    // MARK: Geometry

    /// The corner radius of the track, the fill and the band: half the height at full
    /// curvaceousness.
    public var cornerRadius: Double { frame.height * min(max(theme.curvaceousness, 0), 1) / 2 }

    /// How wide the fill is when it shows `v`.
    func fillWidth(of v: Double) -> Double {
        let span = maximumValue - minimumValue
        return span > 0 ? frame.width * (v - minimumValue) / span : 0
    }

    /// The fill's rectangle when it shows `v`: from the left edge, or from the right one right
    /// to left.
    func fillRect(of v: Double) -> Rect {
        mirroredForReading(Rect(frame.minX, frame.minY, fillWidth(of: v), frame.height))
    }

    /// The band where it is now, before it is cut to the track: it enters from the left and
    /// leaves to the right (right to left: enters from the right and leaves to the left).
    public var bandRect: Rect {
        let w = frame.width * Self.bandWidthFraction
        return mirroredForReading(Rect(frame.minX - w + bandPhase * (frame.width + w), frame.minY, w, frame.height))
    }

    // MARK: Touch and drawing (ProgressBar+Drawing.swift)

    /// No touch: a finger on the bar reaches what lies under it, as on a label.
    public override func touchDistance(to point: Point) -> Double? { nil }

    public override func draw(_ canvas: Canvas, in dirty: Rect) {
        drawBar(canvas, in: dirty)
        // A bar that is drawn is on the display: an indeterminate one that stopped while it
        // was not (another screen, hidden, disabled) moves again.
        if isIndeterminate, isOnDisplay { startAnimating() }
    }
}
