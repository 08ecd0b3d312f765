import Foundation
import KioskCLI
import KioskConfig
import KioskControls
import KioskRender
import KioskService
import KioskTestSupport
import Testing

/// An app's command line (`KioskCommand.main(arguments:registry:)`) with its own control
/// registered: `check` accepts configs that use the control and reports its mistakes by file,
/// JSON path and line; `run` shows it. (That the plain `kiosk` rejects it: KioskEndToEndTests.)
@Suite("An app's own control on the command line")
struct CustomControlCommandTests {
    static let registry = ControlRegistry.standard.registering(IndicatorDescription.self)

    /// A config with a red indicator lamp, unlit, at [100, 100, 200, 100].
    static func config(lit: String = "false") -> String {
        """
        {"startScreen": "main", "screens": [{"id": "main", "controls": [
          {"type": "indicator", "id": "door", "frame": [100, 100, 200, 100], "lit": \(lit), "color": "#FF0000"}
        ]}]}
        """
    }

    func write(_ text: String, as name: String, in directory: URL) throws -> String {
        let url = directory.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func checkWithTheAppsRegistryAcceptsTheControl() throws {
        let path = try write(Self.config(), as: "kiosk.json", in: try TestFiles.temporaryDirectory())
        #expect(KioskCommand.main(arguments: ["check", path], registry: Self.registry) == 0)
    }

    @Test func theControlsMistakesNameTheFileThePathAndTheLine() throws {
        let path = try write(Self.config(lit: "1"), as: "kiosk.json", in: try TestFiles.temporaryDirectory())
        #expect(KioskCommand.main(arguments: ["check", path], registry: Self.registry) == 1)
        // What that check printed: the lines of the load error.
        let error = caughtError(KioskSetup.LoadError.self) {
            try KioskSetup.loadConfig(FilePath(path), registry: Self.registry)
        }
        #expect(error?.lines == ["\(path): screens[0].controls[0].lit: expected true or false, found a number (line 2)"])
    }

    @Test func runDrawsTheControlAndATapSwitchesIt() throws {
        let dir = try TestFiles.temporaryDirectory()
        let config = try write(Self.config(), as: "kiosk.json", in: dir)
        let touches = try write("""
            {"t": 0, "type": "down", "id": 0, "x": 200, "y": 150}
            {"t": 40, "type": "up", "id": 0}
            """, as: "touches.jsonl", in: dir)
        let before = dir.appendingPathComponent("before.png").path, after = dir.appendingPathComponent("after.png").path
        let events = dir.appendingPathComponent("events.jsonl").path
        let common = ["run", "--backend", "headless", "--config", config, "--events", events]
        #expect(KioskCommand.main(arguments: common + ["--screenshot", before], registry: Self.registry) == 0)
        #expect(KioskCommand.main(arguments: common + ["--input", touches, "--screenshot", after],
                                  registry: Self.registry) == 0)
        let unlit = try PNGImage.read(before).pixel(x: 200, y: 150) & 0xFFFFFF
        #expect(unlit == 0xE6E6E6)   // the theme's track colour
        #expect(try PNGImage.read(after).pixel(x: 200, y: 150) & 0xFFFFFF == 0xFF0000)
    }
}
