import Foundation
import Testing

@Suite("--state, --clock and state.file on the command line")
struct StateCommandLineTests {
    @Test("--clock takes real or virtual only")
    func clockValues() throws {
        let out = try KioskProcess.run(["run", "--config", "config/demo.json", "--backend", "headless", "--clock", "wall"])
        #expect(out.status == 2)
        #expect(out.stderr == "kiosk run: --clock must be real or virtual, not 'wall' (see 'kiosk run --help')\n")
    }

    @Test("--state naming the config is refused: it would be overwritten")
    func stateIsNotTheConfig() throws {
        let out = try KioskProcess.run(["run", "--config", "config/demo.json", "--backend", "headless",
                                        "--state", "config/demo.json"])
        #expect(out.status == 2)
        #expect(out.stderr.contains("--state config/demo.json is the file of --config"))
    }

    @Test("state.file is relative to the config's folder, and a commit is in it after the run")
    func configFileRelative() throws {
        let directory = try KioskProcess.temporaryDirectory()
        let config = StateCrashTests.config.replacingOccurrences(of: #""startScreen""#,
                                                                 with: #""state": {"file": "saved/state.json"}, "startScreen""#)
        try Data(config.utf8).write(to: directory.appendingPathComponent("kiosk.json"))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("saved"), withIntermediateDirectories: true)
        let tap = [StateCrashTests.line(0, "down", StateCrashTests.x(8)), StateCrashTests.line(16, "move", StateCrashTests.x(8) - 20),
                   StateCrashTests.line(32, "move", StateCrashTests.x(8) - 38), StateCrashTests.line(48, "up", StateCrashTests.x(7))]
        try Data((tap.joined(separator: "\n") + "\n").utf8).write(to: directory.appendingPathComponent("t.jsonl"))
        let out = try KioskProcess.run(["run", "--backend", "headless", "--config", directory.appendingPathComponent("kiosk.json").path,
                                        "--input", directory.appendingPathComponent("t.jsonl").path])
        #expect(out.status == 0)
        let text = try String(contentsOf: directory.appendingPathComponent("saved/state.json"), encoding: .utf8)
        #expect(text.hasPrefix(#"{"format": "swiftkiosk-state", "version": 1, "screen": "main", "values": {"price": {"lower": 2, "upper": 7"#))
    }
}
