import KioskControls
import SwiftKioskTesting
import Testing
import KioskCore
import KioskUI
@testable import KioskRender
import CPangoCairo

/// Icons by name and colour emoji drawn by the real renderer: an icon button, an icon-only
/// button, an icon label (in its colour), emoji in a label and in a button title, at scale 1
/// and 2.25, upright and turned. Needs `fonts-material-design-icons-iconfont` and
/// `fonts-noto-color-emoji` (scripts/install-deps.sh).
@Suite("Icon and emoji goldens")
struct IconEmojiGoldenTests {
    static let lightbulb = IconGlyph(name: "lightbulb", scalar: "\u{E0F0}")
    static let power = IconGlyph(name: "power_settings_new", scalar: "\u{E8AC}")
    static let thermostat = IconGlyph(name: "thermostat", scalar: "\u{F076}")
    static let design = Size(400, 200)

    /// The kiosk of the goldens: three icon controls on top, two emoji controls below.
    static func scene() -> Scene {
        let lamp = Button(id: "lamp", frame: Rect(16, 16, 150, 52), title: "Light")
        lamp.iconGlyph = lightbulb
        let off = Button(id: "off", frame: Rect(178, 16, 52, 52), title: "")
        off.iconGlyph = power
        let temp = Label(id: "temp", frame: Rect(244, 16, 150, 52), text: "21.5 °C", color: Color(hex: "#FFB040"))
        temp.icon = thermostat
        let emoji = Label(id: "emoji", frame: Rect(16, 84, 368, 44), text: "Coffee ☕ light 💡 warm 🌡️")
        let order = Button(id: "order", frame: Rect(16, 136, 240, 52), title: "Order 🍰 now")
        return Scene(designSize: design, screens: [Screen(id: "s", controls: [lamp, off, temp, emoji, order])])
    }

    static func render(scale: Double, rotation: DisplayRotation = .none) throws -> SceneRenderer {
        let width = Int(design.width * scale), height = Int(design.height * scale)
        let renderer = try SceneRenderer(designSize: design, panelWidth: rotation.swapsAxes ? height : width,
                                         panelHeight: rotation.swapsAxes ? width : height, rotation: rotation)
        renderer.render(scene())
        return renderer
    }

    @Test("icon button, icon-only button, icon label and emoji in a label and a button title, at scale 1, 2.25 and turned",
          arguments: [(1.0, 0, "icons-emoji"), (2.25, 0, "icons-emoji-2.25x"), (1.0, 90, "icons-emoji-rotated-90")])
    func looks(scale: Double, degrees: Int, golden: String) throws {
        let renderer = try Self.render(scale: scale, rotation: DisplayRotation(degrees: degrees)!)
        expectMatchesGolden(renderer.frame, named: golden)
    }

    /// Colour pixels (a channel far from the others) inside `rect` of the frame, in panel pixels.
    static func colourfulPixels(_ frame: PixelBuffer, in rect: Rect) -> Int {
        var count = 0
        for y in Int(rect.minY)..<Int(rect.maxY) {
            for x in Int(rect.minX)..<Int(rect.maxX) {
                let p = frame.pixel(x: x, y: y)
                let r = Int((p >> 16) & 0xFF), g = Int((p >> 8) & 0xFF), b = Int(p & 0xFF)
                if max(r, g, b) - min(r, g, b) > 60 { count += 1 }
            }
        }
        return count
    }

    @Test("emoji are drawn from the colour font's bitmaps at both scales; the white words around them stay grey")
    func emojiInColour() throws {
        for scale in [1.0, 2.25] {
            let renderer = try Self.render(scale: scale)
            // The label's row: white words on the dark background, and three colour emoji.
            let row = Rect(16 * scale, 84 * scale, 368 * scale, 44 * scale)
            #expect(Self.colourfulPixels(renderer.frame, in: row) > Int(60 * scale * scale), "scale \(scale)")
            let report = renderer.canvas.textReport("Coffee ☕ light 💡 warm 🌡️", font: Theme.standard.font)
            #expect(report.unknownGlyphs == 0)
            #expect(report.families.contains("Noto Color Emoji"), "families: \(report.families)")
        }
    }

