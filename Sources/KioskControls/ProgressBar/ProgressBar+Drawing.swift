import KioskCore
import KioskUI

/// Appearance: a flat rounded track and, over it, the fill from the start edge (determinate) or
/// the band cut to the track (indeterminate), both in the fill colour and with the track's
/// corner radius (a fill shorter than its rounded ends is a smaller pill).
extension ProgressBar {
    var resolvedTrackColor: Color { trackColor ?? theme.track }
    var resolvedFillColor: Color { fillColor ?? theme.accent }

    func drawBar(_ canvas: Canvas, in dirty: Rect) {
        let track = frame, r = cornerRadius
        canvas.fill(.roundedRect(track, radius: r), .solid(resolvedTrackColor))
        let part = isIndeterminate ? bandRect.intersection(track)
            : fillRect(of: displayedValue)
        guard !part.isEmpty, part.intersects(dirty) else { return }
        canvas.fill(.roundedRect(part, radius: r), .solid(resolvedFillColor))
    }
}
