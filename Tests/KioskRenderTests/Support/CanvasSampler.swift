import KioskCore
import KioskRender
import KioskUI

/// A 200x120 scene using every kind of drawing the Canvas offers, for goldens and
/// determinism checks.
enum CanvasSampler {
    static let size = Size(200, 120)

    static func hex(_ s: String) -> Color { Color(hex: s)! }

    /// Renders the sampler into a new buffer of `bufferSize` pixels through `transform`.
    static func render(bufferWidth: Int = 200, bufferHeight: Int = 120,
                       transform: AffineTransform = .identity) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: bufferWidth, height: bufferHeight)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame(transform: transform)
        draw(on: canvas)
        try canvas.endFrame()
        return buffer
    }

    static func draw(on canvas: Canvas) {
        // Light above, dark below: shadows show on the light half, the glow on the dark one.
        canvas.fill(.rect(Rect(0, 0, 200, 120)), .solid(hex("#101418")))
        canvas.fill(.rect(Rect(0, 0, 200, 64)), .solid(hex("#D9DDE3")))

        // A card: shadowed rounded rectangle with a diagonal linear gradient and a thin outline.
        let card = Rect(12, 12, 96, 44)
        canvas.shadow(.roundedRect(card, radius: 10), offset: Point(0, 3), blur: 6, color: Color.black.withAlpha(0.5))
        canvas.fill(.roundedRect(card, radius: 10),
                    .linear(from: Point(card.minX, card.minY), to: Point(card.maxX, card.maxY),
                            stops: [GradientStop(0, hex("#0073F0")), GradientStop(1, hex("#8A2BE2"))]))
        canvas.stroke(.roundedRect(card.insetBy(0.5), radius: 9.5), width: 1, .solid(Color.white.withAlpha(0.5)),
                      cap: .butt)

        // A knob: circular shadow, radial gradient, outline.
        let knob = Point(152, 34)
        canvas.shadow(.circle(center: knob, radius: 18), offset: Point(0, 3), blur: 5, color: Color.black.withAlpha(0.6))
        canvas.fill(.circle(center: knob, radius: 18),
                    .radial(center: Point(knob.x - 5, knob.y - 6), radius: 26,
                            stops: [GradientStop(0, .white), GradientStop(1, hex("#AEB4C0"))]))
        canvas.stroke(.circle(center: knob, radius: 18), width: 1, .solid(Color.black.withAlpha(0.3)), cap: .butt)

        // A circular-slider arc: dark ring, glowing gradient arc from 0° counter-clockwise to 270°.
        let centre = Point(40, 88)
        canvas.stroke(.circle(center: centre, radius: 18), width: 7, .solid(hex("#2A2F38")), cap: .butt)
        canvas.blurredStroke(.arc(center: centre, radius: 18, start: 0, end: -1.5 * .pi, clockwise: false),
                             width: 5,
                             .linear(from: Point(22, 70), to: Point(58, 106),
                                     stops: [GradientStop(0, hex("#2F7BFF")), GradientStop(1, hex("#B04BFF"))]),
                             cap: .round, blur: 4)

        // Text, shaped (Devanagari conjunct), centred in its box.
        canvas.drawText("Hola नमस्ते", style: TextStyle(font: "Lohit Devanagari 13", color: .white, alignment: .center),
                        in: Rect(70, 64, 124, 22))

        // A translucent layer: the two rectangles overlap without the overlap getting darker.
        canvas.save()
        canvas.translate(120, 90)
        canvas.beginLayer(opacity: 0.5)
        canvas.fill(.rect(Rect(0, 0, 40, 20)), .solid(hex("#FF8C1A")))
        canvas.fill(.rect(Rect(20, 8, 52, 16)), .solid(hex("#2EC27E")))
        canvas.endLayer()
        canvas.restore()
    }
}
