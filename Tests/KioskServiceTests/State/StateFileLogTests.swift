import Foundation
import KioskCore
import Testing
@testable import KioskService

/// What the state file holds reaches the log only escaped (issue 29): a line break in a
/// `language` or an id must not start a forged `kiosk:` line, and a NUL goes out as `\u0000`.
@Suite("The state file's text in the log")
struct StateFileLogTests {
    typealias Log = StateKeeperTests.Log

    /// A line break that would start a line of its own, and a NUL.
    static let hostile = "x\nkiosk: ready\u{0}"
    /// `hostile` as the log must show it.
    static let shown = #"x\nkiosk: ready\u0000"#

    @Test("every text of the state file that a problem names is escaped as every message escapes it")
    func hostileTextEscaped() throws {
        let path = try StateKeeperTests.statePath()
        let h = JSONWriter.quoted(Self.hostile)
        let file = """
            {"format": "swiftkiosk-state", "version": 1, "screen": \(h), "language": \(h), \(h): 1,
             "values": {\(h): {"a": 1}, "angle": {\(h): 3}, "size": 3, "price": {"lower": \(h)}},
             "properties": {\(h): {"text": "x"}, "title": 5}}
            """
        try Data(file.utf8).write(to: URL(fileURLWithPath: path.description))
        let log = Log()
        let keeper = StateKeeper(path: path) { line, _ in log.lines.append(line) }
        keeper.start(with: StateTestScene.make(), at: .zero)
        let s = Self.shown
        let q = JSONWriter.quoted(Self.hostile)
        #expect(log.lines == [
            "\(s): unknown key; ignored",
            "values.size: expected an object of fields, found a number; ignored",
            "properties.title: expected an object of properties, found a number; ignored",
            "properties.\(s): no control \(q) in the config; ignored",
            "values.\(s): no control \(q) in the config; ignored",
            #"values.angle.\#(s): "angle" has no field \#(q) (its value has "angle"); ignored"#,
            #"values.price.lower: expected a number, found a string ("x\nkiosk: ready\u0000"); ignored"#,
            #"language: no language \#(q) in the config; starting in "en""#,
            #"screen: no screen \#(q) in the config; starting on "main""#,
            "restored 0 of 3 values, screen main",
        ].map { "kiosk: state \(path): " + $0 })
        for line in log.lines {
            #expect(!line.contains("\n") && !line.contains("\u{0}"), "\(line)")
        }
    }
}
