import KioskAnimation
import KioskConfig
import KioskControls
import KioskCore
import KioskGestures
import KioskUI

// A control written the way an app outside the package writes one (public API only): a
// `Control` subclass, its event, and a `ControlDescription` that decodes it with the public
// `ConfigFields` helpers. The control API's tests drive it in code, the config's from JSON.
// It is the lamp the "Writing a control" article builds (the switch is the built-in `toggle`).

extension ControlEvent.Kind {
    /// A lamp was switched on or off.
    public static let toggled: Self = "toggled"
}

/// A lamp that a tap switches on and off: a rounded housing with a glass `inset` inside it
/// that lights up in `onColor` (or the theme's accent) and glows beyond the frame, its light
/// driven by a spring, so that a second tap turns it round from where it is. A swipe across it
/// switches it too (right on, left off, as a slide switch on a wall). It reports `toggled`.
public final class Lamp: Control {
    /// On or off (where the light is heading).
    public private(set) var isOn = false
    /// The light's colour when on; nil: the theme's accent.
    public var onColor: Color? { didSet { if oldValue != onColor { invalidate() } } }
    /// The housing's corner radius as a fraction of half its short side (1: round ends).
    public let roundness: Double
    /// The glass's distance from the housing's edge.
    public let inset: Double
    /// 0 (dark) … 1 (lit), driven by a spring.
    public let light = SpringValue(value: 0, spring: Spring(response: .milliseconds(300), dampingRatio: 0.8))
    /// Every touch call, in order, so that tests can check what the scene delivered.
    public private(set) var calls: [String] = []

    /// A lamp, off, in the standard theme, with round ends and its glass 2 px inside.
    public convenience init(id: String, frame: Rect) {
        self.init(id: id, frame: frame, theme: .standard, isOn: false, onColor: nil, roundness: 1, inset: 2)
    }

    /// A lamp as a config describes it (`LampDescription`), its light already as it should be.
    public init(id: String, frame: Rect, theme: Theme, isOn: Bool, onColor: Color?, roundness: Double, inset: Double) {
        self.isOn = isOn
        self.onColor = onColor
        self.roundness = roundness
        self.inset = inset
        super.init(id: id, frame: frame, theme: theme)
        light.value = isOn ? 1 : 0
        light.target = light.value
    }

    /// The glow reaches 3 px beyond the frame.
    override public var paintMargin: Double { 3 }

    override public func draw(_ canvas: Canvas, in dirty: Rect) {
        let radius = roundness * min(frame.width, frame.height) / 2
        canvas.fill(.roundedRect(frame, radius: radius), .solid(theme.buttonBackground))
        let lit = min(max(light.value, 0), 1)
        let glass = Path.roundedRect(frame.insetBy(inset), radius: max(0, radius - inset))
        let color = theme.track.mixed(with: onColor ?? theme.accent, lit)
        canvas.shadow(glass, offset: Point(0, 0), blur: 3, color: color.withAlpha(lit))
        canvas.fill(glass, .solid(color))
    }

    /// Switches it on or off: the light springs there and `toggled` is sent.
    public func setOn(_ on: Bool) {
        guard on != isOn else { return }
        isOn = on
        light.target = on ? 1 : 0
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
        light.step(dt)
        invalidate()
        return !light.isSettled
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
        light.target = on ? 1 : 0
        startAnimating()
        if sendsEvents { send(.toggled, value: ["on": .bool(on)]) }
    }
}

/// `{"type": "lamp", "id": "porch", "frame": […], "on": true, "onColor": "#F5B82E",
/// "roundness": 1, "inset": 2}`: `roundness` in the named range `fraction`, `inset` in an
/// explicit one.
public struct LampDescription: ControlDescription {
    public static let typeName = "lamp"

    public var id: String
    public var frame: Rect
    public var isOn = false
    public var onColor: Color?
    public var roundness = 1.0
    public var inset = 2.0

    public enum CodingKeys: String, CodingKey { case id, frame, on, onColor, roundness, inset }

    /// A lamp at `frame`, the other fields at their defaults.
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

    /// The `Lamp` it describes.
    public func makeControl(in context: ControlContext) -> Control {
        Lamp(id: id, frame: frame, theme: context.theme, isOn: isOn, onColor: onColor, roundness: roundness,
             inset: inset)
    }
}

/// The built-in controls and the lamp.
public let lampRegistry = ControlRegistry.standard.registering(LampDescription.self)
