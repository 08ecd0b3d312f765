import KioskCore
import KioskUI

/// Appearance: a flat rounded track whose colour goes from `offColor` to `onColor` as the
/// thumb travels, and a thumb with a soft shadow, a touch darker while a finger holds it.
extension Toggle {
    var resolvedOnColor: Color { onColor ?? theme.accent }
    var resolvedOffColor: Color { offColor ?? theme.track }
    var resolvedThumbColor: Color { thumbColor ?? theme.knob }
    var resolvedCurvaceousness: Double { min(max(theme.curvaceousness, 0), 1) }

    /// The track's colour with the thumb at `position` (0…1), in `trackColorSteps` steps
    /// from `offColor` to `onColor`: few enough that each has its cached image of the track.
    func trackColor(at position: Double) -> Color {
        let steps = Double(Self.trackColorSteps)
        return resolvedOffColor.mixed(with: resolvedOnColor, (position * steps).rounded() / steps)
    }

    /// How many steps the track's colour takes from off to on: a flip (about 20 frames) shows
    /// each for a frame or two, too short to see as a jump, and a toggle's nine track images
    /// leave room for other controls' in the canvas's cache of 48.
    static let trackColorSteps = 8

    /// Everything the track's pixels depend on: the key of its cached image.
    struct TrackLook: Hashable {
        var size: Size
        var curvaceousness: Double
        var color: Color
    }

    /// Everything the thumb's pixels depend on except where it is: the key of its cached image.
    struct ThumbLook: Hashable {
        var size: Double
        var curvaceousness: Double
        var color: Color
        var held: Bool
    }

    func drawToggle(_ canvas: Canvas) {
        let position = thumbPosition, curvaceousness = resolvedCurvaceousness
        let track = frame, trackLook = TrackLook(size: track.size, curvaceousness: curvaceousness,
                                                  color: trackColor(at: position))
        // From an image too: rasterising the rounded ends costs more than copying them, and a
        // flip passes through the same few colours every time.
        canvas.drawCached(trackLook, bounds: track) { canvas in
            canvas.fill(.roundedRect(track, radius: track.height * trackLook.curvaceousness / 2), .solid(trackLook.color))
        }
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
