import Foundation
import KioskTestSupport
import Testing

/// `kiosk run` headless with swipeable pages driven by a touch script: a swipe turns the
/// page, a button on a page still taps, and the owner's `slideRight` goes back.
@Suite("Swipeable pages, end to end")
struct PageSwipeRunTests {
    static let config = #"""
        {"startScreen": "today", "pages": ["today", "week"],
         "screens": [
          {"id": "today", "controls": [
            {"type": "button", "id": "refresh", "frame": [40, 40, 200, 60], "title": "Refresh"}]},
          {"id": "week", "controls": [
            {"type": "button", "id": "back", "frame": [40, 40, 200, 60], "title": "Today",
             "action": {"switchScreen": "today", "transition": "slideRight"}}]}]}
        """#

    @Test("a swipe from a button turns the page without tapping it; a tap on the next page's button slides back")
    func swipeThenTap() throws {
        let dir = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Self.config.write(to: dir.appendingPathComponent("k.json"), atomically: true, encoding: .utf8)
        // A drag from the button leftwards over half the screen, then a tap on "Today".
        var touches = #"{"t": 100, "type": "down", "id": 0, "x": 200, "y": 70}"# + "\n"
        for i in 1...10 {
            touches += #"{"t": \#(100 + 20 * i), "type": "move", "id": 0, "x": \#(200 - 20 * i), "y": 72}"# + "\n"
        }
        touches += #"{"t": 320, "type": "up", "id": 0}"# + "\n"
        touches += #"{"t": 1500, "type": "down", "id": 0, "x": 140, "y": 70}"# + "\n"
        touches += #"{"t": 1550, "type": "up", "id": 0}"# + "\n"
        try touches.write(to: dir.appendingPathComponent("t.jsonl"), atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["run", "--backend", "headless", "--config", dir.appendingPathComponent("k.json").path,
                                        "--input", dir.appendingPathComponent("t.jsonl").path, "--until", "3000"])
        #expect(out.status == 0, "\(out.stderr)")
        let events = out.lines.compactMap(EventLine.init)
        let timeline = events.map { "\($0.t) \($0.source) \($0.event) \($0.strings["screen"] ?? "")" }
        #expect(timeline == ["320.0 kiosk screenChanged week", "1550.0 back tapped ", "1550.0 kiosk screenChanged today"])
    }
}
