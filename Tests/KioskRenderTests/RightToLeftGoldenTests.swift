import KioskControls
import SwiftKioskTesting
import Testing
import KioskCore
import KioskGestures
import KioskUI
@testable import KioskRender

/// A scene in Arabic or Hebrew drawn by the real renderer: text aligned by its direction (start
/// is the right), mixed lines in reading order, each mirrored control, the dial unmirrored, and a
/// language switch whose one frame equals a fresh scene built in the new language.
@Suite("Right-to-left goldens")
struct RightToLeftGoldenTests {
    static let step = Duration.nanoseconds(1_000_000_000 / 120)
    static let arabic = DisplayLanguage(code: "ar")

    func render(_ scene: Scene, _ size: Size) throws -> SceneRenderer {
        let renderer = try SceneRenderer(designSize: size, panelWidth: Int(size.width), panelHeight: Int(size.height),
                                         rotation: .none)
        _ = renderer.render(scene)
        return renderer
    }

    /// Arabic and Hebrew labels at start, centre and end (a guide line marks each frame's edges),
    /// a price in digits inside Arabic, Latin words inside Arabic and Hebrew, and a wrapped
    /// Arabic paragraph at start, on a 480x360 screen.
    func labels() -> Scene {
        var controls: [Control] = []
        let rows: [(String, String)] = [("ar", "مرحبا بكم"), ("he", "ברוכים הבאים")]
        var y = 8.0
        for (language, text) in rows {
            for alignment in TextAlignment.allCases {
                controls.append(ProgressBar(id: "guide-\(language)-\(alignment)", frame: Rect(20, y + 33, 440, 2), value: 0))
                controls.append(Label(id: "\(language)-\(alignment)", frame: Rect(20, y, 440, 34),
                                      text: text, alignment: alignment))
                y += 40
            }
        }
        controls.append(Label(id: "price", frame: Rect(20, y, 440, 34), text: "السعر: 12.50 ر.س للكوب"))
        controls.append(Label(id: "latin", frame: Rect(20, y + 36, 440, 34), text: "اضغط OK Wi-Fi للمتابعة"))
        controls.append(Label(id: "hebrew-mixed", frame: Rect(20, y + 72, 440, 34), text: "מחיר 42 ₪ עם USB"))
        return Scene(designSize: Size(480, 360), screens: [Screen(id: "s", controls: controls)])
    }

    @Test("Arabic and Hebrew labels aligned start, centre and end, and mixed lines in reading order")
    func rightToLeftLabels() throws {
        let scene = labels()
        scene.language = Self.arabic
        expectMatchesGolden(try render(scene, Size(480, 360)).frame, named: "rtl-labels")
    }

    @Test("the same labels in English: start is the left again (the Arabic runs still read right to left)")
    func leftToRightLabels() throws {
        expectMatchesGolden(try render(labels(), Size(480, 360)).frame, named: "rtl-labels-in-ltr")
    }

    /// A labelled slider, a range slider, a progress bar and an indeterminate one mid-travel, a
    /// toggle on and one off, a vertical slider and a gauge (not mirrored), on a 480x300 screen.
    func controls() -> (Scene, ProgressBar) {
        let slider = Slider(id: "dim", frame: Rect(20, 20, 300, 30), minimum: 0, maximum: 100, step: 0.5, value: 30)
        slider.valueFormat = NumberStyle(decimals: 1, unit: " %")
        let range = RangeSlider(id: "price", frame: Rect(20, 70, 300, 30))
        let bar = ProgressBar(id: "load", frame: Rect(20, 120, 300, 16), value: 0.3)
        let busy = ProgressBar(id: "busy", frame: Rect(20, 150, 300, 16))
        busy.isIndeterminate = true
        let gauge = CircularSlider(id: "heat", frame: Rect(340, 150, 130, 130),
                                   range: DialRange(minimum: 5, maximum: 30, step: 0.5, startAngle: 225, endAngle: -45),
                                   value: 12)
        gauge.valueFormat = NumberStyle(decimals: 1, unit: " °C")
        let scene = Scene(designSize: Size(480, 300), screens: [Screen(id: "s", controls: [
            slider, range, bar, busy,
            Toggle(id: "on", frame: Rect(20, 190, 64, 36), isOn: true),
            Toggle(id: "off", frame: Rect(100, 190, 64, 36)),
            Slider(id: "fader", frame: Rect(420, 10, 30, 130), value: 30),
            gauge,
        ])])
        return (scene, busy)
    }

