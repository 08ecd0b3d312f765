import KioskCore
import KioskUI

/// Appearance: each key a rounded rectangle as a button is drawn (the theme's button
/// background, or the accent for ✓), its label centred, the pressed key mixed toward the
/// accent (✓, already in the accent, toward the knob colour) by `pressedAmount`. Only the keys
/// a damaged rectangle reaches are drawn.
extension Keypad {
    /// What `key` shows: its digit, ⌫ or ✓.
    public static func label(of key: Key) -> String {
        switch key {
        case .digit(let d): return digitLabels[min(max(d, 0), 9)]
        case .delete: return "⌫"
        case .submit: return "✓"
        }
    }

    /// Made once: a label drawn on every key press would otherwise be a new string each time.
    private static let digitLabels = (0...9).map { String($0) }

    /// The label font: `font`, or a bold sans-serif 40 % of a key's height.
    var keyFont: String {
        if let font { return font }
        let keyHeight = keyRect(of: .submit).height
        // Kept while the size stays: made on every draw, the description would allocate.
        if let made = generatedFont, made.keyHeight == keyHeight { return made.font }
        let px = (keyHeight * 0.4).rounded()
        let font = "sans-serif Bold \(px.isNaN ? 24 : Int(min(max(px, 1), 4096)))px"
        generatedFont = (keyHeight, font)
        return font
    }

    func drawKeys(_ canvas: Canvas, in dirty: Rect) {
        let radius = min(keyRect(of: .submit).height / 2, 12) * theme.curvaceousness
        let style = TextStyle(font: keyFont, color: textColor ?? theme.buttonText, alignment: .center,
                              direction: layoutDirection)
        for key in Self.keys {
            let rect = keyRect(of: key)
            guard rect.intersects(dirty) else { continue }
            let pressed = key == pressedKey ? pressedAmount : 0
            let fill = key == .submit
                ? (submitBackground ?? theme.accent).mixed(with: theme.knob, pressed * 0.35)
                : (keyBackground ?? theme.buttonBackground).mixed(with: theme.accent, pressed)
            canvas.fill(.roundedRect(rect, radius: radius), .solid(fill))
            canvas.save()
            canvas.clip(rect)
            canvas.drawText(Self.label(of: key), style: style, in: rect)
            canvas.restore()
        }
    }
}
