import Foundation
import KioskControls
import Testing
import KioskCore
import KioskUI
@testable import KioskRender

/// A label whose words change repaints the band the old and the new words cover (measured as
/// the renderer sets them), not its whole frame, and the pixels are those of a full repaint.
@Suite("Label text damage")
struct LabelDamageTests {
    /// Three wide labels, one per alignment (one of them italic), on a 800x480 design drawn at
    /// 1920x1080 (a fractional scale, so band edges fall between device pixels).
    func scene() -> (Scene, [Label]) {
        let labels = [
            Label(id: "start", frame: Rect(20, 20, 560, 48), text: "Total: 9.60 €", font: "sans-serif bold 28"),
            Label(id: "centre", frame: Rect(20, 100, 560, 48), text: "Total: 9.60 €", font: "serif italic 28",
                  alignment: .center),
            Label(id: "end", frame: Rect(20, 180, 560, 48), text: "Total: 9.60 €", alignment: .trailing),
        ]
        return (Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: labels)]), labels)
    }

    @Test("new words repaint only their band, and every step matches a full repaint")
    func bandsMatchAFullRepaint() throws {
        let (scene, labels) = scene()
        let incremental = try SceneRenderer(designSize: Size(800, 480), panelWidth: 1920, panelHeight: 1080, rotation: .none)
        scene.textMeasurer = incremental.canvas
        incremental.render(scene)
        let texts = ["Total: 12.45 €", "Total: 7 €", "Grand total with every extra: 1,234,567.89 € (incl. VAT and a tip)",
                     "Ï", "", "Total: 9.70 €"]
        var previous = labels[0].text
        for text in texts {
            defer { previous = text }
            var damaged: [Rect] = []
            for label in labels {
                label.text = text
                let damage = scene.takeDamage()
                // Short words replacing short ones repaint a part of the frame; the long line
                // (ellipsized), and what replaces it, all of it.
                if text.count < 20 && previous.count < 20 {
                    #expect(damage.area < label.frame.area * 0.6, "\(label.id), \(text): \(damage)")
                }
                damaged += damage.rects
            }
            for rect in damaged { scene.invalidate(rect) }
            incremental.render(scene)
            let fresh = try SceneRenderer(designSize: Size(800, 480), panelWidth: 1920, panelHeight: 1080, rotation: .none)
            scene.invalidateAll()
            fresh.render(scene)
            _ = scene.takeDamage()
            let result = ImageComparison(tolerance: 4).compare(incremental.frame, to: fresh.frame)
            #expect(result.differingPixels == 0, "after \(text): \(result) at \(Self.differing(incremental.frame, fresh.frame))")
        }
    }

    @Test("without a measurer, or wrapped, a label repaints its whole frame")
    func wholeFrameOtherwise() {
        let (scene, labels) = scene()
        _ = scene.takeDamage()
        labels[0].text = "Total: 1 €"
        #expect(scene.takeDamage().bounds == labels[0].paintBounds.integral)
    }

    /// The panel pixels where two frames differ by more than 4 in a channel (for the message).
    static func differing(_ a: PixelBuffer, _ b: PixelBuffer) -> [String] {
        var found: [String] = []
        for y in 0..<a.height {
            for x in 0..<a.width where found.count < 8 {
                let pa = a.pixel(x: x, y: y), pb = b.pixel(x: x, y: y)
                var delta = 0
                for shift in [0, 8, 16] {
                    let ca = Int((pa >> UInt32(shift)) & 0xFF), cb = Int((pb >> UInt32(shift)) & 0xFF)
                    delta = max(delta, abs(ca - cb))
                }
                if delta > 4 { found.append("(\(x), \(y))") }
            }
        }
        return found
    }
}

/// A label with an icon before its words: the words move with the icon, so new words repaint
/// the whole label, and the pixels are those of a full repaint.
@Suite("Label with an icon: text damage")
struct IconLabelDamageTests {
    @Test("new words beside an icon repaint the whole label and match a full repaint")
    func wholeLabel() throws {
        let label = Label(id: "temp", frame: Rect(20, 20, 400, 48), text: "21.5 °C", alignment: .center)
        label.icon = IconGlyph(name: "thermostat", scalar: "\u{F076}")
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [label])])
        let renderer = try SceneRenderer(designSize: Size(800, 480), panelWidth: 1920, panelHeight: 1080, rotation: .none)
        scene.textMeasurer = renderer.canvas
        renderer.render(scene)
        for text in ["9 °C", "-12.5 °C", ""] {
            label.text = text
            let damage = scene.takeDamage()
            #expect(damage.bounds.contains(label.frame), "\(text): \(damage)")
            for rect in damage.rects { scene.invalidate(rect) }
            renderer.render(scene)
            #expect(try renderer.comparedWithFullRepaint(of: scene).differingPixels == 0, "\(text)")
        }
    }
}
