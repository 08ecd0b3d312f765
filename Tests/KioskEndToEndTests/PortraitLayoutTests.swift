import Foundation
import Testing

/// A portrait kiosk: `rotation` 90 on an 800x480 panel, frames written for the 480x800 upright
/// screen, no `designSize`. Frames without `designSize` are in the upright screen's own pixels.
@Suite("Portrait layout without designSize")
struct PortraitLayoutTests {
    let config = """
    { "display": { "rotation": 90 }, "startScreen": "main", "screens": [ { "id": "main", "controls": [
      { "type": "rangeSlider", "id": "price", "frame": [40, 100, 400, 40], "min": 0, "max": 100, "lower": 20, "upper": 80 },
      { "type": "label", "id": "bottom", "frame": [40, 700, 400, 40], "text": "Near the bottom" } ] } ] }
    """

    @Test("check takes the frames as pixels of the 480x800 upright screen")
    func checkUsesTheUprightScreen() throws {
        let dir = try KioskProcess.temporaryDirectory()
        try config.write(to: dir.appendingPathComponent("portrait.json"), atomically: true, encoding: .utf8)
        let out = try KioskProcess.shell("kiosk check portrait.json", in: dir)
        #expect(out.status == 0, "\(out.stdout)")
        #expect(out.lines == ["portrait.json: OK (1 screens, 2 controls, 0 panels, 0 popups)"])
    }

    @Test("a finger that drags the knob 80 px moves it 80 px of the layout, not 133")
    func dragIsOneToOne() throws {
        let dir = try KioskProcess.temporaryDirectory()
        try config.write(to: dir.appendingPathComponent("portrait.json"), atomically: true, encoding: .utf8)
        // The lower knob's centre is at (132, 120) on the upright screen: panel (800 − 120, 132).
        // 80 px down the panel's y is 80 px along the screen's x: 80 × 100/360 = 22.222 of value.
        try """
        {"t": 0, "type": "down", "id": 0, "x": 680, "y": 132}
        {"t": 16, "type": "move", "id": 0, "x": 680, "y": 172}
        {"t": 32, "type": "move", "id": 0, "x": 680, "y": 212}
        {"t": 48, "type": "up", "id": 0}
        """.write(to: dir.appendingPathComponent("drag.jsonl"), atomically: true, encoding: .utf8)
        let out = try KioskProcess.shell("kiosk run --config portrait.json --size 800x480 --input drag.jsonl", in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.lines.last == #"{"t": 48, "source": "price", "event": "valueCommitted", "value": {"lower": 42.222, "upper": 80}}"#)
    }
}
