import Foundation
import KioskTestSupport
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
        try Data(Self.commit.utf8).write(to: directory.appendingPathComponent("t.jsonl"))
        let out = try KioskProcess.run(["run", "--backend", "headless", "--config", directory.appendingPathComponent("kiosk.json").path,
                                        "--input", directory.appendingPathComponent("t.jsonl").path])
        #expect(out.status == 0)
        let text = try String(contentsOf: directory.appendingPathComponent("saved/state.json"), encoding: .utf8)
        #expect(text.hasPrefix(#"{"format": "swiftkiosk-state", "version": 1, "screen": "main", "values": {"price": {"lower": 2, "upper": 7"#))
    }

    /// The upper knob dragged from 8 to 7 and lifted: one commit.
    static let commit = [StateCrashTests.line(0, "down", StateCrashTests.x(8)),
                         StateCrashTests.line(16, "move", StateCrashTests.x(8) - 20),
                         StateCrashTests.line(32, "move", StateCrashTests.x(8) - 38),
                         StateCrashTests.line(48, "up", StateCrashTests.x(7))].joined(separator: "\n") + "\n"

    @Test("a state file the kiosk cannot read is reported, and replaced by one it can: the next start restores it",
          .enabled(if: KioskProcess.canRunUnprivileged, "root reads any file; setpriv is needed to run the kiosk as nobody"))
    func unreadableFileReplacedReadable() throws {
        let directory = try KioskProcess.temporaryDirectory()
        // The kiosk runs as nobody when the tests run as root: it must be able to replace the file.
        try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: directory.path)
        func file(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Data(StateCrashTests.config.utf8).write(to: URL(fileURLWithPath: file("kiosk.json")))
        try Data(Self.commit.utf8).write(to: URL(fileURLWithPath: file("t.jsonl")))
        let state = file("state.json")
        try Data(#"{"format": "swiftkiosk-state", "version": 1, "values": {"price": {"lower": 4}}}"#.utf8)
            .write(to: URL(fileURLWithPath: state))
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: state)
        let first = try KioskProcess.runUnprivileged(["run", "--backend", "headless", "--config", file("kiosk.json"),
                                                      "--input", file("t.jsonl"), "--state", state])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.errorLines.contains("kiosk: state \(state): Permission denied; ignored"))
        let mode = try FileManager.default.attributesOfItem(atPath: state)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let second = try KioskProcess.runUnprivileged(["run", "--backend", "headless", "--config", file("kiosk.json"),
                                                       "--state", state])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.errorLines.first == "kiosk: state \(state): restored 1 of 1 values, screen main")
    }

    @Test("--state naming a link to a password file: one line says it is kept, the run goes on, the file is untouched")
    func foreignFileNotReplaced() throws {
        let directory = try KioskProcess.temporaryDirectory()
        func file(_ name: String) -> String { directory.appendingPathComponent(name).path }
        try Data(StateCrashTests.config.utf8).write(to: URL(fileURLWithPath: file("kiosk.json")))
        try Data(Self.commit.utf8).write(to: URL(fileURLWithPath: file("t.jsonl")))
        try Data(ForeignStateFile.passwd.utf8).write(to: URL(fileURLWithPath: file("passwd")))
        try FileManager.default.createSymbolicLink(atPath: file("state.json"), withDestinationPath: file("passwd"))
        let out = try KioskProcess.run(["run", "--backend", "headless", "--config", file("kiosk.json"),
                                        "--input", file("t.jsonl"), "--state", file("state.json")])
        #expect(out.status == 0, "\(out.stderr)")
        #expect(out.errorLines.filter { $0.hasPrefix("kiosk: state") }
                == ["kiosk: state \(file("state.json")): \(ForeignStateFile.notOurs); the kiosk will not replace it, "
                    + "and values are not kept until it is moved away"])
        #expect(out.lines.contains { $0.contains("valueCommitted") })
        #expect(try String(contentsOfFile: file("passwd"), encoding: .utf8) == ForeignStateFile.passwd)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file("state.json")) == file("passwd"))
    }
}
