import Foundation
import KioskTestSupport
import Testing

/// `kiosk run` headless with what happens by itself: a popup that closes after its time, the
/// idle return and an attract screen, at exact virtual times (the loop sleeps until each).
@Suite("Timed behaviour, end to end")
struct TimedRunTests {
    static let config = #"""
        {"startScreen": "start", "idle": {"after": 5, "screen": "start"},
         "screens": [
          {"id": "start", "advanceAfter": 3000, "controls": [
            {"type": "button", "id": "go", "frame": [40, 40, 200, 60], "title": "Menu", "action": {"switchScreen": "menu"}}]},
          {"id": "attract"},
          {"id": "menu", "controls": [
            {"type": "button", "id": "ask", "frame": [40, 40, 200, 60], "title": "Ask", "action": {"showPopup": "saved"}}]}],
         "popups": [{"id": "saved", "template": "dialog.json", "title": "Saved", "autoClose": 2000, "modal": true,
                     "buttons": [{"id": "ok", "title": "OK"}]}]}
        """#

    @Test("the popup closes 2 s after it is in, the kiosk goes home 5 s after the last touch and on to the attract screen 3 s later")
    func timeline() throws {
        let dir = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.config.write(to: dir.appendingPathComponent("k.json"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: TestFiles.path("config/popups/dialog.json"),
                                         toPath: dir.appendingPathComponent("dialog.json").path)
        // Tap "Menu", tap "Ask", then a tap on the modal popup's backdrop, which does nothing.
        let touches = """
            {"t": 500, "type": "down", "id": 0, "x": 140, "y": 70}
            {"t": 550, "type": "up", "id": 0}
            {"t": 1000, "type": "down", "id": 0, "x": 140, "y": 70}
            {"t": 1050, "type": "up", "id": 0}
            {"t": 1500, "type": "down", "id": 0, "x": 20, "y": 20}
            {"t": 1550, "type": "up", "id": 0}

            """
        try touches.write(to: dir.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["run", "--backend", "headless", "--config", dir.appendingPathComponent("k.json").path,
                                        "--input", dir.appendingPathComponent("t.jsonl").path, "--until", "20000"])
        #expect(out.status == 0, "\(out.stderr)")
        let events = out.lines.compactMap(EventLine.init)
        let timeline = events.map { "\($0.t) \($0.source) \($0.event) \($0.strings["screen"] ?? "")" }
        #expect(timeline == [
            "550.0 go tapped ", "550.0 kiosk screenChanged menu", "1050.0 ask tapped ",
            "1258.333 saved popupShown ",
            "3466.667 saved popupDismissed ",   // shown at 1258.333, closing from 3258.333, gone 0.2 s later
            "6550.0 kiosk screenChanged start",  // 5 s after the last touch (the backdrop's, at 1550)
            "9550.0 kiosk screenChanged attract",
        ])
        // Nothing drawn while waiting: the frames are the transitions' and the popup's.
        #expect(out.stderr.contains("7 events, 6 touches"))
    }
}
