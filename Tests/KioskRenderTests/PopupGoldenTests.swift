import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// Popup dialogs drawn by the real renderer at chosen instants of their appearance, and the
/// wrapped text they use. Re-record on purpose with KIOSK_RECORD_GOLDENS=1 and look at every
/// image before committing.
@Suite("Popup goldens")
struct PopupGoldenTests {
    @Test("wrapped text: centred block, overflow ellipsized, hard breaks and a word too long, trailing")
    func wrappedText() throws {
        let buffer = PixelBuffer(width: 380, height: 220)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.fill(.rect(Rect(0, 0, 380, 220)), .solid(Color(hex: "#222A34")!))
        let text = Color(hex: "#C8D2DC")!
        let boxes: [(String, TextAlignment, Rect)] = [
            ("Hello World! This text wraps inside its frame.", .center,
             Rect(10, 10, 170, 95)),
            ("This one is too long for its frame: the lines that fit are kept and the last of them ends in an ellipsis.",
             .center, Rect(200, 10, 170, 95)),
            ("First line\nDonaudampfschifffahrtsgesellschaftskapitän", .leading, Rect(10, 115, 170, 95)),
            ("नमस्ते दुनिया, यह पाठ पंक्तियों में बँटता है", .trailing, Rect(200, 115, 170, 95)),
        ]
        for (string, alignment, rect) in boxes {
            canvas.stroke(.rect(rect.insetBy(0.5)), width: 1, .solid(Color(hex: "#4A5A6E")!), cap: .butt)
            canvas.drawText(string, style: TextStyle(font: "sans-serif 15", color: text, alignment: alignment, wraps: true),
                            in: rect)
        }
        try canvas.endFrame()
        assertMatchesGolden(buffer, named: "wrapped-text")
    }
}

@Suite("Wrapped text")
struct WrappedTextTests {
    @Test("the same string on one line and wrapped are two cached layouts, each reused")
    func layoutCacheKeepsWrappingApart() throws {
        let canvas = try CairoCanvas(buffer: PixelBuffer(width: 200, height: 100))
        canvas.beginFrame()
        let line = TextStyle(font: "sans-serif 15", color: .white, alignment: .center)
        var wrapped = line
        wrapped.wraps = true
        let rect = Rect(0, 0, 200, 100)
        for _ in 0..<2 {
            canvas.drawText("Hello World", style: line, in: rect)
            canvas.drawText("Hello World", style: wrapped, in: rect)
        }
        try canvas.endFrame()
        let stats = canvas.textCacheStatistics
        #expect(stats.misses == 2)
        #expect(stats.hits == 2)
    }

    @Test("wrapped lines of one block are aligned differently, so alignment is part of the key")
    func alignmentIsPartOfTheKey() throws {
        let canvas = try CairoCanvas(buffer: PixelBuffer(width: 120, height: 100))
        canvas.beginFrame()
        for alignment in TextAlignment.allCases {
            canvas.drawText("one two three four five", style: TextStyle(font: "sans-serif 15", color: .white,
                                                                      alignment: alignment, wraps: true),
                            in: Rect(0, 0, 120, 100))
        }
        try canvas.endFrame()
        #expect(canvas.textCacheStatistics.misses == 3)
    }
}
