import KioskBackend
import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing
@testable import KioskService

/// Barcode and QR readers (issue 31, item 4): a scanner's text never reaches the focused field;
/// it leaves as one `scanned` event, or goes into its own field; two scanners stay apart; a
/// device that matches no scanner types like a keyboard; `kiosk check` reports a bad `match`,
/// a missing field and an id used twice.
@Suite("Scanners")
struct ScannerTests {
    static let config = #"""
        {"startScreen": "main",
         "scanners": [{"id": "ticket", "match": "Honeywell 1900"},
                      {"id": "plates", "match": "0c2e:0b61", "field": "plate"},
                      {"id": "badge", "match": "Badge Reader", "field": "plate"}],
         "screens": [{"id": "main", "controls": [
           {"type": "textField", "id": "note", "frame": [40, 40, 300, 60]},
           {"type": "textField", "id": "plate", "frame": [40, 140, 300, 60]}]}]}
        """#

    static func run(_ input: [InputEvent]) throws -> (Scene, [ControlEvent]) {
        let config = try ConfigLoader.decode(Self.config, file: "kiosk.json")
        var request = DisplayRequest(backend: .headless, headlessSize: (800, 480))
        request.input = input
        let kiosk = Kiosk(config: config, display: request)
        kiosk.clock = .virtual
        var events: [ControlEvent] = []
        kiosk.emit = { events.append($0) }
        _ = try kiosk.run()
        return (try #require(kiosk.runner?.runtime?.scene), events)
    }

    static func tap(_ x: Double, _ y: Double, at ms: Double) -> [InputEvent] {
        [.touch(TouchEvent(slot: 0, phase: .down, position: Point(x, y), time: .milliseconds(ms))),
         .touch(TouchEvent(slot: 0, phase: .up, position: Point(x, y), time: .milliseconds(ms + 50)))]
    }

    @Test("a scan is one scanned event, never typed into the focused field; another device's text is typed")
    func scanned() throws {
        let (scene, events) = try Self.run(Self.tap(100, 70, at: 100) + [
            .text("TKT-0042-77", device: "Honeywell 1900", .milliseconds(300)),
            .text("hello", device: "USB Keyboard", .milliseconds(400)),
        ])
        #expect(events.filter { $0.kind == .scanned }.map(\.jsonLine)
                == [#"{"t": 300, "source": "ticket", "event": "scanned", "value": {"text": "TKT-0042-77"}}"#])
        #expect((scene.control(withID: "note") as? TextField)?.text == "hello")
    }

    @Test("a scanner with a field writes each scan into it, replacing the last; two scanners stay apart")
    func intoAField() throws {
        let (scene, events) = try Self.run([
            .text("B-4411", device: "Badge Reader", .milliseconds(100)),
            .text("TKT-1", device: "Honeywell 1900", .milliseconds(110)),
            .text("B-4412", device: "Badge Reader", .milliseconds(200)),
        ])
        #expect((scene.control(withID: "plate") as? TextField)?.text == "B-4412")
        #expect(events.filter { $0.source == "plate" }.map { $0["text"] } == [.string("B-4411"), .string("B-4412")])
        #expect(events.filter { $0.kind == .scanned }.map { $0["text"] } == [.string("TKT-1")])
        #expect((scene.control(withID: "note") as? TextField)?.text == "")
    }

    @Test("match is a device name or vvvv:pppp; the USB ids match by their numbers")
    func matching() {
        #expect(ScannerSettings.match("Honeywell 1900") == .name("Honeywell 1900"))
        #expect(ScannerSettings.match("0c2e:0B61") == .usb(vendor: 0x0c2e, product: 0x0b61))
        #expect(ScannerSettings.match("c2e:b61") == nil && ScannerSettings.match("0c2e:0b6") == nil)
        #expect(ScannerSettings.match("  ") == nil)
        let usb = Scanner(id: "s", match: .usb(vendor: 0x0c2e, product: 0x0b61))
        #expect(usb.matches(name: "anything", usb: (0x0c2e, 0x0b61)) && !usb.matches(name: "anything"))
        #expect(usb.match.description == "0c2e:0b61")
    }

    @Test("kiosk check reports a bad match, a field that is no control, a bad gap and an id used twice (as any id), with path and line")
    func checked() {
        let json = #"""
            {"startScreen": "main",
             "scanners": [{"id": "a", "match": "0c2e:0b611"},
                          {"id": "b", "match": "Reader", "field": "plat"},
                          {"id": "a", "match": "Other", "gap": 5}],
             "screens": [{"id": "main", "controls": [{"type": "textField", "id": "plate", "frame": [0, 0, 9, 9]}]}]}
            """#
        #expect(Set(problems(in: json)) == [
            #"demo.json: scanners[0].match: "0c2e:0b611" is not a device name or USB ids as vvvv:pppp (four hex digits each, as lsusb shows them) (line 2)"#,
            #"demo.json: scanners[1].field: no control with id "plat"; did you mean "plate"? (line 3)"#,
            #"demo.json: scanners[2].id: duplicate id "a" (first used at scanners[0]) (line 4)"#,
            #"demo.json: scanners[2].gap: must be between 10 and 1000 milliseconds (found 5) (line 4)"#,
        ])
    }
}
