import Foundation
import KioskCore
import KioskUI
import Testing
@testable import KioskService

@Suite("State file format")
struct StateFileTests {
    @Test("a scene's state written and read back is the same state")
    func roundTrip() {
        let scene = StateTestScene.make()
        let state = SavedState.capture(from: scene)
        #expect(state.screen == "main")
        #expect(state.values.map(\.id) == ["price", "angle", "size"])
        let bytes = StateFile.encode(state)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"format": "swiftkiosk-state", "version": 1, "screen": "main", "values": {"price": {"lower": 2, "upper": 8}, \
            "angle": {"angle": 90}, "size": {"lower": 2, "upper": 8}}}

            """)
        let reading = StateFile.decode(bytes)
        #expect(reading.problems == [])
        #expect(reading.state == state)
    }

    @Test("numbers keep every digit a drag gave them")
    func fullPrecision() {
        let state = SavedState(screen: "main", values: [.init(id: "price", fields: [("lower", 3.141592653589793), ("upper", 1e-7)])])
        #expect(StateFile.decode(StateFile.encode(state)).state == state)
    }

    /// Each file that is not a state file at all: dropped whole, with one line saying why.
    static let unusable: [(String, String)] = [
        ("", "empty file"),
        ("  \n", "empty file"),
        ("\u{0}\u{0}\u{0}\u{0}", "4 bytes, all NUL (what a power cut can leave)"),
        (#"{"format": "swiftkiosk-state", "version": 1, "values": {"price": {"lo"#,
         "unterminated string at line 1, column 67 (a truncated or corrupt file)"),
        (#"{"format": "swiftkiosk-state", "version": 1, "values": {"price": {"lower": 3}"#,
         "expected ',' or '}' after object member at line 1, column 78 (a truncated or corrupt file)"),
        ("[1, 2]", #"expected an object with "format": "swiftkiosk-state", found an array"#),
        (#""swiftkiosk-state""#, #"expected an object with "format": "swiftkiosk-state", found a string"#),
        (#"{"values": {}}"#, #"not a SwiftKiosk state file (format none, expected "swiftkiosk-state")"#),
        (#"{"format": "other-app", "version": 1}"#,
         #"not a SwiftKiosk state file (format "other-app", expected "swiftkiosk-state")"#),
        (#"{"format": "swiftkiosk-state", "version": 2, "values": {}}"#,
         "version 2 is not one this kiosk reads (it reads version 1)"),
        (#"{"format": "swiftkiosk-state", "version": "1"}"#, "version must be a whole number (found a string)"),
        (#"{"format": "swiftkiosk-state", "version": 1.5}"#, "version must be a whole number (found 1.5)"),
        (#"{"format": "swiftkiosk-state"}"#, "version must be a whole number (found none)"),
        (#"{"format": "swiftkiosk-state", "format": "swiftkiosk-state", "version": 1}"#,
         #"duplicate key "format" at line 1, column 32 (a truncated or corrupt file)"#),
    ]

    @Test("a corrupt, truncated or foreign file is dropped whole with the reason", arguments: unusable)
    func unusableFile(text: String, problem: String) {
        let reading = StateFile.decode(Array(text.utf8))
        #expect(reading.state == nil)
        #expect(reading.problems.isEmpty)
        #expect(reading.unusable == problem)
    }

    @Test("bytes that are not UTF-8 are dropped whole")
    func notText() {
        let reading = StateFile.decode([0x7B, 0xFF, 0xFE, 0x7D])
        #expect(reading.state == nil)
        #expect(reading.unusable == "not valid UTF-8 text")
    }

    @Test("a wrong part is skipped and the rest kept")
    func wrongParts() {
        let text = #"""
            {"format": "swiftkiosk-state", "version": 1, "screen": 7, "extra": true,
             "values": {"price": {"lower": 3, "upper": [8]}, "angle": 90, "size": {"lower": "NaN", "upper": null}}}
            """#
        let reading = StateFile.decode(Array(text.utf8))
        #expect(reading.problems == [
            "extra: unknown key; ignored",
            "screen: expected a string, found a number; ignored",
            "values.price.upper: expected a number, a string or a boolean, found an array; ignored",
            "values.angle: expected an object of fields, found a number; ignored",
            "values.size.upper: expected a number, a string or a boolean, found null; ignored",
        ])
        #expect(reading.state == SavedState(screen: nil, values: [.init(id: "price", fields: [("lower", 3)]),
                                                                   .init(id: "size", fields: [("lower", "NaN")])]))
    }

    @Test("a missing file is a first start: no state, nothing said")
    func missingFile() throws {
        let directory = try StateTestScene.directory()
        let reading = StateFile.read(FilePath(directory.appendingPathComponent("state.json").path))
        #expect(reading == StateFile.Reading(state: nil, problems: []))
    }

    @Test("a 100 MB file is refused after reading no more than 1 MiB of it")
    func hugeFile() throws {
        let directory = try StateTestScene.directory()
        let url = directory.appendingPathComponent("state.json")
        // The kiosk's first bytes, then zeros: a file of ours, too large to read.
        try Data(StateFile.signature).write(to: url)
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 100 << 20)   // sparse: costs no disk
        try handle.close()
        #expect(StateFile.read(FilePath(url.path)) == StateFile.Reading(state: nil, problems: [], unusable: "larger than 1 MiB"))
        // Without them: not a file the kiosk wrote.
        try Data(count: 4096).write(to: url)
        let zeros = try FileHandle(forWritingTo: url)
        try zeros.truncate(atOffset: 100 << 20)
        try zeros.close()
        #expect(StateFile.read(FilePath(url.path)).foreign?.hasPrefix("not a SwiftKiosk state file") == true)
    }

    @Test("a file that cannot be read is reported with the errno's reason")
    func unreadable() throws {
        let directory = try StateTestScene.directory()
        let file = directory.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        let reading = StateFile.read(FilePath(file.appendingPathComponent("state.json").path))
        #expect(reading == StateFile.Reading(state: nil, problems: ["Not a directory; ignored"]))
    }

    @Test("a directory where the file should be is not the kiosk's")
    func directory() throws {
        let directory = try StateTestScene.directory()
        #expect(StateFile.read(FilePath(directory.path))
                == StateFile.Reading(state: nil, problems: [], foreign: "not a regular file (a directory)"))
    }
}

@Suite("Restoring state into a scene")
struct StateRestoreTests {
    @Test("every saved value and the screen come back, without events")
    func restoresAll() {
        let scene = StateTestScene.make()
        let state = SavedState(screen: "details", values: [.init(id: "price", fields: [("lower", 3), ("upper", 7.5)]),
                                                           .init(id: "angle", fields: [("angle", 270)]),
                                                           .init(id: "size", fields: [("upper", 9)])])
        let result = state.restore(into: scene)
        #expect(result == SavedState.Restoration(restoredValues: 3, problems: []))
        #expect(StateTestScene.value(scene, "price", "lower") == 3)
        #expect(StateTestScene.value(scene, "price", "upper") == 7.5)
        #expect(StateTestScene.value(scene, "angle", "angle") == 270)
        #expect(StateTestScene.value(scene, "size", "lower") == 2)
        #expect(StateTestScene.value(scene, "size", "upper") == 9)
        #expect(scene.currentScreen.id == "details")
        #expect(scene.drainEvents() == [])
    }

    @Test("a value that no longer fits its control is clamped as a finger's would be")
    func clamps() {
        let scene = StateTestScene.make()
        let state = SavedState(screen: nil, values: [.init(id: "price", fields: [("lower", -40), ("upper", 1e9)]),
                                                     .init(id: "angle", fields: [("angle", 725)])])
        #expect(state.restore(into: scene).problems == [])
        #expect(StateTestScene.value(scene, "price", "lower") == 0)
        #expect(StateTestScene.value(scene, "price", "upper") == 10)
        #expect(StateTestScene.value(scene, "angle", "angle") == 5)
    }

    @Test("what no longer fits the config is reported, one line each, and keeps the config's value")
    func reportsWhatDoesNotFit() {
        let scene = StateTestScene.make()
        let state = SavedState(screen: "gone", values: [
            .init(id: "removed", fields: [("lower", 1)]),
            .init(id: "go", fields: [("on", true)]),
            .init(id: "price", fields: [("lower", 4), ("middle", 5), ("upper", "9")]),
            .init(id: "size", fields: [("lower", "NaN")]),
        ])
        let result = state.restore(into: scene)
        #expect(result.problems == [
            #"values.removed: no control "removed" in the config; ignored"#,
            #"values.go: "go" has no value any more; ignored"#,
            #"values.price.middle: "price" has no field "middle" (its value has "lower", "upper"); ignored"#,
            #"values.price.upper: expected a number, found a string ("9"); ignored"#,
            #"values.size.lower: expected a number, found a string ("NaN"); ignored"#,
            #"screen: no screen "gone" in the config; starting on "main""#,
        ])
        #expect(result.restoredValues == 1)
        #expect(StateTestScene.value(scene, "price", "lower") == 4)
        #expect(StateTestScene.value(scene, "price", "upper") == 8)
        #expect(StateTestScene.value(scene, "size", "lower") == 2)
        #expect(scene.currentScreen.id == "main")
    }
}

@Suite("State file: the owner's properties")
struct StatePropertiesTests {
    @Test("properties the owner set that persist are written, read back and put back through the config's checks")
    func roundTrip() throws {
        let scene = StateTestScene.make()
        let control = try #require(scene.control(withID: "price"))
        control.recordOwnerProperties([OwnerProperty(name: "trackColor", value: "#112233", persists: true),
                                       OwnerProperty(name: "knobColor", value: "#445566", persists: false)])
        let state = SavedState.capture(from: scene)
        let text = String(decoding: StateFile.encode(state), as: UTF8.self)
        #expect(text.contains(##""properties": {"price": {"trackColor": "#112233"}}"##))
        let reading = StateFile.decode(StateFile.encode(state))
        #expect(reading.problems == [])
        #expect(reading.state == state)
    }

    @Test("a saved property for a control that is gone, or of the wrong shape, is reported and skipped")
    func problems() {
        let reading = StateFile.decode(Array(#"{"format": "swiftkiosk-state", "version": 1, "properties": {"a": 3}}"#.utf8))
        #expect(reading.problems == ["properties.a: expected an object of properties, found a number; ignored"])
        let state = SavedState(screen: nil, values: [], properties: [("gone", [OwnerProperty(name: "text", value: "x", persists: true)])])
        #expect(state.restore(into: StateTestScene.make()).problems == [#"properties.gone: no control "gone" in the config; ignored"#])
    }
}
