import KioskConfig
import KioskCore
import KioskUI

// A control written the way an app outside the package writes one: a `Control` subclass and
// a `ControlDescription` that decodes it with the public `ConfigFields` helpers only.

/// An on/off switch: a rounded track, filled with `onColor` while on.
final class ToggleSwitch: Control {
    var isOn: Bool { didSet { if oldValue != isOn { invalidate() } } }
    var onColor: Color? { didSet { if oldValue != onColor { invalidate() } } }
    var roundness: Double
    var inset: Double

    init(id: String, frame: Rect, theme: Theme, isOn: Bool, onColor: Color?, roundness: Double, inset: Double) {
        self.isOn = isOn
        self.onColor = onColor
        self.roundness = roundness
        self.inset = inset
        super.init(id: id, frame: frame, theme: theme)
    }

    override func draw(_ canvas: Canvas, in dirty: Rect) {
        let radius = roundness * frame.size.height / 2
        canvas.fill(.roundedRect(frame, radius: radius), .solid(isOn ? onColor ?? theme.accent : theme.track))
        let side = frame.size.height - 2 * inset
        let x = isOn ? frame.maxX - inset - side : frame.minX + inset
        canvas.fill(.roundedRect(Rect(x, frame.minY + inset, side, side), radius: roundness * side / 2), .solid(theme.knob))
    }

    override func touchBegan(at point: Point, time: Instant) -> Bool { true }
    override func touchTapped(at point: Point, time: Instant) { isOn.toggle() }
}

/// `{"type": "toggle", "id": "wifi", "frame": […], "on": true, "onColor": "#30C060",
/// "roundness": 1, "inset": 2}`: `roundness` in the named range `fraction`, `inset` in an
/// explicit one.
struct ToggleDescription: ControlDescription {
    static let typeName = "toggle"

    var id: String
    var frame: Rect
    var isOn = false
    var onColor: Color?
    var roundness = 1.0
    var inset = 2.0

    enum CodingKeys: String, CodingKey { case id, frame, on, onColor, roundness, inset }

    init(id: String, frame: Rect, isOn: Bool = false, onColor: Color? = nil) {
        self.id = id
        self.frame = frame
        self.isOn = isOn
        self.onColor = onColor
    }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        id = try fields.id(.id) ?? ""
        frame = try fields.frame(.frame) ?? .zero
        isOn = try fields.bool(.on, default: false) ?? false
        onColor = try fields.optionalColor(.onColor)
        roundness = try fields.number(.roundness, .fraction, default: 1) ?? 1
        inset = try fields.number(.inset, in: 0...16, default: 2) ?? 2
    }

    func makeControl(in context: ControlContext) -> Control {
        ToggleSwitch(id: id, frame: frame, theme: context.theme, isOn: isOn, onColor: onColor, roundness: roundness,
                     inset: inset)
    }
}

/// The built-in controls and the toggle.
let toggleRegistry = ControlRegistry.standard.registering(ToggleDescription.self)
