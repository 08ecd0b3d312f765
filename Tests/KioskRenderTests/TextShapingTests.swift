import SwiftKioskTesting
import KioskCore
import KioskRender
import KioskUI
import Testing

@Suite("Text through Pango")
struct TextShapingTests {
    static let fonts = ["Lohit Devanagari 32", "sans-serif 32"]
    static let hindi = ["नमस्ते", "हिन्दी"]

    func makeCanvas(width: Int = 320, height: Int = 80) throws -> (PixelBuffer, CairoCanvas) {
        let buffer = try PixelBuffer(width: width, height: height)
        return (buffer, try CairoCanvas(buffer: buffer))
    }

    @Test("Devanagari shapes without unknown glyphs (no boxes)", arguments: fonts, hindi)
    func noUnknownGlyphs(font: String, text: String) throws {
        let (_, canvas) = try makeCanvas()
        let report = canvas.textReport(text, font: font)
        #expect(report.unknownGlyphs == 0, "families used: \(report.families)")
        #expect(report.families.contains("Lohit Devanagari"), "families used: \(report.families)")
    }

    @Test("नमस्ते forms a conjunct: fewer glyphs than characters", arguments: fonts)
    func conjunctFormed(font: String) throws {
        let (_, canvas) = try makeCanvas()
        let text = "नमस्ते"
        let characters = text.unicodeScalars.count  // न म स ् त े
        #expect(characters == 6)
        #expect(canvas.glyphCount(text, font: font) < characters)
    }

    @Test("Hindi text golden")
    func hindiGolden() throws {
        let (buffer, canvas) = try makeCanvas(width: 320, height: 120)
        canvas.beginFrame()
        canvas.fill(.rect(Rect(0, 0, 320, 120)), .solid(.white))
        let black = TextStyle(font: "Lohit Devanagari 32", color: .black, alignment: .center)
        canvas.drawText("नमस्ते हिन्दी", style: black, in: Rect(0, 0, 320, 60))
        canvas.drawText("क्षत्रिय — Hola 123", style: TextStyle(font: "Lohit Devanagari 24", color: .black,
                                                                alignment: .center),
                        in: Rect(0, 60, 320, 60))
        try canvas.endFrame()
        expectMatchesGolden(buffer, named: "hindi-text")
    }

    @Test("measureText grows with the text and reports the line height")
    func measure() throws {
        let (_, canvas) = try makeCanvas()
        let short = canvas.measureText("Hola", font: "Lohit Devanagari 20")
        let long = canvas.measureText("Hola Hola", font: "Lohit Devanagari 20")
        #expect(short.width > 20 && long.width > short.width * 1.8)
        #expect(short.height > 20 && short.height < 60)
        #expect(short.height == long.height)
    }

    @Test("leading, centre and trailing alignment put the ink at the left, middle and right",
          arguments: TextAlignment.allCases)
    func alignment(_ alignment: TextAlignment) throws {
        let (buffer, canvas) = try makeCanvas(width: 300, height: 40)
        canvas.beginFrame()
        canvas.drawText("Hola", style: TextStyle(font: "Lohit Devanagari 20", color: .white, alignment: alignment),
                        in: Rect(10, 0, 280, 40))
        try canvas.endFrame()
        let ink = try #require(inkBounds(buffer))
        let inkCentre = (ink.minX + ink.maxX) / 2
        switch alignment {
        case .leading: #expect(ink.minX >= 10 && ink.minX < 16)
        case .center: #expect(abs(inkCentre - 150) < 4)
        case .trailing: #expect(ink.maxX <= 290 && ink.maxX > 284)
        }
        // Vertically centred: the ink's middle is near the rect's middle.
        #expect(abs((ink.minY + ink.maxY) / 2 - 20) < 6)
    }

    @Test("text wider than its rectangle is ellipsized and stays inside it")
    func ellipsized() throws {
        let (buffer, canvas) = try makeCanvas(width: 200, height: 40)
        canvas.beginFrame()
        let long = "A rather long label that cannot possibly fit"
        canvas.drawText(long, style: TextStyle(font: "Lohit Devanagari 16", color: .white), in: Rect(20, 0, 120, 40))
        try canvas.endFrame()
        let ink = try #require(inkBounds(buffer))
        #expect(ink.minX >= 20 && ink.maxX <= 140)
        #expect(ink.maxX > 110, "the ellipsized line should still fill most of the width")
    }

    @Test("drawing the same label again reuses its layout; the cache stays bounded")
    func layoutCache() throws {
        let buffer = try PixelBuffer(width: 100, height: 30)
        let canvas = try CairoCanvas(buffer: buffer, textCacheCapacity: 16)
        let style = TextStyle(font: "Lohit Devanagari 12", color: .white)
        canvas.drawText("Price", style: style, in: Rect(0, 0, 100, 30))
        let before = canvas.textCacheStatistics
        canvas.drawText("Price", style: style, in: Rect(0, 0, 100, 30))
        let after = canvas.textCacheStatistics
        #expect(after.misses == before.misses && after.hits == before.hits + 1)

        for i in 0..<100 { canvas.drawText("value \(i)", style: style, in: Rect(0, 0, 100, 30)) }
        #expect(canvas.textCacheStatistics.entries <= 16)
        #expect(canvas.textCacheStatistics.capacity == 16)
    }
}

/// The bounding box of pixels that differ from transparent black, or nil when nothing was drawn.
func inkBounds(_ buffer: PixelBuffer) -> Rect? {
    var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
    for y in 0..<buffer.height {
        for x in 0..<buffer.width where buffer.pixel(x: x, y: y) != 0 {
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
    }
    guard maxX >= 0 else { return nil }
    return Rect(Double(minX), Double(minY), Double(maxX - minX + 1), Double(maxY - minY + 1))
}

@Suite("Text edge cases")
struct TextEdgeCaseTests {
    @Test("empty text, empty or unbounded rectangles draw safely")
    func edgeCases() throws {
        let buffer = try PixelBuffer(width: 100, height: 30)
        let canvas = try CairoCanvas(buffer: buffer)
        let style = TextStyle(font: "Lohit Devanagari 12", color: .white)
        canvas.beginFrame()
        canvas.drawText("", style: style, in: Rect(0, 0, 100, 30))
        canvas.drawText("Hola", style: style, in: Rect(0, 0, 0, 30))
        #expect(inkBounds(buffer) == nil)
        canvas.drawText("Hola", style: style, in: Rect(0, 0, .infinity, 30))
        canvas.drawText("two\nlines", style: style, in: Rect(0, 0, 100, 30))
        try canvas.endFrame()
        #expect(inkBounds(buffer) != nil)
        #expect(canvas.measureText("two\nlines", font: "Lohit Devanagari 12").height
            == canvas.measureText("one line", font: "Lohit Devanagari 12").height)
    }
}