    @Test("an icon is set in the icon font, in the text's run: no unknown glyph, one glyph for the icon")
    func iconShaping() throws {
        let buffer = try PixelBuffer(width: 200, height: 60)
        let canvas = try CairoCanvas(buffer: buffer)
        canvas.beginFrame()
        canvas.drawText("Light", style: TextStyle(font: "sans-serif 18", color: .white, icon: Self.lightbulb),
                        in: Rect(0, 0, 200, 60))
        try canvas.endFrame()
        let stats = canvas.textCacheStatistics
        #expect(stats.misses == 1)
        // Drawing it again is one cached layout.
        canvas.beginFrame()
        canvas.drawText("Light", style: TextStyle(font: "sans-serif 18", color: .white, icon: Self.lightbulb),
                        in: Rect(0, 0, 200, 60))
        try canvas.endFrame()
        #expect(canvas.textCacheStatistics.misses == 1 && canvas.textCacheStatistics.hits == stats.hits + 1)
        #expect(IconEmojiGoldenTests.colourfulPixels(buffer, in: Rect(0, 0, 200, 60)) == 0)
    }

    @Test("the preload draws every text before the first frame, which is the same as without it and finds its layouts made")
    func preloadLeavesTheFirstFrameAlone() throws {
        let plain = try Self.render(scale: 2.25)
        let width = Int(Self.design.width * 2.25), height = Int(Self.design.height * 2.25)
        let preloaded = try SceneRenderer(designSize: Self.design, panelWidth: width, panelHeight: height, rotation: .none)
        let style = TextStyle(font: Theme.standard.font, color: .white)
        preloaded.preloadFonts([("Light", TextStyle(font: Theme.standard.font, color: .white, icon: Self.lightbulb)),
                                ("Coffee ☕ light 💡 warm 🌡️", style), ("Order 🍰 now", style)])
        let missesBefore = preloaded.canvas.textCacheStatistics.misses
        preloaded.render(Self.scene())
        #expect(ImageComparison(tolerance: 0).compare(preloaded.frame, to: plain.frame).differingPixels == 0)
        // The three preloaded texts are found; the label's "21.5 °C" and the empty title are new.
        #expect(preloaded.canvas.textCacheStatistics.misses - missesBefore <= 2)
    }
}

/// Where an icon lands in right-to-left words: at their start, on the right. The paragraph's
/// direction is the scene's language's (`TextStyle.direction`), as an Arabic scene sets them.
@Suite("Icons in right-to-left text")
struct IconDirectionTests {
    /// The x of the icon's and of the first word character's boxes in the laid-out line, a
    /// paragraph in `direction`.
    static func positions(of text: String, direction: LayoutDirection) -> (icon: Int32, word: Int32) {
        let cache = TextLayoutCache(capacity: 4)
        let layout = cache.layout(text, font: "sans-serif 24", icon: IconEmojiGoldenTests.lightbulb.scalar,
                                  direction: direction).layout
        let full = String(cString: pango_layout_get_text(layout))
        let iconIndex = full.utf8.firstIndex { $0 == 0xEE }!   // U+E0F0 is EE 83 B0 in UTF-8
        let wordIndex = full.utf8.index(full.utf8.endIndex, offsetBy: -text.utf8.count)
        var icon = PangoRectangle(), word = PangoRectangle()
        pango_layout_index_to_pos(layout, Int32(full.utf8.distance(from: full.utf8.startIndex, to: iconIndex)), &icon)
        pango_layout_index_to_pos(layout, Int32(full.utf8.distance(from: full.utf8.startIndex, to: wordIndex)), &word)
        return (icon.x, word.x)
    }

    @Test("before Arabic and Hebrew words the icon is on their right; before Latin words, on the left",
          arguments: [("Light", false), ("ضوء", true), ("אור", true), ("12 ضوء", true), ("Light ضوء", false)])
    func iconAtTheStart(text: String, rightToLeft: Bool) {
        #expect(TextLayoutCache.startsRightToLeft(text) == rightToLeft)
        let x = Self.positions(of: text, direction: rightToLeft ? .rightToLeft : .leftToRight)
        if rightToLeft { #expect(x.icon > x.word, "\(x)") } else { #expect(x.icon < x.word, "\(x)") }
    }
}
