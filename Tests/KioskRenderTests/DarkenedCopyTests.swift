import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// The frame under a popup or a panel is the screen's retained layer copied with the
/// overlay's backdrop applied on the way. It must look exactly like the general path (a blit,
/// then a translucent fill), or a frame would change by a level when one path takes over
/// from the other.
@Suite("A screen under a backdrop is copied darkened in one pass")
struct DarkenedCopyTests {
    /// A layer with every channel value somewhere: gradients, text, a translucent shape.
    static func screenLayer(bounds: Rect = Rect(0, 0, 96, 64)) -> RetainedLayer {
        RetainedLayer(id: "screen", bounds: bounds) { canvas, rect in
            canvas.fill(.rect(rect), .linear(from: Point(0, 0), to: Point(96, 64),
                                                      stops: [GradientStop(0, Color(red: 1, green: 0.2, blue: 0)),
                                                              GradientStop(1, Color(red: 0, green: 0.7, blue: 1))]))
            canvas.fill(.roundedRect(Rect(10, 8, 50, 30), radius: 9), .solid(Color(red: 1, green: 1, blue: 1, alpha: 0.6)))
            canvas.drawText("Aa 42", style: TextStyle(font: "Sans 14", color: .black), in: Rect(0, 36, 96, 24))
        }
    }

    /// The same frame twice: by the darkened copy, and by the blit and fill it replaces.
    static func bothWays(dim: Color?, clip: Rect, transform: AffineTransform = .identity,
                         layer: RetainedLayer = screenLayer(), size: (Int, Int) = (96, 64)) throws -> (PixelBuffer, PixelBuffer) {
        func frame(_ draw: (CairoCanvas) -> Void) throws -> PixelBuffer {
            let buffer = try PixelBuffer(width: size.0, height: size.1)
            buffer.fill(Color(red: 0.3, green: 0.9, blue: 0.1))   // stale pixels the frame must cover
            let canvas = try CairoCanvas(buffer: buffer, transform: transform)
            canvas.beginFrame()
            canvas.clipToBuffer(clip)
            draw(canvas)
            try canvas.endFrame()
            return buffer
        }
        let sceneClip = transform.inverted!.apply(clip)
        let oneCopy = try frame { $0.drawRetained(layer, transform: .identity, opacity: 1, dimmedBy: dim, over: sceneClip) }
        layer.invalidateAll()
        let blitAndFill = try frame {
            $0.drawRetained(layer, transform: .identity, opacity: 1)
            if let dim { $0.fill(.rect(sceneClip), .solid(dim)) }
        }
        return (oneCopy, blitAndFill)
    }

