import KioskCore
import KioskUI

/// The look CERangeSlider gives a track and its knobs, shared by the range slider and the
/// one-value slider: a rounded bar with the selected part filled, a soft highlight on one half
/// and a thin outline; knobs with a subtle shadow, a thin outline and an inner gradient,
/// darker while held, drawn from a cached image.
extension SliderTrack {
    static let outlineColor = Color(red: 0.5, green: 0.5, blue: 0.5)
    /// The knob's inner shade; made once, not as an array literal on every frame.
    static let knobShadeStops = [GradientStop(0, Color.black.withAlpha(0.15)), GradientStop(1, Color.black.withAlpha(0.05))]

    /// The colours and shape a track is drawn with.
    struct Look {
        var track: Color
        var highlight: Color
        var knob: Color
        /// 0…1.
        var curvaceousness: Double
    }

    /// The bar with the part between positions `a` and `b` (along the axis, in either order:
    /// a mirrored track's minimum is at the right) filled, the soft
    /// highlight (over the lower half of a horizontal bar, the right half of a vertical one)
    /// and the outline.
    func drawBar(_ canvas: Canvas, filledFrom first: Double, to second: Double, _ look: Look) {
        let a = min(first, second), b = max(first, second)
        let bar = barRect
        let thickness = axis == .horizontal ? bar.height : bar.width
        let radius = thickness * look.curvaceousness / 2
        canvas.fill(.roundedRect(bar, radius: radius), .solid(look.track))

        if b > a {
            let filled = axis == .horizontal ? Rect(a, bar.minY, b - a, bar.height) : Rect(bar.minX, a, bar.width, b - a)
            canvas.fill(.roundedRect(filled, radius: radius), .solid(look.highlight))
        }

        let highlight = axis == .horizontal
            ? Rect(bar.minX + radius / 2, bar.midY, bar.width - radius, bar.height / 2)
            : Rect(bar.midX, bar.minY + radius / 2, bar.width / 2, bar.height - radius)
        let highlightThickness = axis == .horizontal ? highlight.height : highlight.width
        canvas.fill(.roundedRect(highlight, radius: highlightThickness * look.curvaceousness / 2),
                    .solid(Color.white.withAlpha(0.4)))

        canvas.stroke(.roundedRect(bar, radius: radius), width: 0.5, .solid(Self.outlineColor), cap: .butt)
    }

    /// Everything a knob's pixels depend on except its position: the key of its cached image.
    struct KnobAppearance: Hashable {
        var size: Size
        var curvaceousness: Double
        var color: Color
        var held: Bool
    }

    /// A knob drawn from an image of it (`Canvas.drawCached`): its shadow, outline and
    /// gradient are the most expensive pixels of a slider, and a drag only moves them.
    static func drawKnob(in rect: Rect, _ appearance: KnobAppearance, _ canvas: Canvas) {
        // The shadow reaches a pixel beyond the body, which is the knob's rectangle inset by 2.
        canvas.drawCached(appearance, bounds: rect.insetBy(-1)) { canvas in
            paintKnob(in: rect, appearance, canvas)
        }
    }

    static func paintKnob(in rect: Rect, _ appearance: KnobAppearance, _ canvas: Canvas) {
        let body = rect.insetBy(2)
        guard !body.isEmpty else { return }
        let path = Path.roundedRect(body, radius: body.height * appearance.curvaceousness / 2)

        canvas.shadow(path, offset: Point(0, 1), blur: 1, color: outlineColor)
        canvas.fill(path, .solid(appearance.color))
        canvas.stroke(path, width: 0.5, .solid(outlineColor), cap: .butt)

        let inner = body.insetBy(2)
        if !inner.isEmpty {
            canvas.fill(.roundedRect(inner, radius: inner.height * appearance.curvaceousness / 2),
                        .linear(from: Point(inner.midX, inner.minY), to: Point(inner.midX, inner.maxY),
                                stops: Self.knobShadeStops))
        }
        if appearance.held {
            canvas.fill(path, .solid(Color.black.withAlpha(0.1)))
        }
    }
}
