import Foundation
import Testing

/// The toggle through the real `kiosk`: a touch script taps, drags and flings it on the virtual
/// clock, and a kiosk on the real clock takes a tap from its script and the owner's
/// `kiosk ctl set`, keeping the value in its state file.
///
/// The toggle is [360, 200, 80, 44] on an 800x480 screen: an inset of 4, a thumb of 36 that
/// travels 36 px, its centre at x 382 when off and 418 when on, y 222.
@Suite("Toggle, end to end", .serialized)
struct ToggleEndToEndTests {
    static let config = #"""
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "label", "id": "caption", "frame": [40, 200, 300, 44], "text": "Night light: {light.on}"},
          {"type": "toggle", "id": "light", "frame": [360, 200, 80, 44]}]}]}
        """#

    func writeConfig(in directory: URL) throws -> String {
        let path = directory.appendingPathComponent("kiosk.json").path
        try Self.config.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("a tap flips it, a drag let go near off turns it off, a short fling turns it on: each reported once, at the lift")
    func touchScript() throws {
        let directory = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = [
            // A tap.
            #"{"t": 100, "type": "down", "x": 380, "y": 222}"#, #"{"t": 150, "type": "up"}"#,
            // A slow drag from on back to near off.
            #"{"t": 1000, "type": "down", "x": 418, "y": 222}"#, #"{"t": 1100, "type": "move", "x": 400, "y": 222}"#,
            #"{"t": 1200, "type": "move", "x": 390, "y": 223}"#, #"{"t": 1300, "type": "move", "x": 385, "y": 223}"#,
            #"{"t": 1500, "type": "up"}"#,
            // A fling of 18 px in 18 ms: the thumb exactly half-way, and on it goes.
            #"{"t": 2500, "type": "down", "x": 382, "y": 222}"#, #"{"t": 2506, "type": "move", "x": 388, "y": 222}"#,
            #"{"t": 2512, "type": "move", "x": 394, "y": 222}"#, #"{"t": 2518, "type": "move", "x": 400, "y": 222}"#,
            #"{"t": 2520, "type": "up"}"#,
        ].joined(separator: "\n")
        let input = directory.appendingPathComponent("touches.jsonl")
        try script.write(to: input, atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["run", "--backend", "headless", "--config", try writeConfig(in: directory),
                                        "--input", input.path])
        #expect(out.status == 0, "\(out.stderr)")
        let line = { (t: Int, event: String, on: Bool) in
            #"{"t": \#(t), "source": "light", "event": "\#(event)", "value": {"on": \#(on)}}"#
        }
        #expect(out.lines.filter { $0.contains(#""source": "light""#) } == [
            line(150, "valueChanged", true), line(150, "valueCommitted", true),
            line(1500, "valueChanged", false), line(1500, "valueCommitted", false),
            line(2520, "valueChanged", true), line(2520, "valueCommitted", true),
        ])
    }

    @Test("kiosk ctl get follows a scripted tap; set turns it off as the owner, a bad colour changes nothing; the state file keeps it")
    func ctl() throws {
        let directory = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json").path
        let input = directory.appendingPathComponent("touches.jsonl")
        try (#"{"t": 300, "type": "down", "x": 380, "y": 222}"# + "\n" + #"{"t": 350, "type": "up"}"#)
            .write(to: input, atomically: true, encoding: .utf8)
        let kiosk = try ControlledKiosk(extraArguments: ["--state", state, "--input", input.path])
        try Self.config.write(toFile: kiosk.configPath, atomically: true, encoding: .utf8)
        try kiosk.start()
        try kiosk.waitUntil("the scripted tap turned the toggle on") {
            try kiosk.ctl("get", "light").lines.first?.contains(#""value": {"on": true}"#) == true
        }
        let events = try SocketClient(path: kiosk.socketPath)
        _ = try events.request(#"{"op": "subscribe"}"#)
        #expect(try kiosk.ctl("set", "light", "on=false").lines == [#"{"ok": true, "control": "light", "value": {"on": false}}"#])
        let changed = try #require(try events.readLine())
        #expect(changed.contains(#""source": "light", "event": "valueChanged", "origin": "owner", "value": {"on": false}"#), "\(changed)")
        let bad = try kiosk.ctl("set", "light", "offColor=grey")
        #expect(bad.status == 1)
        #expect(bad.errorLines == [#"kiosk ctl: offColor: invalid colour "grey": expected #RRGGBB or #RRGGBBAA"#])
        #expect(try kiosk.ctl("set", "light", "onColor=#2EA043").status == 0)
        #expect(try kiosk.ctl("get", "caption").lines.first?.contains(#""text": "Night light: {light.on}""#) == true)
        #expect(kiosk.stop() == 0)
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(saved.contains(#""light": {"on": false}"#), "\(saved)")
        #expect(saved.contains(##""properties": {"light": {"onColor": "#2EA043"}}"##), "\(saved)")
    }
}
