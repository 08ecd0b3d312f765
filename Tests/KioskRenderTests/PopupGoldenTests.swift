import KioskControls
import SwiftKioskTesting
import Testing
import KioskGestures
import KioskCore
import KioskUI
@testable import KioskRender

/// Popup dialogs drawn by the real renderer at chosen instants of their appearance, and the
/// wrapped text they use. Re-record on purpose with KIOSK_RECORD_GOLDENS=1 and look at every
/// image before committing.
@Suite("Popup goldens")
struct PopupGoldenTests {
    /// The default template's look (config/popups/) on the 800x480 design.
    static let template = PopupStyle(
        boxFrame: Rect(200, 110, 400, 260), cornerRadius: 14, borderColor: Color(hex: "#4A5A6E")!, borderWidth: 1,
        boxBackground: Color(hex: "#222A34")!, backdrop: Color(hex: "#00000080")!,
        title: TextBlockStyle(frame: Rect(24, 20, 352, 36), font: "sans-serif bold 22", color: .white,
                              alignment: .center),
        text: TextBlockStyle(frame: Rect(24, 64, 352, 110), font: "sans-serif 17", color: Color(hex: "#C8D2DC")!,
                             alignment: .center),
        buttons: PopupButtonStyle(frame: Rect(24, 192, 352, 48), font: "sans-serif bold 17", textColor: .white,
                                  background: Color(hex: "#0073F0")!, cornerRadius: 10, spacing: 12))

    /// A small screen (a label, a range slider, two buttons) with the "hello" popup registered.
    static func scene() -> (Scene, PopupDialog) {
        let screen = Screen(id: "main", controls: [
            Label(id: "title", frame: Rect(20, 20, 400, 40), text: "Kiosk — नमस्ते", font: "sans-serif 22"),
            RangeSlider(id: "price", frame: Rect(40, 100, 440, 30), minimum: 0, maximum: 10, lower: 2, upper: 8),
            Button(id: "filters", frame: Rect(40, 400, 160, 48), title: "Filters"),
            Button(id: "hello", frame: Rect(220, 400, 160, 48), title: "Hello"),
        ])
        let scene = Scene(designSize: Size(800, 480), screens: [screen])
        let dialog = PopupDialog(
            id: "hello", style: template,
            content: PopupContent(title: "Popup Title",
                                  text: "Hello World! The text of a dialog wraps onto as many lines as its frame holds.",
                                  buttons: [.init(id: "ok", title: "Okay")]),
            theme: .standard)
        scene.register(dialog)
        return (scene, dialog)
    }

    static func renderer(rotation degrees: Int) throws -> SceneRenderer {
        let rotation = DisplayRotation(degrees: degrees)!
        let panel = rotation.swapsAxes ? Size(480, 800) : Size(800, 480)
        return try SceneRenderer(designSize: Size(800, 480), panelWidth: Int(panel.width),
                                 panelHeight: Int(panel.height), rotation: rotation)
    }

    /// Steps of 10 ms, so that 100 and 200 ms are reached exactly.
    static func step(_ scene: Scene, milliseconds: Int, from start: Instant = .zero) {
        var t = start
        for _ in 0..<(milliseconds / 10) {
            t += .milliseconds(10)
            scene.step(.milliseconds(10), at: t)
        }
    }

    @Test("a popup appearing: start, middle and end, at rotation 0 and 90",
          arguments: [0, 100, 200], [0, 90])
    func appearing(milliseconds: Int, degrees: Int) throws {
        let (scene, dialog) = Self.scene()
        scene.showOverlay("hello")
        Self.step(scene, milliseconds: milliseconds)
        #expect(dialog.phase == (milliseconds == 200 ? .shown : .appearing))
        let renderer = try Self.renderer(rotation: degrees)
        renderer.render(scene)
        expectMatchesGolden(renderer.frame, named: "popup-\(milliseconds)ms-rotation-\(degrees)")
    }

    @Test("a popup drawn frame by frame through damage, then with its button pressed, matches a full repaint")
    func damageMatchesFullRepaint() throws {
        let (scene, dialog) = Self.scene()
        let incremental = try Self.renderer(rotation: 90)
        incremental.render(scene)
        scene.showOverlay("hello")
        var t = Instant.zero
        for _ in 0..<30 {
            t += .milliseconds(10)
            scene.step(.milliseconds(10), at: t)
            incremental.render(scene)
        }
        #expect(dialog.phase == .shown)
        dialog.handle(.pressed(slot: 0, location: dialog.buttons[0].frame.center, time: t))
        #expect(scene.takeDamage().bounds == dialog.buttons[0].frame)
        dialog.buttons[0].invalidate()
        incremental.render(scene)
        let full = try Self.renderer(rotation: 90)
        full.render(scene)
        let result = ImageComparison(tolerance: 1).compare(incremental.frame, to: full.frame)
        #expect(result.passed, "\(result)")
    }

    @Test("wrapped text: centred block, overflow ellipsized, hard breaks and a word too long, trailing")
    func wrappedText() throws {
        let buffer = try PixelBuffer(width: 380, height: 220)
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
        expectMatchesGolden(buffer, named: "wrapped-text")
    }
}

@Suite("Wrapped text")
struct WrappedTextTests {
    @Test("the same string on one line and wrapped are two cached layouts, each reused")
    func layoutCacheKeepsWrappingApart() throws {
        let canvas = try CairoCanvas(buffer: try PixelBuffer(width: 200, height: 100))
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
        let canvas = try CairoCanvas(buffer: try PixelBuffer(width: 120, height: 100))
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
