import KioskBackend
import KioskControls
import KioskCore
import KioskUI
import Testing
@testable import KioskService

/// A headless run typing through the touch script's keys (issue 31, item 5): a tap focuses the
/// field, key lines type a booking reference into it, ⌫ and Enter edit and submit it, a text
/// line types a whole code, Tab moves on; with no field focused keys do nothing.
@Suite("Scripted keys on a headless run")
struct ScriptedKeysTests {
    static func run(_ input: [InputEvent]) throws -> (Scene, [ControlEvent]) {
        let booking = TextField(id: "booking", frame: Rect(40, 40, 300, 60), maxLength: 6)
        let plate = TextField(id: "plate", frame: Rect(40, 140, 300, 60))
        let scene = Scene(designSize: Size(800, 480), screens: [Screen(id: "main", controls: [booking, plate])])
        var request = DisplayRequest(backend: .headless, headlessSize: (800, 480))
        request.input = input
        let kiosk = Kiosk(scene: .init(designSize: Size(800, 480)) { _ in scene }, display: request)
        kiosk.clock = .virtual
        var events: [ControlEvent] = []
        kiosk.emit = { events.append($0) }
        _ = try kiosk.run()
        return (scene, events)
    }

    static func key(_ name: String, at ms: Double) -> InputEvent { .namedKey(name, pressed: true, .milliseconds(ms)) }

    @Test("tap, type K 7 Q X 2 N, ⌫, M, Enter: the field holds K7QX2M and submits it; Tab, then a text line into the plate")
    func bookingReference() throws {
        let tap: [InputEvent] = [.touch(TouchEvent(slot: 0, phase: .down, position: Point(100, 70), time: .milliseconds(100))),
                                 .touch(TouchEvent(slot: 0, phase: .up, position: Point(100, 70), time: .milliseconds(150)))]
        let keys = ["K", "7", "Q", "X", "2", "N", "BackSpace", "M", "Return"].enumerated().map { Self.key($1, at: 300 + 50 * Double($0)) }
        let released: [InputEvent] = [.namedKey("M", pressed: false, .milliseconds(900))]
        let next: [InputEvent] = [Self.key("Tab", at: 1000), .text("HH-AB 123", device: nil, .milliseconds(1100))]
        let (scene, events) = try Self.run(tap + keys + released + next)
        #expect((scene.control(withID: "booking") as? TextField)?.text == "K7QX2M")
        #expect(events.filter { $0.kind == .submitted }.map(\.jsonLine)
                == [#"{"t": 700, "source": "booking", "event": "submitted", "value": {"text": "K7QX2M"}}"#])
        #expect(events.filter { $0.source == "booking" && $0.kind == .textChanged }.count == 8)
        #expect((scene.control(withID: "plate") as? TextField)?.text == "HH-AB 123")
        #expect(scene.focusedControl?.id == "plate")
    }

    @Test("with no field focused, keys and text do nothing and say nothing")
    func nothingFocused() throws {
        let (scene, events) = try Self.run([Self.key("A", at: 100), .text("K7QX2M", device: nil, .milliseconds(200)),
                                            Self.key("Return", at: 300)])
        #expect(events.isEmpty)
        #expect((scene.control(withID: "booking") as? TextField)?.text == "")
    }
}
