import Foundation
import Testing

/// `kill -9` in the middle of a drag, end to end: the real `kiosk` on the headless backend in
/// real time, killed while a finger is still down, then started again on the same state file.
@Suite("State survives kill -9")
struct StateCrashTests {
    static let config = """
        { "display": { "designSize": [800, 480] }, "startScreen": "main",
          "screens": [ { "id": "main", "controls": [
            { "type": "rangeSlider", "id": "price", "frame": [40, 200, 420, 40],
              "min": 0, "max": 10, "lower": 2, "upper": 8 } ] } ] }
        """

    /// Knob centres: x = 40 + 20 + 38 · value.
    static func x(_ value: Double) -> Double { 60 + 38 * value }

    static func line(_ t: Double, _ type: String, _ x: Double) -> String {
        #"{"t": \#(t), "type": "\#(type)", "id": 0, "x": \#(x), "y": 220}"#
    }

    /// The upper knob dragged from 8 to 5 and lifted (committed); then the lower knob dragged
    /// past the touch slop at once (a finger that rests becomes a long press) and then slowly,
    /// 0.15 px a frame for 10 s, never lifted.
    static var touches: String {
        var lines = [line(0, "down", x(8))]
        for i in 1...20 { lines.append(line(Double(i) * 16, "move", x(8) - Double(i) * 38 * 3 / 20)) }
        lines.append(line(340, "up", x(5)))
        lines.append(line(600, "down", x(2)))
        for i in 1...5 { lines.append(line(600 + Double(i) * 16, "move", x(2) + Double(i) * 3)) }
        for i in 1...625 { lines.append(line(680 + Double(i) * 16, "move", x(2) + 15 + Double(i) * 0.15)) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Starts the kiosk on `directory`'s files and waits (bounded) until the second drag has
    /// run for a while: its lower value past 2.9, about 2 s in, so the 500 ms debounce has
    /// written some of it. Returns the process and the events seen.
    static func startAndWaitForSecondDrag(in directory: URL) throws -> (Process, [EventLine]) {
        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
        try Data(config.utf8).write(to: file("kiosk.json"))
        try Data(touches.utf8).write(to: file("touches.jsonl"))
        _ = FileManager.default.createFile(atPath: file("events.jsonl").path, contents: nil)
        let process = Process()
        process.executableURL = KioskProcess.binary
        process.arguments = ["run", "--backend", "headless", "--clock", "real", "--config", file("kiosk.json").path,
                             "--input", file("touches.jsonl").path, "--state", file("state.json").path,
                             "--events", file("events.jsonl").path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var events: [EventLine] = []
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            let text = (try? String(contentsOf: file("events.jsonl"), encoding: .utf8)) ?? ""
            events = text.split(separator: "\n").compactMap { EventLine(String($0)) }
            if events.contains(where: { $0.event == "valueChanged" && ($0.value["lower"] ?? 0) > 2.9 }) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return (process, events)
    }

    static func savedPrice(in directory: URL) throws -> [String: Double]? {
        let data = try Data(contentsOf: directory.appendingPathComponent("state.json"))
        let saved = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        return (saved?["values"] as? [String: Any])?["price"] as? [String: Double]
    }

    @Test("SIGTERM during a drag writes the value the finger had reached")
    func sigtermDuringDrag() throws {
        let directory = try KioskProcess.temporaryDirectory()
        let (process, events) = try Self.startAndWaitForSecondDrag(in: directory)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let lastSeen = try #require(events.filter { $0.event == "valueChanged" }.compactMap { $0.value["lower"] }.max())
        #expect(lastSeen > 2.9)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let price = try #require(try Self.savedPrice(in: directory))
        #expect((price["lower"] ?? 0) >= lastSeen - 0.001)
    }

    @Test("after kill -9 during a drag the committed value is back, and of that drag at most a debounced value")
    func killDuringDrag() throws {
        let directory = try KioskProcess.temporaryDirectory()
        func file(_ name: String) -> URL { directory.appendingPathComponent(name) }
        let (process, events) = try Self.startAndWaitForSecondDrag(in: directory)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        let committed = try #require(events.first { $0.event == "valueCommitted" })
        let committedUpper = try #require(committed.value["upper"])
        #expect(abs(committedUpper - 5) < 0.01)
        let seenLowers = events.filter { $0.event == "valueChanged" }.compactMap { $0.value["lower"] }
        let lastSeen = try #require(seenLowers.max())
        #expect(lastSeen > 2.9, "the drag was still running when the kiosk was killed")

        // The file the killed kiosk left: the commit, and of the running drag at most what it had shown.
        let price = try #require(try Self.savedPrice(in: directory))
        // (Events are rounded to 0.001; the file keeps every digit.)
        #expect(abs((price["upper"] ?? 0) - committedUpper) < 0.001)
        let savedLower = try #require(price["lower"])
        #expect(savedLower >= 2 && savedLower <= lastSeen + 0.001)

        // Started again: the upper knob is where the commit left it, so a finger there moves it.
        let probe = [Self.line(0, "down", Self.x(committedUpper)), Self.line(16, "move", Self.x(committedUpper) + 10),
                     Self.line(32, "move", Self.x(committedUpper) + 19), Self.line(48, "up", Self.x(committedUpper) + 19)]
        try Data((probe.joined(separator: "\n") + "\n").utf8).write(to: file("probe.jsonl"))
        let restart = try KioskProcess.run(["run", "--backend", "headless", "--config", file("kiosk.json").path,
                                            "--input", file("probe.jsonl").path, "--state", file("state.json").path])
        #expect(restart.status == 0)
        #expect(restart.errorLines.first == "kiosk: state \(file("state.json").path): restored 1 of 1 values, screen main")
        let after = restart.lines.compactMap(EventLine.init).first { $0.event == "valueCommitted" }
        #expect(abs((after?.value["upper"] ?? 0) - (committedUpper + 0.5)) < 0.01)
        #expect(abs((after?.value["lower"] ?? 0) - savedLower) < 0.001)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.contains(".tmp-") }
        #expect(leftovers == [])
    }
}
