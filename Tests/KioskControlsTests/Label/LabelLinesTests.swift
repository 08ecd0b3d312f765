import KioskControls
import KioskCore
import KioskUI
import SwiftKioskTesting
import Testing

/// A label with `lines` wraps into at most that many lines; without it, it stays one line.
@Suite("Label lines")
struct LabelLinesTests {
    static let longText = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen"

    /// The bands of rows with ink in the label's frame, top to bottom: one per line of text.
    func inkBands(text: String, lines: Int) throws -> Int {
        let frame = Rect(20, 20, 300, 200)
        let label = Label(id: "l", frame: frame, theme: .standard, text: text, font: "sans-serif 20", lines: lines)
        let tester = KioskTester(scene: Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [label])]))
        try tester.run()
        let shot = try tester.screenshot()
        let background = shot.pixel(x: 5, y: 5)
        var bands = 0, inBand = false
        for y in Int(frame.minY)..<Int(frame.maxY) {
            let ink = (Int(frame.minX)..<Int(frame.maxX)).contains { shot.pixel(x: $0, y: y) != background }
            if ink && !inBand { bands += 1 }
            inBand = ink
        }
        return bands
    }

    @Test("lines 1 (the default) is one line, ellipsized; lines 2 and 3 wrap into that many; a short text stays one")
    func wrapsIntoAtMostLines() throws {
        #expect(try inkBands(text: Self.longText, lines: 1) == 1)
        #expect(try inkBands(text: Self.longText, lines: 2) == 2)
        #expect(try inkBands(text: Self.longText, lines: 3) == 3)
        #expect(try inkBands(text: "Hi", lines: 3) == 1)
    }
}
