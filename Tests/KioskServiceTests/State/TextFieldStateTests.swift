import Foundation
import KioskBackend
import KioskControls
import KioskCore
import KioskUI
import Testing
@testable import KioskService

/// Text fields and the state file, on a headless run: a key typed is a change made (the file is
/// written as after a commit), an unmasked field's text is kept and restored, a masked field's
/// PIN never reaches the file.
@Suite("Text fields in the state file")
struct TextFieldStateTests {
    /// `table` (unmasked) and `pin` (masked) with a keypad each: keys 100x80 from (400, 40)
    /// and from (400, 260).
    static func scene() -> Scene {
        Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [
            TextField(id: "table", frame: Rect(40, 40, 300, 60), maxLength: 3),
            TextField(id: "pin", frame: Rect(40, 120, 300, 60), maxLength: 4, masked: true),
            Keypad(id: "tablePad", frame: Rect(400, 20, 300, 200), fieldID: "table"),
            Keypad(id: "pinPad", frame: Rect(400, 240, 300, 200), fieldID: "pin"),
        ])])
    }

    /// Taps at `points`, 200 ms apart from 100 ms.
    static func taps(_ points: [Point]) -> [TouchEvent] {
        points.enumerated().flatMap { i, p in
            let t = 100 + 200 * Double(i)
            return [TouchEvent(slot: 0, phase: .down, position: p, time: .milliseconds(t)),
                    TouchEvent(slot: 0, phase: .up, position: p, time: .milliseconds(t + 50))]
        }
    }

    static func run(_ touches: [TouchEvent], state path: FilePath) throws -> (Kiosk, Scene) {
        let scene = scene()
        let kiosk = Kiosk(scene: .init(designSize: Size(800, 480)) { _ in scene },
                          display: DisplayRequest(backend: .headless, headlessSize: (800, 480), script: touches))
        kiosk.clock = .virtual
        kiosk.emit = { _ in }
        kiosk.stateFile = path
        _ = try kiosk.run()
        return (kiosk, scene)
    }

    @Test("keys typed are written at once, the unmasked text comes back at the next start, the PIN never is in the file")
    func typedTextIsKeptButNotThePIN() throws {
        let path = FilePath(try StateTestScene.directory().appendingPathComponent("state.json").path)
        // Table "12" (the first pad's 1 and 2), PIN "34" (the second pad's 3 and 4).
        let (kiosk, first) = try Self.run(Self.taps([Point(450, 45), Point(550, 45), Point(650, 265), Point(450, 315)]),
                                          state: path)
        #expect((first.control(withID: "table") as? TextField)?.text == "12")
        #expect((first.control(withID: "pin") as? TextField)?.text == "34")
        let keeper = try #require(kiosk.runner?.stateKeeper)
        #expect(keeper.writes >= 2, "a key is a change made: written at once, not only at the end")
        let text = try String(contentsOfFile: path.description, encoding: .utf8)
        #expect(text.contains(#""table": {"text": "12"}"#))
        #expect(!text.contains("pin") && !text.contains("34"), "\(text)")
        let (_, second) = try Self.run([], state: path)
        #expect((second.control(withID: "table") as? TextField)?.text == "12")
        #expect((second.control(withID: "pin") as? TextField)?.text == "")
    }
}
