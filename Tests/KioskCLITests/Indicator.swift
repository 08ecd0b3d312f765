import KioskConfig
import KioskCore
import KioskUI

// An app's own control, as an app outside the package writes it (public API only), to show
// that the command line entry checks and runs configs that use it.

/// A lamp: its frame filled with `color` while lit, with the theme's track colour while not;
/// a tap switches it.
final class Indicator: Control {
    var isLit: Bool { didSet { if oldValue != isLit { invalidate() } } }
    let color: Color?

    init(id: String, frame: Rect, theme: Theme, isLit: Bool, color: Color?) {
        self.isLit = isLit
        self.color = color
        super.init(id: id, frame: frame, theme: theme)
    }

    override func draw(_ canvas: Canvas, in dirty: Rect) {
        canvas.fill(.rect(frame), .solid(isLit ? color ?? theme.accent : theme.track))
    }

    override func touchBegan(at point: Point, time: Instant) -> Bool { true }
    override func touchTapped(at point: Point, time: Instant) { isLit.toggle() }
}

/// `{"type": "indicator", "id": "door", "frame": […], "lit": true, "color": "#FF0000"}`.
struct IndicatorDescription: ControlDescription {
    static let typeName = "indicator"

    var id: String
    var frame: Rect
    var isLit: Bool
    var color: Color?

    enum CodingKeys: String, CodingKey { case id, frame, lit, color }

    init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        id = try fields.id(.id) ?? ""
        frame = try fields.frame(.frame) ?? .zero
        isLit = try fields.bool(.lit, default: false) ?? false
        color = try fields.optionalColor(.color)
    }

    func makeControl(in context: ControlContext) -> Control {
        Indicator(id: id, frame: frame, theme: context.theme, isLit: isLit, color: color)
    }
}
