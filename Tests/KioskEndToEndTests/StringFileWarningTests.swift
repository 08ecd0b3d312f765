import Foundation
import KioskTestSupport
import Testing

/// What `kiosk check` prints and `kiosk run` logs about string files that warn a lot (issue 29):
/// the first 100 warnings and a count of the rest, not a line for each of thousands.
@Suite("Warnings of string files on the command line")
struct StringFileWarningTests {
    /// A folder with the config and its string files; `en` is the English file.
    static func folder(en: String) throws -> URL {
        let dir = try KioskProcess.temporaryDirectory()
        try NestedStringFile.config.write(to: dir.appendingPathComponent("kiosk.json"), atomically: true, encoding: .utf8)
        try en.write(to: dir.appendingPathComponent("en.json"), atomically: true, encoding: .utf8)
        try NestedStringFile.german.write(to: dir.appendingPathComponent("de.json"), atomically: true, encoding: .utf8)
        return dir
    }

    @Test("kiosk check prints the first 100 warnings, how many more there were, then OK")
    func checkBounded() throws {
        let dir = try Self.folder(en: NestedStringFile.unused(5000))
        let out = try KioskProcess.run(["check", dir.appendingPathComponent("kiosk.json").path])
        #expect(out.status == 0)
        #expect(out.lines.count == 102)
        #expect(out.lines.first == #"en.json: unused0: warning: "unused0" is never used (no text is "@unused0") (line 1)"#)
        #expect(out.lines.dropLast().last == "… and 4900 more warnings")
        #expect(out.lines.last?.hasSuffix("kiosk.json: OK (1 screens, 1 controls, 0 panels, 0 popups)") == true)
    }

    @Test("kiosk run logs the same lines once at start and runs")
    func runBounded() throws {
        let dir = try Self.folder(en: NestedStringFile.unused(5000))
        let out = try KioskProcess.run(["run", "--config", dir.appendingPathComponent("kiosk.json").path,
                                        "--backend", "headless", "--until", "10"])
        #expect(out.status == 0)
        let warnings = out.errorLines.filter { $0.contains("warning") || $0.contains("more warnings") }
        #expect(warnings.count == 101)
        #expect(warnings.last == "kiosk: … and 4900 more warnings")
    }

    @Test("kiosk check refuses a string file nested deep with long group names at once, with one line")
    func checkDeep() throws {
        let dir = try Self.folder(en: NestedStringFile.text(depth: 200, nameLength: 100))
        let out = try KioskProcess.run(["check", dir.appendingPathComponent("kiosk.json").path])
        #expect(out.status == 1)
        #expect(out.lines.count == 1)
        #expect(out.stdout.contains("the keys in group \"\(String(repeating: "c", count: 32))\"… have more than 256 characters"))
    }
}
