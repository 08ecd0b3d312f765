import KioskCore
import KioskRender
import KioskTestSupport
import KioskUI
import Testing

@Suite("CairoCanvas behaviour")
struct CanvasBehaviourTests {
    static let blue = Color(red: 0, green: 0, blue: 1)
    static let red = Color(red: 1, green: 0, blue: 0)

    @Test("drawing outside a clip rectangle leaves those pixels untouched")
    func clipKeepsOutsidePixels() throws {
        let buffer = try PixelBuffer(width: 40, height: 30)
        buffer.fill(Self.blue)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.clip(Rect(10, 5, 20, 10))
        canvas.fill(.rect(Rect(0, 0, 40, 30)), .solid(Self.red))
        canvas.fill(.circle(center: Point(20, 15), radius: 30), .solid(Color.white.withAlpha(0.5)))
        try canvas.endFrame()
        for y in 0..<30 {
            for x in 0..<40 {
                let inside = (10..<30).contains(x) && (5..<15).contains(y)
                if !inside {
                    #expect(buffer.pixel(x: x, y: y) == PixelBuffer.pixelValue(Self.blue), "pixel (\(x), \(y))")
                } else {
                    #expect(buffer.pixel(x: x, y: y) != PixelBuffer.pixelValue(Self.blue), "pixel (\(x), \(y))")
                }
            }
        }
    }

    @Test("clips intersect, and restore() lifts a clip set after save()")
    func clipsIntersectAndRestore() throws {
        let buffer = try PixelBuffer(width: 40, height: 40)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.save()
        canvas.clip(Rect(0, 0, 20, 40))
        canvas.clip(Rect(10, 0, 30, 40))
        canvas.fill(.rect(Rect(0, 0, 40, 20)), .solid(Self.red))
        canvas.restore()
        canvas.fill(.rect(Rect(0, 20, 40, 20)), .solid(Self.blue))
        try canvas.endFrame()
        #expect(buffer.pixel(x: 5, y: 5) == 0)
        #expect(buffer.pixel(x: 15, y: 5) == PixelBuffer.pixelValue(Self.red))
        #expect(buffer.pixel(x: 25, y: 5) == 0)
        #expect(buffer.pixel(x: 2, y: 30) == PixelBuffer.pixelValue(Self.blue))
        #expect(buffer.pixel(x: 38, y: 30) == PixelBuffer.pixelValue(Self.blue))
    }

    @Test("clipToBuffer clips in buffer pixels whatever the scene transform")
    func clipToBufferUsesBufferPixels() throws {
        let buffer = try PixelBuffer(width: 60, height: 40)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame(transform: DisplayRotation.quarter.screenToPanel(panel: Size(60, 40)).then(.identity))
        canvas.clipToBuffer(Rect(0, 0, 10, 10))
        canvas.fill(.rect(Rect(-100, -100, 400, 400)), .solid(Self.red))
        try canvas.endFrame()
        #expect(buffer.pixel(x: 9, y: 9) == PixelBuffer.pixelValue(Self.red))
        #expect(buffer.pixel(x: 10, y: 9) == 0)
        #expect(buffer.pixel(x: 9, y: 10) == 0)
    }

    @Test("a scene clip is transformed with the scene (2× scale)")
    func clipFollowsTransform() throws {
        let buffer = try PixelBuffer(width: 40, height: 40)
        let canvas = try CairoCanvas(buffer: buffer, transform: .scale(2, 2))
        canvas.beginFrame()
        canvas.clip(Rect(5, 5, 5, 5))  // buffer pixels 10..<20
        canvas.fill(.rect(Rect(0, 0, 20, 20)), .solid(Self.red))
        try canvas.endFrame()
        #expect(buffer.pixel(x: 10, y: 10) == PixelBuffer.pixelValue(Self.red))
        #expect(buffer.pixel(x: 19, y: 19) == PixelBuffer.pixelValue(Self.red))
        #expect(buffer.pixel(x: 9, y: 12) == 0)
        #expect(buffer.pixel(x: 20, y: 12) == 0)
    }

