import SwiftKioskTesting
import KioskCore
import KioskRender
import Testing

@Suite("CairoCanvas goldens")
struct CanvasGoldenTests {
    @Test("the canvas sampler draws shapes, gradients, shadows, glow, text and a layer")
    func sampler() throws {
        expectMatchesGolden(try CanvasSampler.render(), named: "canvas-sampler")
    }

    @Test("the sampler drawn through a 90° panel rotation is the upright picture turned clockwise")
    func rotatedQuarter() throws {
        let panel = Size(120, 200)
        let buffer = try CanvasSampler.render(bufferWidth: 120, bufferHeight: 200,
                                              transform: DisplayRotation.quarter.screenToPanel(panel: panel))
        expectMatchesGolden(buffer, named: "canvas-sampler-rotated-90")
    }

    @Test("the sampler drawn at 2× scale")
    func doubleScale() throws {
        let buffer = try CanvasSampler.render(bufferWidth: 400, bufferHeight: 240, transform: .scale(2, 2))
        expectMatchesGolden(buffer, named: "canvas-sampler-2x")
    }
}
