import KioskCore
import Foundation
import Testing
import KioskRender

/// The real `kiosk run --backend headless` against the demo config and touch scripts.
/// The demo layout (config/demo.json, 800x480): price slider [40, 200, 420, 40] over 0…100,
/// so knob width 40, usable 380 and the knob for value v centred at x = 60 + 3.8·v, y = 220;
/// angle dial [520, 120, 240, 240] centred at (640, 240); Hello button at [40, 400, 160, 56].
@Suite("Headless runs")
struct HeadlessRunTests {
    func run(_ script: String, extra: [String] = []) throws -> (KioskProcess.Output, [EventLine], URL) {
        let dir = try KioskProcess.temporaryDirectory()
        let input = dir.appendingPathComponent("touches.jsonl")
        try script.write(to: input, atomically: true, encoding: .utf8)
        let shot = dir.appendingPathComponent("shot.png")
        let output = try KioskProcess.run(["run", "--backend", "headless", "--config", "config/demo.json",
                                           "--input", input.path, "--screenshot", shot.path] + extra)
        return (output, output.lines.compactMap(EventLine.init), shot)
    }

    /// A drag as touch-script lines: down, `steps` moves 16 ms apart, up.
    func drag(_ from: (Double, Double), _ to: (Double, Double), steps: Int = 8, at start: Int = 0, id: Int = 0) -> String {
        var lines = ["{\"t\": \(start), \"type\": \"down\", \"id\": \(id), \"x\": \(from.0), \"y\": \(from.1)}"]
        for i in 1...steps {
            let f = Double(i) / Double(steps)
            lines.append("{\"t\": \(start + 16 * i), \"type\": \"move\", \"id\": \(id), \"x\": \(from.0 + (to.0 - from.0) * f), \"y\": \(from.1 + (to.1 - from.1) * f)}")
        }
        lines.append("{\"t\": \(start + 16 * (steps + 1)), \"type\": \"up\", \"id\": \(id)}")
        return lines.joined(separator: "\n") + "\n"
    }

    func committed(_ events: [EventLine], _ source: String) -> [[String: Double]] {
        events.filter { $0.source == source && $0.event == "valueCommitted" }.map(\.value)
    }

    @Test("dragging the lower knob 76 px moves it by 20")
    func dragLowerKnob() throws {
        let (out, events, _) = try run(drag((136, 220), (212, 220)))
        #expect(out.status == 0, "\(out.stderr)")
        #expect(committed(events, "price") == [["lower": 40, "upper": 80]])
        #expect(events.filter { $0.event == "valueChanged" }.allSatisfy { $0.source == "price" })
    }

    @Test("dragging the upper knob reports valueChanged while moving and valueCommitted at the end")
    func dragUpperKnob() throws {
        let (_, events, _) = try run(drag((364, 220), (326, 220), steps: 2))
        #expect(events.map(\.event) == ["valueChanged", "valueChanged", "valueCommitted"])
        #expect(events.last?.value == ["lower": 20, "upper": 70])
        #expect(events.last?.t == 48)
    }

    @Test("dragging the lower knob past the upper knob stops at the upper value")
    func lowerPastUpper() throws {
        let (_, events, _) = try run(drag((136, 220), (700, 220), steps: 10))
        #expect(committed(events, "price") == [["lower": 80, "upper": 80]])
    }

    @Test("the knob keeps tracking when the finger leaves the slider and comes back")
    func leaveAndComeBack() throws {
        let script = """
        {"t": 0, "type": "down", "id": 0, "x": 364, "y": 220}
        {"t": 16, "type": "move", "id": 0, "x": 383, "y": 330}
        {"t": 32, "type": "move", "id": 0, "x": 402, "y": 400}
        {"t": 48, "type": "move", "id": 0, "x": 345, "y": 400}
        {"t": 64, "type": "move", "id": 0, "x": 345, "y": 220}
        {"t": 80, "type": "up", "id": 0}
        """
        let (_, events, _) = try run(script)
        let uppers = events.filter { $0.event == "valueChanged" }.map { $0.value["upper"]! }
        #expect(uppers == [85, 90, 75])
        #expect(committed(events, "price") == [["lower": 20, "upper": 75]])
    }

    @Test("a touch anywhere on the circular slider turns the handle to it")
    func dialTouchAnywhere() throws {
        let script = """
        {"t": 0, "type": "down", "id": 0, "x": 530, "y": 240}
        {"t": 16, "type": "up", "id": 0}
        {"t": 200, "type": "down", "id": 0, "x": 640, "y": 350}
        {"t": 216, "type": "move", "id": 0, "x": 750, "y": 240}
        {"t": 232, "type": "up", "id": 0}
        """
        let (_, events, shot) = try run(script)
        #expect(committed(events, "angle") == [["angle": 180], ["angle": 0]])
        #expect(events.filter { $0.source == "angle" && $0.event == "valueChanged" }.map { $0.value["angle"]! } == [180, 270, 0])
        // The handle is drawn where the final angle (0°, 3 o'clock) puts it: centre + 75 px.
        let image = try PNGImage.read(shot.path)
        #expect(brightness(image, 715, 240) > 170)
        #expect(brightness(image, 640, 165) < 80)    // 90°, where the handle started, is dark now
    }

