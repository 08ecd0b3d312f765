import KioskCore
import KioskRender
import Testing

@Suite("Rendering is deterministic")
struct DeterminismTests {
    @Test("rendering the sampler twice gives byte-identical buffers")
    func twiceIdentical() throws {
        let first = try CanvasSampler.render()
        let second = try CanvasSampler.render()
        #expect(bytes(of: first) == bytes(of: second))
    }

    @Test("a canvas reused for many frames renders the same bytes as a fresh one")
    func reusedCanvas() throws {
        let buffer = try PixelBuffer(width: 200, height: 120)
        let canvas = try CairoCanvas(buffer: buffer)
        for _ in 0..<3 {
            canvas.beginFrame(transform: .identity)
            CanvasSampler.draw(on: canvas)
            try canvas.endFrame()
        }
        let fresh = try CanvasSampler.render()  // outside: Swift Testing 6.0's #expect takes no `try` in an operand
        #expect(bytes(of: buffer) == bytes(of: fresh))
    }

    @Test("after a scale change the cached text layouts follow the new transform")
    func transformChangeInvalidatesLayouts() throws {
        let buffer = try PixelBuffer(width: 400, height: 240)
        let canvas = try CairoCanvas(buffer: buffer)
        // Lay the text out at 1× first, then draw at 2× with the same (cached) layouts.
        canvas.beginFrame(transform: .identity)
        CanvasSampler.draw(on: canvas)
        try canvas.endFrame()
        canvas.beginFrame(transform: .scale(2, 2))
        CanvasSampler.draw(on: canvas)
        try canvas.endFrame()
        let fresh = try CanvasSampler.render(bufferWidth: 400, bufferHeight: 240, transform: .scale(2, 2))
        #expect(bytes(of: buffer) == bytes(of: fresh))
    }
}

/// The buffer's pixels, row by row (padding excluded).
func bytes(of buffer: PixelBuffer) -> [UInt32] {
    var out: [UInt32] = []
    out.reserveCapacity(buffer.width * buffer.height)
    for y in 0..<buffer.height {
        for x in 0..<buffer.width { out.append(buffer.pixel(x: x, y: y)) }
    }
    return out
}
