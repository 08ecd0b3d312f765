import Foundation
import Testing
import KioskRender

/// Panels and popups of config/demo.json, through the real binary. The "Filters" button
/// [440, 400, 160, 56] shows the bottom panel "filters" (y 240…480 when open, a "size" slider
/// [40, 72, 720, 40] in it, 0…10, lower 2 at x = 196, y = 332); "Hello" [40, 400, 160, 56]
/// shows popup "hello" (box [200, 110, 400, 260], buttons "ok" x 224…394 and "more"
/// x 406…576 at y 302…350; "more" shows popup "help" on top).
@Suite("Overlays, headless")
struct OverlayRunTests {
    func run(_ lines: [String], extra: [String] = []) throws -> ([EventLine], KioskProcess.Output, URL) {
        let dir = try KioskProcess.temporaryDirectory()
        let input = dir.appendingPathComponent("touches.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("shot.png")
        let out = try KioskProcess.run(["run", "--config", "config/demo.json", "--input", input.path,
                                        "--screenshot", shot.path] + extra)
        #expect(out.status == 0, "\(out.stderr)")
        return (out.lines.compactMap(EventLine.init), out, shot)
    }

    func tap(_ x: Double, _ y: Double, at t: Int) -> [String] {
        ["{\"t\": \(t), \"type\": \"down\", \"id\": 0, \"x\": \(x), \"y\": \(y)}",
         "{\"t\": \(t + 40), \"type\": \"up\", \"id\": 0}"]
    }

    /// A vertical drag on the panel from y0 to y1 in `steps` moves `every` ms apart.
    func drag(x: Double, from y0: Double, to y1: Double, at t: Int, steps: Int, every: Int) -> [String] {
        var lines = ["{\"t\": \(t), \"type\": \"down\", \"id\": 0, \"x\": \(x), \"y\": \(y0)}"]
        for i in 1...steps {
            lines.append("{\"t\": \(t + every * i), \"type\": \"move\", \"id\": 0, \"x\": \(x), \"y\": \(y0 + (y1 - y0) * Double(i) / Double(steps))}")
        }
        lines.append("{\"t\": \(t + every * (steps + 1)), \"type\": \"up\", \"id\": 0}")
        return lines
    }

    func panelEvents(_ events: [EventLine]) -> [String] {
        events.filter { $0.source == "filters" }.map { $0.event + ($0.value["interactive"] == 1 ? "(interactive)" : "") }
    }

    @Test("a tap on the dim dismisses the panel")
    func tapOnDim() throws {
        let (events, _, shot) = try run(tap(520, 428, at: 0) + tap(400, 100, at: 600))
        #expect(panelEvents(events) == ["panelShown", "panelDismissed"])
        #expect(try PNGImage.read(shot.path).pixel(x: 700, y: 470) & 0xFFFFFF == 0x101418)   // gone, not dimmed
    }

    @Test("while the panel is open the screen is dimmed and the panel shows")
    func openPanelPixels() throws {
        let (_, _, shot) = try run(tap(520, 428, at: 0), extra: ["--until", "500"])
        let image = try PNGImage.read(shot.path)
        #expect(image.pixel(x: 700, y: 300) & 0xFFFFFF == 0x1C232C)                         // panel background
        #expect(image.pixel(x: 780, y: 10) & 0xFFFFFF == 0x0B0E11)                          // #101418 under 30 % black
    }

    @Test("a fast swipe down dismisses the panel, reported as interactive")
    func fastSwipe() throws {
        let (events, _, _) = try run(tap(520, 428, at: 0) + drag(x: 600, from: 270, to: 420, at: 600, steps: 3, every: 10))
        #expect(panelEvents(events) == ["panelShown", "panelDismissed(interactive)"])
    }

    @Test("a slow drag past half the panel dismisses it")
    func slowDragPastHalf() throws {
        let (events, _, _) = try run(tap(520, 428, at: 0) + drag(x: 600, from: 270, to: 420, at: 600, steps: 15, every: 50))
        #expect(panelEvents(events) == ["panelShown", "panelDismissed(interactive)"])
    }

    @Test("a slow short drag springs the panel back")
    func springsBack() throws {
        let (events, _, shot) = try run(tap(520, 428, at: 0) + drag(x: 600, from: 270, to: 330, at: 600, steps: 12, every: 50))
        #expect(panelEvents(events) == ["panelShown"])
        #expect(try PNGImage.read(shot.path).pixel(x: 700, y: 300) & 0xFFFFFF == 0x1C232C)   // back in place
    }

    @Test("a drag on the slider inside the panel moves the knob, not the panel")
    func sliderInPanel() throws {
        let (events, _, _) = try run(tap(520, 428, at: 0) + drag(x: 196, from: 332, to: 332, at: 600, steps: 1, every: 16)
                                     + ["{\"t\": 700, \"type\": \"down\", \"id\": 0, \"x\": 196, \"y\": 332}",
                                        "{\"t\": 716, \"type\": \"move\", \"id\": 0, \"x\": 264, \"y\": 360}",
                                        "{\"t\": 732, \"type\": \"up\", \"id\": 0}"])
        #expect(events.last { $0.source == "size" }?.value == ["lower": 3, "upper": 8])
        #expect(panelEvents(events) == ["panelShown"])
    }

    @Test("two popups stacked are dismissed together by a tap outside them")
    func stackedPopups() throws {
        let (events, _, shot) = try run(tap(120, 428, at: 0) + tap(491, 326, at: 400) + tap(100, 60, at: 800))
        let popupEvents = events.filter { $0.source == "hello" || $0.source == "help" }.map { "\($0.source).\($0.event)" }
        #expect(popupEvents == ["hello.popupShown", "hello.buttonTapped", "help.popupShown",
                                "hello.popupDismissed", "help.popupDismissed"])
        #expect(events.first { $0.event == "buttonTapped" }.map { _ in true } == true)
        #expect(try PNGImage.read(shot.path).pixel(x: 780, y: 10) & 0xFFFFFF == 0x101418)   // no backdrop left
    }

    @Test("a popup button without an action dismisses its popup and reports the button")
    func okButton() throws {
        let (events, out, _) = try run(tap(120, 428, at: 0) + tap(300, 326, at: 400))
        #expect(out.stdout.contains(#"{"t": 440, "source": "hello", "event": "buttonTapped", "value": {"button": "ok"}}"#))
        #expect(events.last?.event == "popupDismissed")
    }
}