    @Test("the screenshot shows the knob where the drag left it")
    func knobPixels() throws {
        let (_, _, shot) = try run(drag((136, 220), (250, 220)))   // lower 20 → 50, centre x = 250
        let image = try PNGImage.read(shot.path)
        // The knob's top edge (y = 205) rises above the track (which spans y 211…229).
        #expect(brightness(image, 250, 205) > 200)
        #expect(brightness(image, 136, 205) < 60)
    }

    @Test("a switchScreen button slides the other screen up, back slides it away again, and each change is announced as it starts")
    func screens() throws {
        let script = """
        {"t": 0, "type": "down", "id": 0, "x": 320, "y": 428}
        {"t": 50, "type": "up", "id": 0}
        {"t": 600, "type": "down", "id": 0, "x": 120, "y": 428}
        {"t": 650, "type": "up", "id": 0}
        """
        let (_, events, shot) = try run(script, extra: ["--until", "500"])
        #expect(events.map(\.source) == ["showDetails", "kiosk"])
        #expect(events.last?.event == "screenChanged" && events.last?.strings["screen"] == "details")
        #expect(events.last?.origin == nil)   // a person's tap
        // The second screen's background (#182028) is showing.
        #expect(try PNGImage.read(shot.path).pixel(x: 700, y: 300) & 0xFFFFFF == 0x182028)
        let (_, middle, shotMiddle) = try run(script, extra: ["--until", "200"])
        // Announced when the change starts, not when the slide lands.
        #expect(middle.map(\.source) == ["showDetails", "kiosk"])
        // Half-way (ease-in-out at 150 of 300 ms): the top half is still the first screen.
        let image = try PNGImage.read(shotMiddle.path)
        #expect(image.pixel(x: 700, y: 20) & 0xFFFFFF == 0x101418)
        #expect(image.pixel(x: 700, y: 470) & 0xFFFFFF == 0x182028)
        let (_, all, back) = try run(script)
        #expect(all.map(\.source) == ["showDetails", "kiosk", "back", "kiosk"])
        #expect(all.filter { $0.event == "screenChanged" }.compactMap { $0.strings["screen"] } == ["details", "main"])
        #expect(try PNGImage.read(back.path).pixel(x: 780, y: 380) & 0xFFFFFF == 0x101418)
    }

    @Test("two fingers drive the slider and the dial at the same time")
    func multiTouch() throws {
        let script = """
        {"t": 0, "type": "down", "id": 0, "x": 136, "y": 220}
        {"t": 0, "type": "down", "id": 1, "x": 640, "y": 130}
        {"t": 16, "type": "move", "id": 0, "x": 174, "y": 220}
        {"t": 16, "type": "move", "id": 1, "x": 530, "y": 240}
        {"t": 32, "type": "up", "id": 0}
        {"t": 32, "type": "up", "id": 1}
        """
        let (_, events, _) = try run(script)
        #expect(committed(events, "price") == [["lower": 30, "upper": 80]])
        #expect(committed(events, "angle") == [["angle": 180]])
    }

    @Test("the same inputs give the same events and byte-identical pixels")
    func determinism() throws {
        let script = try String(contentsOfFile: KioskProcess.path("config/demo-touches.jsonl"), encoding: .utf8)
        let (a, _, shotA) = try run(script)
        let (b, _, shotB) = try run(script)
        #expect(a.stdout == b.stdout)
        #expect(!a.stdout.isEmpty)
        #expect(try Data(contentsOf: shotA) == Data(contentsOf: shotB))
    }

    @Test("at rotation 90 the same touches, given in panel coordinates, give the same events")
    func rotation() throws {
        let script = try String(contentsOfFile: KioskProcess.path("config/demo-touches.jsonl"), encoding: .utf8)
        // Panel 480x800 mounted turned: screen (x, y) is reported by the panel at (480 − y, x).
        let rotated = try script.split(separator: "\n").map { line -> String in
            var object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            if let x = object["x"] as? Double, let y = object["y"] as? Double {
                object["x"] = 480 - y
                object["y"] = x
            }
            return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
        }.joined(separator: "\n")
        let (upright, _, _) = try run(script)
        let (turned, _, shot) = try run(rotated, extra: ["--rotation", "90"])
        #expect(turned.status == 0, "\(turned.stderr)")
        #expect(turned.stdout == upright.stdout)
        #expect(turned.stderr.contains("headless 480x800 rotation 90"))
        let image = try PNGImage.read(shot.path)
        #expect(image.width == 480 && image.height == 800)
    }

    @Test("--until ends the run early; later touches are not played")
    func until() throws {
        let (out, events, _) = try run(drag((136, 220), (212, 220), at: 0) + drag((364, 220), (300, 220), at: 500),
                                       extra: ["--until", "300"])
        #expect(out.status == 0)
        #expect(committed(events, "price") == [["lower": 40, "upper": 80]])
        #expect(out.stderr.contains("ended at 300 ms"))
    }

    @Test("the run prints a summary of frames and events to stderr")
    func summary() throws {
        let (out, events, _) = try run(drag((136, 220), (212, 220)))
        #expect(out.stderr.contains("frames"))
        #expect(out.stderr.contains("\(events.count) events"))
    }

    func brightness(_ image: PixelBuffer, _ x: Int, _ y: Int) -> Int {
        let p = image.pixel(x: x, y: y)
        // One channel at a time: the sum in one expression is more than Swift 6.0 type-checks in time.
        let red = Int((p >> 16) & 0xFF), green = Int((p >> 8) & 0xFF), blue = Int(p & 0xFF)
        return (red + green + blue) / 3
    }
}
