import Foundation
import KioskTestSupport
import Testing

/// The owner changes words, colours and states through `kiosk ctl`, without a reload, and what
/// it set outlives a restart.
@Suite("Properties through kiosk ctl, end to end", .serialized)
struct PropertySocketTests {
    @Test("kiosk ctl set changes a label's text and a button's colour and state; get reports them; a restart keeps them")
    func setGetRestart() throws {
        let directory = try KioskProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let state = directory.appendingPathComponent("state.json").path
        do {
            let kiosk = try ControlledKiosk(extraArguments: ["--state", state])
            try kiosk.start()
            let events = try SocketClient(path: kiosk.socketPath)
            _ = try events.request(#"{"op": "subscribe"}"#)
            let text = try kiosk.ctl("set", "title", "text=Total: 9.60 €")
            #expect(text.status == 0 && text.lines.first?.contains(#""text": "Total: 9.60 €""#) == true)
            let line = try #require(try events.readLine().flatMap(EventLine.init))
            #expect(line.source == "title" && line.event == "propertiesChanged")
            #expect(try kiosk.ctl("set", "sayHello", "background=#2E7D32", "enabled=false").status == 0)
            let get = try kiosk.ctl("get", "sayHello")
            #expect(get.lines == [#"{"ok": true, "control": "sayHello", "properties": {"title": "@hello", "font": null, "#
                                  + ##""background": "#2E7D32", "color": null, "icon": null, "checkedBackground": null, "enabled": false, "visible": true}}"##])
            let bad = try kiosk.ctl("set", "sayHello", "background=green", "title=Go")
            #expect(bad.status == 1)
            #expect(bad.errorLines == [#"kiosk ctl: background: invalid colour "green": expected #RRGGBB or #RRGGBBAA"#])
            #expect(try kiosk.ctl("get", "sayHello").lines == get.lines)   // nothing changed
            #expect(kiosk.stop() == 0)
        }
        let saved = try String(contentsOfFile: state, encoding: .utf8)
        #expect(saved.contains(##""properties": {"title": {"text": "Total: 9.60 €"}, "sayHello": {"background": "#2E7D32", "enabled": false}}"##))
        let again = try ControlledKiosk(extraArguments: ["--state", state])
        try again.start()
        #expect(try again.ctl("get", "title").lines.first?.contains(#""text": "Total: 9.60 €""#) == true)
        #expect(try again.ctl("get", "sayHello").lines.first?.contains(#""enabled": false"#) == true)
        #expect(again.stop() == 0)
    }
}
