import Foundation
import KioskControls
import KioskTestSupport
import Testing

/// The slider and the range dial in a real kiosk (headless, real clock, in a child process):
/// a touch script drags the slider and turns the gauge, `kiosk ctl get` reads what the
/// fingers left, `kiosk ctl set` moves a read-only slider no finger could.
@Suite("Slider and range dial, end to end", .serialized)
struct SliderSocketTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "slider", "id": "dim", "frame": [100, 100, 440, 40], "step": 5, "value": 50, "format": ".0 %"},
          {"type": "slider", "id": "valve", "frame": [100, 200, 440, 40], "value": 30, "readOnly": true},
          {"type": "circularSlider", "id": "qty", "frame": [560, 100, 220, 220], "min": 1, "max": 10, "step": 1,
           "value": 2, "startAngle": 225, "endAngle": -45}]}]}
        """#

    /// The labelled slider's track is 320 px (the label takes three heights, 120 px), so its
    /// knob (40 wide) travels 280 px for 0…100 and sits at x 260 for 50; +56 px is +20. The read-only slider's
    /// knob is at x 244 for 30. The gauge's centre is (670, 210): a touch straight above it is
    /// half way, 5.5, snapped to 6.
    static let touches = """
        {"t": 200, "type": "down", "id": 0, "x": 260, "y": 120}
        {"t": 220, "type": "move", "id": 0, "x": 288, "y": 120}
        {"t": 240, "type": "move", "id": 0, "x": 316, "y": 120}
        {"t": 260, "type": "up", "id": 0}
        {"t": 400, "type": "down", "id": 1, "x": 244, "y": 220}
        {"t": 420, "type": "move", "id": 1, "x": 344, "y": 220}
        {"t": 440, "type": "up", "id": 1}
        {"t": 600, "type": "down", "id": 2, "x": 670, "y": 130}
        {"t": 620, "type": "up", "id": 2}
        """

    @Test("a touch script drags the slider and turns the gauge; get reads them; set moves the read-only slider")
    func dragGetSet() throws {
        let scripts = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: scripts) }
        let touchPath = scripts.appendingPathComponent("touches.jsonl").path
        try Self.touches.write(toFile: touchPath, atomically: true, encoding: .utf8)
        let kiosk = try ControlledKiosk(extraArguments: ["--input", touchPath])
        try Self.config.write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        try kiosk.start()
        try kiosk.waitUntil("the gauge was turned") {
            (try? kiosk.ctl("get", "qty"))?.stdout.contains(#""value": {"value": 6}"#) ?? false
        }
        #expect(try kiosk.ctl("get", "dim").lines.first?.hasPrefix(#"{"ok": true, "control": "dim", "value": {"value": 70}"#) == true)
        #expect(try kiosk.ctl("get", "valve").lines.first?.hasPrefix(#"{"ok": true, "control": "valve", "value": {"value": 30}"#) == true,
                "no finger moves a read-only slider")
        let set = try kiosk.ctl("set", "valve", "value=64")
        #expect(set.status == 0 && set.lines == [#"{"ok": true, "control": "valve", "value": {"value": 64}}"#])
        let clamped = try kiosk.ctl("set", "qty", "value=12.7")
        #expect(clamped.lines == [#"{"ok": true, "control": "qty", "value": {"value": 10}}"#])
        let refused = try kiosk.ctl("set", "qty", "angle=90")
        #expect(refused.status == 1)
        #expect(kiosk.stop() == 0)
    }
}