    @Test("beginFrame unwinds saves, clips and layers left open by the previous frame")
    func beginFrameRestoresCleanState() throws {
        let buffer = try PixelBuffer(width: 20, height: 20)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.save()
        canvas.clip(Rect(0, 0, 1, 1))
        canvas.translate(100, 100)
        canvas.beginLayer(opacity: 0.5)
        canvas.save()
        canvas.beginFrame()
        canvas.fill(.rect(Rect(0, 0, 20, 20)), .solid(Self.red))
        try canvas.endFrame()
        #expect(buffer.pixel(x: 19, y: 19) == PixelBuffer.pixelValue(Self.red))
    }

    @Test("a half-opacity layer composites its overlapping shapes once")
    func layerOpacity() throws {
        let buffer = try PixelBuffer(width: 30, height: 10)
        buffer.fill(.white)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.beginLayer(opacity: 0.5)
        canvas.fill(.rect(Rect(0, 0, 20, 10)), .solid(.black))
        canvas.fill(.rect(Rect(10, 0, 20, 10)), .solid(.black))
        canvas.endLayer()
        try canvas.endFrame()
        let single = buffer.pixel(x: 5, y: 5), overlap = buffer.pixel(x: 15, y: 5)
        #expect(single == overlap)
        let grey = Int(single & 0xFF)
        #expect(abs(grey - 128) <= 1 && single >> 24 == 0xFF)
    }

    @Test("layers at opacity 1 draw directly and at opacity 0 draw nothing")
    func layerOpacityExtremes() throws {
        let direct = try PixelBuffer(width: 20, height: 20), viaLayers = try PixelBuffer(width: 20, height: 20)
        let a = try CairoCanvas(buffer: direct), b = try CairoCanvas(buffer: viaLayers)
        a.beginFrame()
        a.fill(.circle(center: Point(10, 10), radius: 7), .solid(Self.red))
        try a.endFrame()
        b.beginFrame()
        b.beginLayer(opacity: 1)
        b.fill(.circle(center: Point(10, 10), radius: 7), .solid(Self.red))
        b.endLayer()
        b.beginLayer(opacity: 0)
        b.fill(.rect(Rect(0, 0, 20, 20)), .solid(Self.blue))
        b.endLayer()
        try b.endFrame()
        #expect(bytes(of: direct) == bytes(of: viaLayers))
    }

    @Test("blurredStroke with blur 0 is a plain stroke; with blur it glows beyond the stroke")
    func blurredStroke() throws {
        func render(_ draw: (CairoCanvas) -> Void) throws -> PixelBuffer {
            let buffer = try PixelBuffer(width: 60, height: 60)
            let canvas = try CairoCanvas(buffer: buffer)
            canvas.beginFrame()
            draw(canvas)
            try canvas.endFrame()
            return buffer
        }
        let arc = Path.arc(center: Point(30, 30), radius: 18, start: 0, end: .pi)
        let plain = try render { $0.stroke(arc, width: 4, .solid(Self.red), cap: .round) }
        let unblurred = try render { $0.blurredStroke(arc, width: 4, .solid(Self.red), cap: .round, blur: 0) }
        let glowing = try render { $0.blurredStroke(arc, width: 4, .solid(Self.red), cap: .round, blur: 5) }
        #expect(bytes(of: plain) == bytes(of: unblurred))
        // (30, 53) is 5 px outside the stroke's lower edge: dark for the plain stroke, lit by the glow.
        #expect(plain.pixel(x: 30, y: 53) == 0)
        #expect(glowing.pixel(x: 30, y: 53) >> 24 > 0)
        // The sharp stroke is still fully opaque in its middle.
        #expect(glowing.pixel(x: 30, y: 48) == PixelBuffer.pixelValue(Self.red))
    }