    @Test("each mirrored control right to left: slider, range slider, progress bars, toggles; vertical slider and gauge as they are")
    func mirroredControls() throws {
        let (scene, busy) = controls()
        scene.language = Self.arabic
        let renderer = try render(scene, Size(480, 300))   // drawn, the band starts moving
        var now = Instant.zero
        for _ in 0..<30 {   // a sixth of the band's sweep
            now = now + Self.step
            scene.step(Self.step, at: now)
        }
        #expect(busy.bandRect.intersects(busy.frame) && busy.bandRect.midX > busy.frame.midX, "from the right: \(busy.bandRect)")
        _ = renderer.render(scene)
        let repaint = try renderer.comparedWithFullRepaint(of: scene)
        #expect(repaint.differingPixels == 0, "\(repaint)")
        expectMatchesGolden(renderer.frame, named: "rtl-controls")
    }

    @Test("a popup's buttons right to left: the first (نعم) on the right")
    func popupRow() throws {
        let style = PopupStyle(
            boxFrame: Rect(40, 30, 400, 240), cornerRadius: 14, borderColor: Color(hex: "#4A5A6E")!, borderWidth: 1,
            boxBackground: Color(hex: "#222A34")!, backdrop: Color(hex: "#00000080")!,
            title: TextBlockStyle(frame: Rect(24, 20, 352, 36), font: "sans-serif bold 22", color: .white, alignment: .leading),
            text: TextBlockStyle(frame: Rect(24, 64, 352, 90), font: "sans-serif 17", color: Color(hex: "#C8D2DC")!,
                                 alignment: .leading),
            buttons: PopupButtonStyle(frame: Rect(24, 172, 352, 48), font: "sans-serif bold 17", textColor: .white,
                                      background: Color(hex: "#0073F0")!, cornerRadius: 10, spacing: 12))
        let dialog = PopupDialog(id: "ask", style: style, content: PopupContent(
            title: "تأكيد الطلب", text: "هل تريد دفع 12.50 ر.س الآن؟ يمكنك الإلغاء في أي وقت.",
            buttons: [.init(id: "yes", title: "نعم"), .init(id: "no", title: "لا")]), theme: .standard)
        let scene = Scene(designSize: Size(480, 300), screens: [Screen(id: "s")])
        scene.register(dialog)
        scene.language = Self.arabic
        #expect(scene.showOverlay("ask"))
        var now = Instant.zero
        for _ in 0..<30 {
            now = now + Self.step
            scene.step(Self.step, at: now)
        }
        expectMatchesGolden(try render(scene, Size(480, 300)).frame, named: "rtl-popup")
    }

    @Test("pages right to left mid-swipe: the next page comes in from the left, the dots start at the right")
    func pagesMidSwipe() throws {
        let first = Screen(id: "one", background: Color(hex: "#203040")!, controls: [
            Label(id: "t1", frame: Rect(20, 20, 440, 40), text: "الصفحة الأولى")])
        let second = Screen(id: "two", background: Color(hex: "#402030")!, controls: [
            Label(id: "t2", frame: Rect(20, 20, 440, 40), text: "الصفحة الثانية")])
        let third = Screen(id: "three", background: Color(hex: "#304020")!)
        let scene = Scene(designSize: Size(480, 300), screens: [first, second, third])
        scene.language = Self.arabic
        #expect(scene.addPageGroup(["one", "two", "three"]) != nil)
        let tracker = GestureTracker()
        func touch(_ phase: TouchPhase, _ x: Double, _ ms: Int64) {
            scene.handle(tracker.handle(TouchEvent(slot: 0, phase: phase, position: Point(x, 150), time: .zero + .milliseconds(ms))))
        }
        touch(.down, 100, 0)
        touch(.move, 130, 16)
        touch(.move, 220, 32)   // 120 px to the right: 0.25 of a page forward
        #expect(abs((scene.pageSwipePosition ?? 0) - 0.25) < 1e-9)
        expectMatchesGolden(try render(scene, Size(480, 300)).frame, named: "rtl-pages-swipe")
    }

