import KioskCore

/// Appearance: a flat rounded track whose colour goes from `offColor` to `onColor` as the
/// thumb travels, and a thumb with a soft shadow, a touch darker while a finger holds it.
extension Toggle {
    var resolvedOnColor: Color { onColor ?? theme.accent }
    var resolvedOffColor: Color { offColor ?? theme.track }
    var resolvedThumbColor: Color { thumbColor ?? theme.knob }
    var resolvedCurvaceousness: Double { min(max(theme.curvaceousness, 0), 1) }

    /// The track's colour with the thumb at `position` (0…1).
    func trackColor(at position: Double) -> Color { resolvedOffColor.mixed(with: resolvedOnColor, position) }

    /// Everything the thumb's pixels depend on except where it is: the key of its cached image.
    struct ThumbLook: Hashable {
        var size: Double
        var curvaceousness: Double
        var color: Color
        var held: Bool
    }

    func drawToggle(_ canvas: Canvas) {
        let position = thumbPosition, curvaceousness = resolvedCurvaceousness
        canvas.fill(.roundedRect(frame, radius: frame.height * curvaceousness / 2), .solid(trackColor(at: position)))
        let rect = thumbRect(at: position)
        guard rect.width > 0 else { return }
        let look = ThumbLook(size: rect.width, curvaceousness: curvaceousness, color: resolvedThumbColor, held: isHeld)
        // Drawn from an image of it: its shadow is the costliest part, and a step only moves it.
        canvas.drawCached(look, bounds: rect.outsetBy(paintMargin)) { canvas in
            Self.paintThumb(in: rect, look, canvas)
        }
    }

    static let thumbShadow = Color.black.withAlpha(0.3)

    static func paintThumb(in rect: Rect, _ look: ThumbLook, _ canvas: Canvas) {
        let path = Path.roundedRect(rect, radius: rect.height * look.curvaceousness / 2)
        canvas.shadow(path, offset: Point(0, 1), blur: 1, color: thumbShadow)
        canvas.fill(path, .solid(look.held ? look.color.mixed(with: .black, 0.12) : look.color))
    }
}
