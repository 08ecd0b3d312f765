@testable import KioskControls
import Testing
import KioskCore
@testable import KioskUI
@testable import KioskRender

/// `drawCached`: content that moves without changing (a slider's knob) is rasterised once
/// into an image and copied at whole pixels afterwards.
@Suite("Cached drawings are made once and copied")
struct CachedDrawingTests {
    /// A knob-like drawing: an antialiased circle with an outline and a gradient.
    static func knob(at origin: Point) -> (Canvas) -> Void {
        { canvas in
            let body = Rect(origin.x + 2, origin.y + 2, 20, 20)
            canvas.fill(.roundedRect(body, radius: 10), .solid(.white))
            canvas.stroke(.roundedRect(body, radius: 10), width: 0.5, .solid(Color(red: 0.5, green: 0.5, blue: 0.5)), cap: .butt)
            canvas.fill(.roundedRect(body.insetBy(2), radius: 8),
                        .linear(from: Point(body.midX, body.minY), to: Point(body.midX, body.maxY),
                                stops: [GradientStop(0, Color.black.withAlpha(0.15)), GradientStop(1, Color.black.withAlpha(0.05))]))
        }
    }

    static func frame(transform: AffineTransform = .identity, size: (Int, Int) = (64, 48),
                      _ paint: (CairoCanvas) -> Void) throws -> PixelBuffer {
        let buffer = try PixelBuffer(width: size.0, height: size.1)
        buffer.fill(Color(red: 0.1, green: 0.2, blue: 0.3))
        let canvas = try CairoCanvas(buffer: buffer, transform: transform)
        canvas.beginFrame()
        paint(canvas)
        try canvas.endFrame()
        return buffer
    }

    @Test("at a quarter-pixel position the copy equals direct drawing", arguments: [0.0, 0.25, 0.5, 0.75])
    func quarterPhases(phase: Double) throws {
        let origin = Point(10 + phase, 7 + phase)
        let direct = try Self.frame { Self.knob(at: origin)($0) }
        let cached = try Self.frame { $0.drawCached("knob", bounds: Rect(origin.x, origin.y, 24, 24), Self.knob(at: origin)) }
        #expect(ImageComparison(tolerance: 2).compare(cached, to: direct).differingPixels == 0)
    }

    @Test("between quarters it lands on the nearest one: an eighth of a pixel at most")
    func nearestQuarter() throws {
        let snapped = try Self.frame { Self.knob(at: Point(10.25, 7))($0) }
        let cached = try Self.frame { $0.drawCached("knob", bounds: Rect(10.3, 7, 24, 24), Self.knob(at: Point(10.3, 7))) }
        #expect(ImageComparison(tolerance: 2).compare(cached, to: snapped).differingPixels == 0)
    }

    @Test("the image is made once per appearance and phase; moving by whole pixels reuses it")
    func madeOnce() throws {
        var drawn = 0
        let buffer = try PixelBuffer(width: 200, height: 48)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        for x in [10.0, 11, 40, 90.0, 10.5, 11.5, 10] {
            canvas.drawCached("knob", bounds: Rect(x, 7, 24, 24)) { c in drawn += 1; Self.knob(at: Point(x, 7))(c) }
        }
        canvas.drawCached("other knob", bounds: Rect(10, 7, 24, 24)) { c in drawn += 1; Self.knob(at: Point(10, 7))(c) }
        try canvas.endFrame()
        #expect(drawn == 3)   // phase 0, phase 2/4, and the other key
        #expect(canvas.sprites.count == 3)
    }

    @Test("the copy keeps to the clip")
    func clipped() throws {
        let background = PixelBuffer.pixelValue(Color(red: 0.1, green: 0.2, blue: 0.3))
        let cached = try Self.frame { c in
            c.clipToBuffer(Rect(0, 0, 20, 48))
            c.drawCached("knob", bounds: Rect(10, 7, 24, 24), Self.knob(at: Point(10, 7)))
        }
        #expect(cached.pixel(x: 19, y: 19) != background)
        #expect(cached.pixel(x: 20, y: 19) == background)
    }

    @Test("through the panel's rotation and scale it matches direct drawing")
    func rotatedAndScaled() throws {
        let rotated = AffineTransform(a: 0, b: 2, c: -2, d: 0, tx: 96, ty: 0)   // 64x48 design, scale 2, on a 96x128 panel
        let direct = try Self.frame(transform: rotated, size: (96, 128)) { Self.knob(at: Point(10, 7))($0) }
        let cached = try Self.frame(transform: rotated, size: (96, 128)) {
            $0.drawCached("knob", bounds: Rect(10, 7, 24, 24), Self.knob(at: Point(10, 7)))
        }
        #expect(ImageComparison(tolerance: 2).compare(cached, to: direct).differingPixels == 0)
    }

    @Test("something too large for an image is drawn directly")
    func tooLarge() throws {
        var drawn = 0
        let canvas = try CairoCanvas(buffer: try PixelBuffer(width: 32, height: 32),
                                     transform: AffineTransform(a: 100, b: 0, c: 0, d: 100, tx: 0, ty: 0))
        canvas.beginFrame()
        canvas.drawCached("huge", bounds: Rect(0, 0, 24, 24)) { _ in drawn += 1 }
        canvas.drawCached("huge", bounds: Rect(0, 0, 24, 24)) { _ in drawn += 1 }
        try canvas.endFrame()
        #expect(drawn == 2)
        #expect(canvas.sprites.count == 0)
    }

    @Test("the cache holds a bounded number of images, dropping the least recently used")
    func bounded() throws {
        let canvas = try CairoCanvas(buffer: try PixelBuffer(width: 32, height: 32))
        canvas.beginFrame()
        for i in 0..<(canvas.sprites.capacity + 20) {
            canvas.drawCached(i, bounds: Rect(0, 0, 8, 8)) { $0.fill(.rect(Rect(0, 0, 8, 8)), .solid(.white)) }
        }
        try canvas.endFrame()
        #expect(canvas.sprites.count == canvas.sprites.capacity)
    }

    @Test("a range slider's knob from its image looks like the knob drawn directly")
    func rangeSliderKnob() throws {
        let slider = RangeSlider(id: "s", frame: Rect(4, 4, 56, 40))
        let direct = try Self.frame { c in
            for knob in [RangeSlider.Knob.lower, .upper] {
                let rect = slider.knobRect(knob)
                SliderTrack.paintKnob(in: rect, SliderTrack.KnobAppearance(size: rect.size, curvaceousness: slider.resolvedCurvaceousness,
                                                                           color: slider.resolvedKnobColor, held: false), c)
            }
        }
        let cached = try Self.frame { c in for knob in [RangeSlider.Knob.lower, .upper] { slider.drawKnob(knob, c) } }
        // The knobs sit at x 7.2 and 16.8, not on the quarter pixels the sprites are cached at:
        // each is drawn from the image made for 7.25 and 16.75, 0.05 px off, so an antialiased
        // edge pixel may change by 0.05 × 255 ≈ 13 levels (measured: 11); nothing else may.
        #expect(ImageComparison(tolerance: 13).compare(cached, to: direct).differingPixels == 0)
    }
}
