import Foundation
import Testing

@Suite("kiosk calibrate")
struct CalibrateCommandTests {
    /// Four taps on the calibration targets (10 % in from each corner of 800x480) as a sensor
    /// that reads x 5 % short would report them.
    func taps(scaleX: Double) -> String {
        let targets = [(80.0, 48.0), (720.0, 48.0), (720.0, 432.0), (80.0, 432.0)]
        return targets.enumerated().map { i, t in
            let x = t.0 * scaleX
            return """
            {"t": \(i * 600), "type": "down", "id": 0, "x": \(x), "y": \(t.1)}
            {"t": \(i * 600 + 80), "type": "up", "id": 0}
            """
        }.joined(separator: "\n") + "\n"
    }

    @Test("four taps write input.calibration into the config and leave the rest of the file as it was")
    func writesMatrix() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = dir.appendingPathComponent("kiosk.json")
        let original = """
        {
          "startScreen": "main",
          "screens": [ { "id": "main", "controls": [
            { "type": "label", "id": "t", "frame": [10, 10, 200, 30], "text": "नमस्ते" } ] } ]
        }

        """
        try original.write(to: config, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("taps.jsonl")
        try taps(scaleX: 0.95).write(to: script, atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["calibrate", "--config", config.path, "--backend", "headless",
                                        "--input", script.path, "--screenshot", dir.appendingPathComponent("c.png").path])
        #expect(out.status == 0, "\(out.stderr)")
        let written = try String(contentsOf: config, encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"input\": { \"calibration\": [1.052632, 0, 0, 0, 1, 0] },\n  \"startScreen\": \"main\","))
        #expect(written.hasSuffix(String(original.dropFirst(2))))
        #expect(try KioskProcess.run(["check", config.path]).status == 0)
        #expect(out.stdout.contains("input.calibration = [1.052632, 0, 0, 0, 1, 0]"))
    }

    @Test("with the calibration in place, a touch the sensor reports short lands where the finger was")
    func calibratedTouchLands() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let demo = try String(contentsOfFile: KioskProcess.path("config/demo.json"), encoding: .utf8)
        let config = dir.appendingPathComponent("demo.json")
        try demo.replacingOccurrences(of: "\"startScreen\": \"main\",",
                                      with: "\"input\": { \"calibration\": [1.052632, 0, 0, 0, 1, 0] },\n  \"startScreen\": \"main\",")
            .write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("popups"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: KioskProcess.path("config/popups/dialog.json"),
                                         toPath: dir.appendingPathComponent("popups/dialog.json").path)
        try FileManager.default.copyItem(atPath: KioskProcess.path("config/strings"), toPath: dir.appendingPathComponent("strings").path)
        // The lower knob is at x 136; this sensor reports it at 129.2. A drag of 76 px reads 72.2.
        let script = dir.appendingPathComponent("drag.jsonl")
        try """
        {"t": 0, "type": "down", "id": 0, "x": 129.2, "y": 220}
        {"t": 16, "type": "move", "id": 0, "x": 165.3, "y": 220}
        {"t": 32, "type": "move", "id": 0, "x": 201.4, "y": 220}
        {"t": 48, "type": "up", "id": 0}

        """.write(to: script, atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["run", "--config", config.path, "--input", script.path])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.stdout.contains(#""event": "valueCommitted", "value": {"lower": 40, "upper": 80}"#))
    }

    @Test("taps on one line cannot calibrate; the config is left alone")
    func degenerate() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = dir.appendingPathComponent("kiosk.json")
        let original = #"{"startScreen": "main", "screens": [{"id": "main"}]}"#
        try original.write(to: config, atomically: true, encoding: .utf8)
        let script = dir.appendingPathComponent("taps.jsonl")
        try (0..<4).map { i in
            "{\"t\": \(i * 600), \"type\": \"down\", \"id\": 0, \"x\": \(100 + i * 10), \"y\": \(100 + i * 10)}\n{\"t\": \(i * 600 + 80), \"type\": \"up\", \"id\": 0}"
        }.joined(separator: "\n").write(to: script, atomically: true, encoding: .utf8)
        let out = try KioskProcess.run(["calibrate", "--config", config.path, "--backend", "headless", "--input", script.path])
        #expect(out.status == 1)
        #expect(out.stderr.contains("nothing written"))
        #expect(try String(contentsOf: config, encoding: .utf8) == original)
    }

    /// Calibrates the config at `config` (in `dir`) with four taps of a sensor 5 % short in x.
    func calibrate(_ config: URL, in dir: URL) throws -> KioskProcess.Output {
        let script = dir.appendingPathComponent("taps.jsonl")
        try taps(scaleX: 0.95).write(to: script, atomically: true, encoding: .utf8)
        return try KioskProcess.run(["calibrate", "--config", config.path, "--backend", "headless", "--input", script.path])
    }

    let plainConfig = #"{"startScreen": "main", "screens": [{"id": "main"}]}"#

    @Test("a config that starts with a UTF-8 byte order mark is calibrated like any other and keeps the mark")
    func byteOrderMark() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = dir.appendingPathComponent("kiosk.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(plainConfig.utf8)).write(to: config)
        #expect(try KioskProcess.run(["check", config.path]).status == 0)
        let out = try calibrate(config, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        let written = try Data(contentsOf: config)
        #expect(Array(written.prefix(3)) == [0xEF, 0xBB, 0xBF])
        #expect(String(decoding: written.dropFirst(3), as: UTF8.self)
                == #"{"input": { "calibration": [1.052632, 0, 0, 0, 1, 0] }, "startScreen": "main", "screens": [{"id": "main"}]}"#)
    }

    @Test("a symlinked config: the file it points to gets the calibration, and the link stays a link")
    func writesThroughSymlink() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let real = dir.appendingPathComponent("real.json")
        try plainConfig.write(to: real, atomically: true, encoding: .utf8)
        let link = dir.appendingPathComponent("kiosk.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.json")
        let out = try calibrate(link, in: dir)
        #expect(out.status == 0, "\(out.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.json")
        #expect(try String(contentsOf: real, encoding: .utf8).contains("\"calibration\": [1.052632, 0, 0, 0, 1, 0]"))
    }

    @Test("the calibrated config keeps its permission bits")
    func keepsMode() throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = dir.appendingPathComponent("kiosk.json")
        try plainConfig.write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: config.path)
        #expect(try calibrate(config, in: dir).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: config.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }
}
