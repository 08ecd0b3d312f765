import KioskCore
@testable import KioskRender
import KioskUI
import Testing

/// Text that reaches the renderer without `kiosk check` is cut to the config's limits before
/// Pango sees it (4096 scalars, 32 per character), so that no label can stall a frame.
@Suite struct TextLimitTests {
    static let mark = "\u{301}"  // COMBINING ACUTE ACCENT

    static func scalars(_ text: String) -> Int { text.unicodeScalars.count }

    @Test(arguments: ["", "Hola", "नमस्ते हिन्दी", "क्षत्रिय — Hola 123", "👩‍👩‍👧‍👦 family", "🇩🇪🇫🇷", "e\u{301}\u{302}\u{303}",
                      "a\r\nb", String(repeating: "x", count: 4096), String(repeating: "é", count: 4096),
                      "a" + String(repeating: mark, count: 31)])
    func ordinaryTextReachesPangoUnchanged(_ text: String) {
        #expect(TextLayoutCache.shapeable(text) == text)
    }

    @Test func aLabelOfAHundredThousandCombiningMarksKeepsItsBaseAndThirtyOneMarks() {
        let text = "a" + String(repeating: Self.mark, count: 100_000)
        #expect(TextLayoutCache.shapeable(text) == "a" + String(repeating: Self.mark, count: 31))
    }

    @Test func aCharacterTooLongEndsTheTextWhereItsThirtyThirdScalarWouldBe() {
        let text = "abc" + "a" + String(repeating: Self.mark, count: 40) + "def"
        #expect(TextLayoutCache.shapeable(text) == "abca" + String(repeating: Self.mark, count: 31))
    }

    @Test func textLongerThanTheLimitEndsAtTheLastWholeCharacterWithinIt() {
        // "x" then decomposed "é"s (two scalars each): 1 + 2·2047 = 4095 scalars fit, the next does not.
        let text = "x" + String(repeating: "e\u{301}", count: 3000)
        let cut = TextLayoutCache.shapeable(text)
        #expect(Self.scalars(cut) == 4095)
        #expect(cut.count == 2048)
        #expect(text.hasPrefix(cut))
        #expect(TextLayoutCache.shapeable(String(repeating: "x", count: 1_000_000)) == String(repeating: "x", count: 4096))
    }

    /// Hostile mixtures: every result is a prefix of the text within both limits.
    @Test(arguments: [
        String(repeating: "👩‍", count: 3000),  // a ZWJ sequence thousands of scalars long
        String(repeating: "🇩", count: 5001),  // regional indicators pair up
        String(repeating: "\u{1100}", count: 500) + "x",  // Hangul leading jamo form one cluster
        String(repeating: "ab" + String(repeating: "\u{301}", count: 33), count: 200),
        String(repeating: "क्", count: 3000),  // Devanagari conjuncts chain
        String(repeating: "\r\n", count: 5000),
    ])
    func hostileTextIsCutToAPrefixWithinBothLimits(_ text: String) {
        let cut = TextLayoutCache.shapeable(text)
        #expect(text.unicodeScalars.starts(with: cut.unicodeScalars))
        #expect(Self.scalars(cut) <= TextLayoutCache.maximumScalars)
        #expect(Self.scalars(cut) > 0)
        #expect(cut.allSatisfy { $0.unicodeScalars.count <= TextLayoutCache.maximumClusterScalars })
    }

    @Test func theCanvasMeasuresAndDrawsAHugeLabelAsItsCutText() throws {
        let buffer = try PixelBuffer(width: 200, height: 60)
        let canvas = try CairoCanvas(buffer: buffer)
        let huge = "a" + String(repeating: Self.mark, count: 100_000)
        let cut = "a" + String(repeating: Self.mark, count: 31)
        #expect(canvas.measureText(huge, font: "sans-serif 20") == canvas.measureText(cut, font: "sans-serif 20"))
        #expect(canvas.glyphCount(huge, font: "sans-serif 20") == canvas.glyphCount(cut, font: "sans-serif 20"))
        canvas.beginFrame()
        canvas.drawText(huge, style: TextStyle(font: "sans-serif 20", color: .white, alignment: .center),
                        in: Rect(0, 0, 200, 60))
        try canvas.endFrame()
        // One layout serves both: the cache is keyed by the text Pango got.
        #expect(canvas.textCacheStatistics.entries == 1)
    }
}
