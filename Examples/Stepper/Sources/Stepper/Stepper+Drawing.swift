import SwiftKiosk

// Layout and drawing: − button | digits | + button, the buttons square (at most a third of
// the width each). Every area a change repaints is one of the three rectangles below, so a
// step repaints the digits alone and a press repaints one button alone.
extension Stepper {
    /// Where `part` is drawn (and touched), in scene coordinates.
    func rect(of part: Part) -> Rect {
        let side = min(frame.height, frame.width / 3)
        switch part {
        case .decrement: return Rect(frame.minX, frame.minY, side, frame.height)
        case .increment: return Rect(frame.maxX - side, frame.minY, side, frame.height)
        case .digits: return Rect(frame.minX + side, frame.minY, frame.width - 2 * side, frame.height)
        }
    }

    /// The digits' area: what a change of value repaints.
    var digitsRect: Rect { rect(of: .digits) }

    /// The part under `point` (the nearest button's side of the digits counts as the digits).
    func part(at point: Point) -> Part {
        if rect(of: .decrement).contains(point) { return .decrement }
        if rect(of: .increment).contains(point) { return .increment }
        return .digits
    }

    func drawButton(_ part: Part, on canvas: Canvas) {
        let area = rect(of: part).insetBy(4)
        let atLimit = part == .decrement ? value == minimum : value == maximum
        var fill = theme.buttonBackground
        if pressed == part {
            fill = theme.accent
        } else if fading == part, releaseFade.state == .running {
            fill = theme.accent.mixed(with: theme.buttonBackground, releaseFade.value)
        }
        canvas.fill(.roundedRect(area, radius: 10 * theme.curvaceousness), .solid(fill))
        // The signs are bars, not text: crisp at any size and the same with every font.
        let sign = atLimit ? theme.buttonText.mixed(with: fill, 0.6) : theme.buttonText
        let length = area.width * 0.4, thickness = max(3, area.width * 0.08)
        let center = Point(area.midX, area.midY)
        canvas.fill(.rect(Rect(center.x - length / 2, center.y - thickness / 2, length, thickness)), .solid(sign))
        if part == .increment {
            canvas.fill(.rect(Rect(center.x - thickness / 2, center.y - length / 2, thickness, length)), .solid(sign))
        }
    }

    func drawDigits(on canvas: Canvas) {
        canvas.save()
        canvas.clip(digitsRect)
        let style = TextStyle(font: font ?? theme.font, color: theme.text, alignment: .center)
        canvas.drawText("\(value)", style: style, in: digitsRect.offsetBy(Point(0, digitsOffset.value)))
        canvas.restore()
    }
}
