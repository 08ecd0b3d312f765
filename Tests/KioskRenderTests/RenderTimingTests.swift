import Foundation
import KioskCore
import KioskRender
import KioskUI
import Testing

/// Rough costs of the drawing primitives, printed, never asserted (timings in `swift test`
/// are noise). Run on purpose, in release:
/// `KIOSK_RENDER_TIMING=1 swift test -c release --filter RenderTimingTests`
@Suite("Render timing", .enabled(if: ProcessInfo.processInfo.environment["KIOSK_RENDER_TIMING"] == "1"))
struct RenderTimingTests {
    /// Median microseconds per call over 7 batches of `iterations` calls.
    func measure(_ label: String, iterations: Int = 200, _ body: (Int) -> Void) {
        for i in 0..<10 { body(i) }  // warm caches
        var samples: [Double] = []
        let clock = ContinuousClock()
        var counter = 10
        for _ in 0..<7 {
            let elapsed = clock.measure {
                for _ in 0..<iterations {
                    body(counter)
                    counter += 1
                }
            }
            let c = elapsed.components
            samples.append((Double(c.seconds) * 1e6 + Double(c.attoseconds) / 1e12) / Double(iterations))
        }
        samples.sort()
        print("timing: \(label): \(String(format: "%.2f", samples[3])) µs/call")
    }

    @Test("primitive costs")
    func primitives() throws {
        let buffer = try PixelBuffer(width: 1920, height: 1080)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.fill(.rect(Rect(0, 0, 1920, 1080)), .solid(Color(hex: "#101418")!))

        let style = TextStyle(font: "sans-serif 18", color: .white)
        measure("drawText cached (\"Price: 42 नमस्ते\", sans-serif 18)") { _ in
            canvas.drawText("Price: 42 नमस्ते", style: style, in: Rect(40, 40, 300, 30))
        }
        measure("drawText uncached (new text every call)") { i in
            canvas.drawText("Price: \(i) नमस्ते", style: style, in: Rect(40, 40, 300, 30))
        }
        measure("measureText cached") { _ in _ = canvas.measureText("Price: 42 नमस्ते", font: "sans-serif 18") }

        let knob = Path.roundedRect(Rect(400, 300, 30, 30), radius: 15)
        let black = Color.black.withAlpha(0.4)
        measure("shadow, 30 px round knob, blur 4") { _ in
            canvas.shadow(knob, offset: Point(0, 2), blur: 4, color: black)
        }
        measure("fill, 30 px round knob (for comparison)") { _ in canvas.fill(knob, .solid(.white)) }
        measure("shadow, 30 px circle (.ellipse), blur 4") { _ in
            canvas.shadow(.circle(center: Point(415, 315), radius: 15), offset: Point(0, 2), blur: 4, color: black)
        }
        measure("shadow, 400x240 popup card r 16, blur 12") { _ in
            canvas.shadow(.roundedRect(Rect(600, 300, 400, 240), radius: 16), offset: Point(0, 6), blur: 12,
                          color: black)
        }
        let triangle = Path([.move(Point(100, 500)), .line(Point(160, 600)), .line(Point(40, 600)), .close])
        measure("shadow, arbitrary path (triangle 120x100), blur 6") { _ in
            canvas.shadow(triangle, offset: Point(0, 3), blur: 6, color: black)
        }

        let gradient = Paint.linear(from: Point(1200, 300), to: Point(1440, 540),
                                    stops: [GradientStop(0, Color(hex: "#2F7BFF")!), GradientStop(1, Color(hex: "#B04BFF")!)])
        let arc = Path.arc(center: Point(1320, 420), radius: 100, start: 0, end: -1.5 * .pi, clockwise: false)
        measure("stroke, r 100 arc 270°, width 20, gradient") { _ in
            canvas.stroke(arc, width: 20, gradient, cap: .round)
        }
        measure("blurredStroke, same arc, blur 9") { _ in
            canvas.blurredStroke(arc, width: 20, gradient, cap: .round, blur: 9)
        }

        let card = Path.roundedRect(Rect(40, 700, 200, 60), radius: 12)
        measure("fill rounded rect 200x60 with a linear gradient") { _ in
            canvas.fill(card, .linear(from: Point(40, 700), to: Point(240, 760),
                                      stops: [GradientStop(0, .white), GradientStop(1, .black)]))
        }
        measure("fill rounded rect 200x60 solid") { _ in canvas.fill(card, .solid(.white)) }
        measure("layer 0.5 around a 400x200 fill (clip 400x200)") { _ in
            canvas.save()
            canvas.clip(Rect(800, 700, 400, 200))
            canvas.beginLayer(opacity: 0.5)
            canvas.fill(.rect(Rect(800, 700, 400, 200)), .solid(.white))
            canvas.endLayer()
            canvas.restore()
        }
        try canvas.endFrame()

        let small = try PixelBuffer(width: 200, height: 120)
        let sampler = try CairoCanvas(buffer: small)
        measure("whole canvas sampler frame 200x120 (beginFrame…endFrame)", iterations: 50) { _ in
            sampler.beginFrame()
            CanvasSampler.draw(on: sampler)
            try? sampler.endFrame()
        }

        let scanout = try PixelBuffer(width: 1920, height: 1080, format: .xrgb32)
        measure("PixelBuffer.copy 60x60 damage rect", iterations: 1000) { _ in
            scanout.copy(Rect(400, 300, 60, 60), from: buffer)
        }
        measure("PixelBuffer.copyAll 1920x1080", iterations: 20) { _ in scanout.copyAll(from: buffer) }
    }
}