    static func differingPixels(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
        var n = 0
        for y in 0..<a.height { for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) { n += 1 } }
        return n
    }

    @Test("the darkened copy equals a blit and a fill for black, white, coloured, clear and opaque backdrops",
          arguments: [Color(red: 0, green: 0, blue: 0, alpha: 0.3), Color(red: 1, green: 1, blue: 1, alpha: 0.5),
                      Color(red: 0.2, green: 0.4, blue: 0.9, alpha: 0.65), Color(red: 0, green: 0, blue: 0, alpha: 0),
                      Color(red: 0.5, green: 0, blue: 0.5, alpha: 1), Color(red: 2, green: -1, blue: 0.5, alpha: 0.4)])
    func sameAsBlitAndFill(dim: Color) throws {
        let (oneCopy, blitAndFill) = try Self.bothWays(dim: dim, clip: Rect(0, 0, 96, 64))
        #expect(Self.differingPixels(oneCopy, blitAndFill) == 0)
    }

    @Test("without a backdrop it is a plain copy of the layer")
    func plainCopy() throws {
        let (oneCopy, blit) = try Self.bothWays(dim: nil, clip: Rect(0, 0, 96, 64))
        #expect(Self.differingPixels(oneCopy, blit) == 0)
    }

    @Test("only the clip is written, also through a scale and a rotation")
    func onlyTheClip() throws {
        let stale = PixelBuffer.pixelValue(Color(red: 0.3, green: 0.9, blue: 0.1))
        let rotated = AffineTransform(a: 0, b: 1, c: -1, d: 0, tx: 64, ty: 0)   // 96x64 design on a 64x96 panel
        for (transform, size) in [(AffineTransform.identity, (96, 64)), (rotated, (64, 96))] {
            let clip = Rect(13, 7, 30, 21)
            let (oneCopy, blitAndFill) = try Self.bothWays(dim: Color(red: 0, green: 0, blue: 0, alpha: 0.3), clip: clip,
                                                           transform: transform, size: size)
            #expect(Self.differingPixels(oneCopy, blitAndFill) == 0)
            #expect(oneCopy.pixel(x: 12, y: 7) == stale)
            #expect(oneCopy.pixel(x: 43, y: 27) == stale)
            #expect(oneCopy.pixel(x: 13, y: 7) != stale)
        }
    }

    @Test("a clip with fractional edges is widened to whole pixels, so no edge pixel keeps stale content")
    func fractionalClip() throws {
        let buffer = try PixelBuffer(width: 96, height: 64)
        buffer.fill(Color(red: 0.3, green: 0.9, blue: 0.1))
        let stale = buffer.pixel(x: 0, y: 0)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.clip(Rect(10.5, 4.25, 20, 20))
        canvas.drawRetained(Self.screenLayer(), transform: .identity, opacity: 1,
                            dimmedBy: Color(red: 0, green: 0, blue: 0, alpha: 0.3), over: Rect(10.5, 4.25, 20, 20))
        try canvas.endFrame()
        #expect(buffer.pixel(x: 10, y: 4) != stale)
        #expect(buffer.pixel(x: 30, y: 24) != stale)
        #expect(buffer.pixel(x: 9, y: 4) == stale)
        #expect(buffer.pixel(x: 31, y: 25) == stale)
    }

    @Test("outside a layer smaller than the clip (letterbox bars) only the backdrop is drawn, as before")
    func outsideTheLayer() throws {
        let layer = Self.screenLayer(bounds: Rect(16, 0, 64, 64))
        let (oneCopy, blitAndFill) = try Self.bothWays(dim: Color(red: 0, green: 0, blue: 0, alpha: 0.3),
                                                       clip: Rect(0, 0, 96, 64), layer: layer)
        #expect(Self.differingPixels(oneCopy, blitAndFill) == 0)
    }

    @Test("a moved or translucent layer takes the general path and still gets its backdrop")
    func generalPath() throws {
        for (transform, opacity) in [(AffineTransform.translation(5, 3), 1.0), (.identity, 0.5)] {
            let dim = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
            let layer = Self.screenLayer()
            let a = try PixelBuffer(width: 96, height: 64), b = try PixelBuffer(width: 96, height: 64)
            for (buffer, oneCall) in [(a, true), (b, false)] {
                let canvas = try CairoCanvas(buffer: buffer)
                canvas.beginFrame()
                if oneCall {
                    canvas.drawRetained(layer, transform: transform, opacity: opacity, dimmedBy: dim, over: buffer.bounds)
                } else {
                    canvas.drawRetained(layer, transform: transform, opacity: opacity)
                    canvas.fill(.rect(buffer.bounds), .solid(dim))
                }
                try canvas.endFrame()
            }
            #expect(Self.differingPixels(a, b) == 0)
        }
    }

    @Test("the darkening factors are cairo's: 30 % black keeps 179 of 255 and adds alpha 76")
    func factors() {
        let d = Darkening(Color(red: 0, green: 0, blue: 0, alpha: 0.3))
        #expect(d.keep == 179)
        #expect(d.tint == 76 << 24)
        #expect(Darkening(nil) == .none)
        #expect(Darkening(Color(red: 1, green: 1, blue: 1, alpha: 1)) == Darkening(keep: 0, tint: 0xFFFF_FFFF))
    }

    @Test("inside a translucent layer (an offscreen group) the copy goes through cairo, not into the buffer")
    func insideALayer() throws {
        let dim = Color(red: 0, green: 0, blue: 0, alpha: 0.3)
        let layer = Self.screenLayer()
        let a = try PixelBuffer(width: 96, height: 64), b = try PixelBuffer(width: 96, height: 64)
        for (buffer, oneCall) in [(a, true), (b, false)] {
            let canvas = try CairoCanvas(buffer: buffer)
            canvas.beginFrame()
            canvas.beginLayer(opacity: 0.5)
            if oneCall {
                canvas.drawRetained(layer, transform: .identity, opacity: 1, dimmedBy: dim, over: buffer.bounds)
            } else {
                canvas.drawRetained(layer, transform: .identity, opacity: 1)
                canvas.fill(.rect(buffer.bounds), .solid(dim))
            }
            canvas.endLayer()
            try canvas.endFrame()
        }
        #expect(Self.differingPixels(a, b) == 0)
    }
}
