import Foundation
import KioskConfig
import KioskControls
import KioskCore
import KioskService
import KioskTestSupport
import KioskUI
import Testing
@testable import KioskCLI

/// An app's own command line through `KioskCommand.main(arguments:name:registry:customize:)`:
/// its code sees the scenes `run` builds while every option of `run` still works, and its
/// messages and help carry its name; the `kiosk` binary's texts stay as written.
@Suite("An app's command line")
struct AppCommandLineTests {
    static let config = #"""
        {"display": {"designSize": [800, 480]}, "startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "rangeSlider", "id": "price", "frame": [40, 200, 420, 40], "min": 0, "max": 100,
           "lower": 20, "upper": 80}]}]}
        """#

    @Test("customize sees the config's scene, and its observer the events run writes to --events")
    func customizeObservesTheRun() throws {
        let dir = try TestFiles.temporaryDirectory()
        let config = dir.appendingPathComponent("kiosk.json"), touches = dir.appendingPathComponent("touches.jsonl")
        let events = dir.appendingPathComponent("events.jsonl")
        try Self.config.write(to: config, atomically: true, encoding: .utf8)
        // The lower knob (value 20) sits at x = 60 + 3.8 · 20 = 136: dragged 76 px to the right.
        try """
            {"t": 0, "type": "down", "id": 0, "x": 136, "y": 220}
            {"t": 16, "type": "move", "id": 0, "x": 174, "y": 220}
            {"t": 32, "type": "move", "id": 0, "x": 212, "y": 220}
            {"t": 48, "type": "up", "id": 0}
            """.write(to: touches, atomically: true, encoding: .utf8)
        var scenes: [String] = []
        var observed: [String] = []
        let code = KioskCommand.main(arguments: ["run", "--backend", "headless", "--config", config.path,
                                                 "--input", touches.path, "--events", events.path],
                                     name: "lobby") { scene in
            scenes.append(scene.currentScreen.id)
            scene.control(withID: "price")?.addObserver(for: .valueCommitted) { observed.append("\($0)") }
        }
        #expect(code == 0)
        #expect(scenes == ["main"])
        let lines = try String(contentsOf: events, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(observed.count == 1)
        #expect(observed == lines.filter { $0.contains("valueCommitted") })
    }

    @Test("a bad command line is exit code 2 for an app too")
    func usageErrorExitCode() {
        #expect(KioskCommand.main(arguments: ["run", "--sise", "1x1"], name: "lobby") == 2)
        #expect(KioskCommand.main(arguments: ["frobnicate"], name: "lobby") == 2)
    }

    @Test("an app's help and usage lines name the app where kiosk names the program, and nowhere else")
    func helpNamesTheApp() {
        let app = CommandLineApp(name: "lobby", registry: .standard, customize: nil)
        let run = app.naming(HelpText.run)
        #expect(run.hasPrefix("Usage: lobby run --config FILE [options]"))
        #expect(run.contains("(see 'lobby ctl --help' and Documentation/Contracts.md)"))
        #expect(run.contains("'lobby ctl reload'"))
        #expect(run.contains("Weston's kiosk-shell"))
        #expect(run.contains("the kiosk runs until SIGTERM"))
        #expect(!run.contains("kiosk run ") && !run.contains("kiosk ctl"))
        let main = app.naming(HelpText.main)
        #expect(main.contains("  lobby check [--fonts] FILE "))
        #expect(main.contains("run a kiosk (see 'lobby run --help')"))
        #expect(main.contains("  lobby --help | --version"))
        #expect(main.contains("touchscreen kiosk runtime"))
        #expect(app.naming(HelpText.calibrate).contains("as for lobby run"))
        #expect(app.command("kiosk run") == "lobby run" && app.command("kiosk") == "lobby")
        #expect(app.command("kioskette") == "kioskette")
        #expect(app.versionLine("0.1.0") == "lobby (SwiftKiosk 0.1.0)")
    }

    @Test("the kiosk binary's own texts are printed as written")
    func kioskUnchanged() {
        let kiosk = CommandLineApp(name: "kiosk", registry: .standard, customize: nil)
        for text in [HelpText.main, HelpText.run, HelpText.check, HelpText.calibrate, HelpText.bench, HelpText.ctl] {
            #expect(kiosk.naming(text) == text)
        }
        #expect(kiosk.command("kiosk run") == "kiosk run")
        #expect(kiosk.versionLine(HelpText.version) == "kiosk \(HelpText.version)")
    }
}