    @Test("a gradient glow's sharp stroke has exactly the gradient's colours, upright and rotated",
          arguments: [DisplayRotation.none, .quarter])
    func gradientGlowKeepsGradient(rotation: DisplayRotation) throws {
        let gradient = Paint.linear(from: Point(10, 10), to: Point(70, 70),
                                    stops: [GradientStop(0, Color(red: 0.2, green: 0.5, blue: 1)),
                                            GradientStop(1, Color(red: 0.7, green: 0.3, blue: 1))])
        let arc = Path.arc(center: Point(40, 40), radius: 22, start: 0, end: -1.5 * .pi, clockwise: false)
        func render(_ draw: (CairoCanvas) -> Void) throws -> PixelBuffer {
            let buffer = try PixelBuffer(width: 80, height: 80)
            let canvas = try CairoCanvas(buffer: buffer, transform: rotation.screenToPanel(panel: Size(80, 80)))
            canvas.beginFrame()
            draw(canvas)
            try canvas.endFrame()
            return buffer
        }
        let plain = try render { $0.stroke(arc, width: 6, gradient, cap: .round) }
        let glowing = try render { $0.blurredStroke(arc, width: 6, gradient, cap: .round, blur: 6) }
        // Points in the middle of the stroke (radius 22) at 0°, 90° and 180° counter-clockwise.
        let transform = rotation.screenToPanel(panel: Size(80, 80))
        for scenePoint in [Point(62, 40), Point(40, 18), Point(18, 40)] {
            let p = transform.apply(scenePoint)
            let x = Int(p.x.rounded(.down)), y = Int(p.y.rounded(.down))
            #expect(glowing.pixel(x: x, y: y) == plain.pixel(x: x, y: y), "at \(scenePoint)")
        }
    }

    @Test("a small shadow looks the same wherever it is drawn (sprite placement)")
    func spriteShadowIsPositionIndependent() throws {
        let buffer = try PixelBuffer(width: 120, height: 60)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        for x in [10.0, 70.0] {
            canvas.shadow(.roundedRect(Rect(x, 15, 30, 30), radius: 15), offset: Point(0, 2), blur: 5,
                          color: Color.black.withAlpha(0.5))
        }
        try canvas.endFrame()
        for y in 0..<60 {
            for x in 0..<55 {
                #expect(buffer.pixel(x: x, y: y) == buffer.pixel(x: x + 60, y: y), "pixel (\(x), \(y))")
            }
        }
        // Half the shadow's alpha at the (offset) outline, full inside, none far outside.
        let alpha = { (x: Int, y: Int) in Int(buffer.pixel(x: x, y: y) >> 24) }
        #expect(abs(alpha(25, 17) - 64) < 24)
        #expect(alpha(25, 32) == 128)
        #expect(alpha(25, 2) == 0)
    }

    @Test("a rounded-rect shadow fades smoothly outwards, without seams between its tiles",
          arguments: [0.0, 6.0, 30.0])
    func shadowFalloff(radius: Double) throws {
        let buffer = try PixelBuffer(width: 120, height: 120)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.shadow(.roundedRect(Rect(30, 30, 60, 60), radius: radius), offset: .zero, blur: 8, color: .black)
        try canvas.endFrame()
        let alpha = { (x: Int, y: Int) in Int(buffer.pixel(x: x, y: y) >> 24) }
        // Centre fully dark, far outside clear, half-way at the outline.
        #expect(alpha(60, 60) == 255)
        #expect(alpha(60, 10) == 0 && alpha(10, 60) == 0)
        #expect(abs(alpha(60, 30) - 128) < 40)
        // Along a row and a column through the middle and along the diagonal the alpha never
        // rises when moving outwards.
        for i in 60..<119 {
            #expect(alpha(i + 1, 60) <= alpha(i, 60), "row at x=\(i)")
            #expect(alpha(60, i + 1) <= alpha(60, i), "column at y=\(i)")
            #expect(alpha(i + 1, i + 1) <= alpha(i, i), "diagonal at \(i)")
        }
        // Symmetric left/right and top/bottom.
        for i in 0..<60 {
            #expect(alpha(i, 60) == alpha(119 - i, 60))
            #expect(alpha(60, i) == alpha(60, 119 - i))
        }
    }

    @Test("a singular base transform is reported by endFrame, naming cairo_set_matrix")
    func singularTransform() throws {
        let canvas = try CairoCanvas(buffer: try PixelBuffer(width: 10, height: 10))
        canvas.beginFrame(transform: .scale(0, 1))
        canvas.fill(.rect(Rect(0, 0, 10, 10)), .solid(Self.red))
        let error = caughtError(CairoError.self) { try canvas.endFrame() }
        #expect(error?.call == "cairo_set_matrix")
        do {
            try canvas.endFrame()
        } catch {
            Issue.record("the error is only reported once per frame, got \(error)")
        }
        // The next frame with a good transform works again.
        canvas.beginFrame(transform: .identity)
        canvas.fill(.rect(Rect(0, 0, 10, 10)), .solid(Self.red))
        try canvas.endFrame()
        #expect(canvas.buffer.pixel(x: 5, y: 5) == PixelBuffer.pixelValue(Self.red))
    }
}
