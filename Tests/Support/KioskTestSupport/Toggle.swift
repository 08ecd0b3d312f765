import KioskAnimation
import KioskConfig
import KioskCore
import KioskGestures
import KioskUI

// A control written the way an app outside the package writes one (public API only): a
// `Control` subclass, its event, and a `ControlDescription` that decodes it with the public
// `ConfigFields` helpers. The control API's tests drive it in code, the config's from JSON.

extension ControlEvent.Kind {
    /// A toggle switch changed state.
    public static let toggled: Self = "toggled"
}

/// A switch whose knob springs to its side. Tap or swipe flips it; it reports `toggled`. Its
/// track is `onColor` (or the theme's accent) as far as the knob has gone, its corners
/// `roundness` of a full half-height round, its knob `inset` inside the track.
public final class Toggle: Control {
    /// On or off (the knob's target side).
    public private(set) var isOn = false
    /// The track's colour when on; nil: the theme's accent.
    public var onColor: Color? { didSet { if oldValue != onColor { invalidate() } } }
    /// The track's corner radius as a fraction of half its height (1: round ends).
    public let roundness: Double
    /// The knob's distance from the track's edge.
    public let inset: Double
    /// 0 (off, knob left) … 1 (on, knob right), driven by a spring.
    public let knob = SpringValue(value: 0, spring: Spring(response: .milliseconds(300), dampingRatio: 0.8))
    /// Every touch call, in order, so that tests can check what the scene delivered.
    public private(set) var calls: [String] = []

    /// A switch, off, in the standard theme, with round ends and a knob 2 px inside.
    public convenience init(id: String, frame: Rect) {
        self.init(id: id, frame: frame, theme: .standard, isOn: false, onColor: nil, roundness: 1, inset: 2)
    }

    /// A switch as a config describes it (`ToggleDescription`), its knob already on its side.
    public init(id: String, frame: Rect, theme: Theme, isOn: Bool, onColor: Color?, roundness: Double, inset: Double) {
        self.isOn = isOn
        self.onColor = onColor
        self.roundness = roundness
        self.inset = inset
        super.init(id: id, frame: frame, theme: theme)
        knob.value = isOn ? 1 : 0
        knob.target = knob.value
    }

    /// The knob's shadow reaches 3 px beyond the frame.
    override public var paintMargin: Double { 3 }

    override public func draw(_ canvas: Canvas, in dirty: Rect) {
        let radius = frame.height / 2
        canvas.fill(.roundedRect(frame, radius: roundness * radius),
                    .solid(theme.track.mixed(with: onColor ?? theme.accent, knob.value)))
        let center = Point(frame.minX + radius + knob.value * (frame.width - 2 * radius), frame.midY)
        canvas.shadow(.circle(center: center, radius: radius - inset), offset: Point(0, 1), blur: 2, color: .black)
        canvas.fill(.circle(center: center, radius: radius - inset), .solid(theme.knob))
    }

    /// Turns it on or off: the knob springs there and `toggled` is sent.
    public func setOn(_ on: Bool) {
        guard on != isOn else { return }
        isOn = on
        knob.target = on ? 1 : 0
        startAnimating()
        send(.toggled, value: ["on": .bool(on)])
    }

    override public func touchBegan(at point: Point, time: Instant) -> Bool { calls.append("began"); return true }
    override public func touchMoved(to point: Point, time: Instant) { if calls.last != "moved" { calls.append("moved") } }
    override public func touchTapped(at point: Point, time: Instant) { calls.append("tapped"); setOn(!isOn) }
    override public func touchDoubleTapped(at point: Point, time: Instant) { calls.append("doubleTapped") }
    override public func touchLongPressed(at point: Point, time: Instant) { calls.append("longPressed") }
    override public func touchSwiped(_ direction: SwipeDirection, velocity: Point, time: Instant) {
        calls.append("swiped \(direction)")
        if direction == .right { setOn(true) } else if direction == .left { setOn(false) }
    }
    override public func touchEnded(at point: Point, time: Instant) { calls.append("ended") }
    override public func touchCancelled(time: Instant) { calls.append("cancelled") }

    override public func advance(by dt: Duration) -> Bool {
        knob.step(dt)
        invalidate()
        return !knob.isSettled
    }

    // The value, as WritingAControl.md's "Expose the value" writes it: `ctl get/set` and the state file.
    override public var currentValue: [(name: String, value: EventScalar)]? { [("on", .bool(isOn))] }

    override public func setValue(_ fields: [(name: String, value: EventScalar)], sendsEvents: Bool = true)
        throws(ControlValueError) {
        if let unknown = ControlValueError.unknownFields(fields, known: ["on"], control: id) { throw unknown }
        guard let field = fields.last else { return }
        guard let on = field.value.bool else {
            throw ControlValueError("'\(id)'.on must be a boolean (found \(field.value.kindDescription))")
        }
        guard on != isOn else { return }
        isOn = on
        knob.target = on ? 1 : 0
        startAnimating()
        if sendsEvents { send(.toggled, value: ["on": .bool(on)]) }
    }
}

/// `{"type": "toggle", "id": "wifi", "frame": […], "on": true, "onColor": "#30C060",
/// "roundness": 1, "inset": 2}`: `roundness` in the named range `fraction`, `inset` in an
/// explicit one.
public struct ToggleDescription: ControlDescription {
    public static let typeName = "toggle"

    public var id: String
    public var frame: Rect
    public var isOn = false
    public var onColor: Color?
    public var roundness = 1.0
    public var inset = 2.0

    public enum CodingKeys: String, CodingKey { case id, frame, on, onColor, roundness, inset }

    /// A toggle at `frame`, the other fields at their defaults.
    public init(id: String, frame: Rect, isOn: Bool = false, onColor: Color? = nil) {
        self.id = id
        self.frame = frame
        self.isOn = isOn
        self.onColor = onColor
    }

    /// Decoded with the public `ConfigFields` helpers, as an app decodes its own control.
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        id = try fields.id(.id) ?? ""
        frame = try fields.frame(.frame) ?? .zero
        isOn = try fields.bool(.on, default: false) ?? false
        onColor = try fields.optionalColor(.onColor)
        roundness = try fields.number(.roundness, .fraction, default: 1) ?? 1
        inset = try fields.number(.inset, in: 0...16, default: 2) ?? 2
    }

    /// The `Toggle` it describes.
    public func makeControl(in context: ControlContext) -> Control {
        Toggle(id: id, frame: frame, theme: context.theme, isOn: isOn, onColor: onColor, roundness: roundness,
                     inset: inset)
    }
}

/// The built-in controls and the toggle.
public let toggleRegistry = ControlRegistry.standard.registering(ToggleDescription.self)