    @Test("in Arabic, every frame of a fill's glide, a slider's and a range's move and a toggle's flip repaints all it changed")
    func mirroredFramesMatchAFullRepaint() throws {
        let (scene, _) = controls()
        scene.language = Self.arabic
        let renderer = try render(scene, Size(480, 300))
        let bar = scene.control(withID: "load") as! ProgressBar
        let slider = scene.control(withID: "dim") as! Slider
        let range = scene.control(withID: "price") as! RangeSlider
        let toggle = scene.control(withID: "on") as! Toggle
        bar.setValue(0.8, animated: true)
        toggle.isOn = false
        var now = Instant.zero
        for frame in 0..<24 {
            slider.setValue(30 + Double(frame) * 2.5)
            range.setLowerValue(2 + Double(frame) / 8)
            for _ in 0..<2 {
                now = now + Self.step
                scene.step(Self.step, at: now)
            }
            _ = renderer.render(scene)
            let result = try renderer.comparedWithFullRepaint(of: scene)
            #expect(result.differingPixels == 0, "frame \(frame): \(result)")
        }
    }

    /// Labels, a slider, a toggle, a progress bar, a list of rows and a panel shown over it all:
    /// everything a switch must redraw, retained layers and the list's ring included.
    func everything() -> Scene {
        let slider = Slider(id: "dim", frame: Rect(20, 70, 300, 30), minimum: 0, maximum: 100, value: 30)
        slider.valueFormat = NumberStyle(decimals: 1, unit: " %")
        let rows = (0..<6).map { i in
            ListRow(index: i, controls: [Label(id: "row\(i)", frame: Rect(8, 0, 114, 36), text: "صف \(i + 1) row")])
        }
        let panel = Panel(id: "more", style: PanelStyle(extent: 0.35), controls: [
            Label(id: "panel-title", frame: Rect(20, 10, 300, 30), text: "الإعدادات Settings"),
            Toggle(id: "panel-toggle", frame: Rect(20, 50, 64, 36), isOn: true),
        ])
        let scene = Scene(designSize: Size(480, 300), screens: [Screen(id: "s", controls: [
            Label(id: "title", frame: Rect(20, 10, 440, 40), text: "مرحبا Welcome 42"),
            slider,
            Toggle(id: "light", frame: Rect(340, 70, 64, 36), isOn: true),
            ProgressBar(id: "load", frame: Rect(20, 120, 300, 16), value: 0.3),
            List(id: "menu", frame: Rect(340, 120, 130, 170), rowHeight: 36, rows: rows),
        ])])
        scene.register(panel)
        return scene
    }

    @Test("a switch from English to Arabic is one frame, equal to a fresh scene built in Arabic, panel and list included")
    func switchEqualsFreshScene() throws {
        let scene = everything()
        #expect(scene.showOverlay("more"))
        var now = Instant.zero
        func settle(_ scene: Scene) {
            for _ in 0..<60 {
                now = now + Self.step
                scene.step(Self.step, at: now)
            }
        }
        settle(scene)
        let incremental = try render(scene, Size(480, 300))
        _ = incremental.render(scene)
        scene.language = Self.arabic
        #expect(!scene.isAnimating)
        _ = incremental.render(scene)
        #expect(!scene.needsRedraw, "one frame")

        let fresh = everything()
        fresh.language = Self.arabic
        #expect(fresh.showOverlay("more"))
        settle(fresh)
        let freshRenderer = try render(fresh, Size(480, 300))
        let result = ImageComparison(tolerance: 2).compare(incremental.frame, to: freshRenderer.frame)
        #expect(result.differingPixels == 0, "\(result)")
        let repaint = try incremental.comparedWithFullRepaint(of: scene)
        #expect(repaint.differingPixels == 0, "\(repaint)")
        expectMatchesGolden(incremental.frame, named: "rtl-switched")
    }
}
