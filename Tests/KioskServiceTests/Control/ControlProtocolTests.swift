import KioskTestSupport
import Testing
import KioskCore
import KioskUI
@testable import KioskService

/// The control protocol without a socket: one request line in, exactly one reply line out.
@Suite("Control protocol")
struct ControlProtocolTests {
    /// Bad requests and their exact replies; none of them changes anything.
    static let refusals: [(request: String, reply: String)] = [
        ("", #"{"ok": false, "error": "request is not JSON: 1:1: expected a value, found end of input"}"#),
        ("{\"op\": \"ping\"", #"{"ok": false, "error": "request is not JSON: 1:14: expected ',' or '}' after object member"}"#),
        ("[1, 2]", #"{"ok": false, "error": "request must be a JSON object (found an array)"}"#),
        ("\"ping\"", #"{"ok": false, "error": "request must be a JSON object (found a string)"}"#),
        (#"{"id": 1}"#, #"{"id": 1, "ok": false, "error": "missing field \"op\""}"#),
        (#"{"id": "x", "op": 3}"#, #"{"id": "x", "ok": false, "error": "\"op\" must be a string (found a number)"}"#),
        (#"{"id": {"a": 1}, "op": "ping"}"#,
         #"{"ok": false, "error": "\"id\" must be a string, a number, a boolean or null (found an object)"}"#),
        (#"{"id": null, "op": "pnig"}"#, #"{"id": null, "ok": false, "error": "unknown op \"pnig\"; did you mean \"ping\"?"}"#),
        (#"{"op": "frobnicate"}"#,
         #"{"ok": false, "error": "unknown op \"frobnicate\"; ops: ping, get, set, showPanel, showPopup, dismiss, switchScreen, back, setLanguage, subscribe, screenshot, reload, wake, sleep, keepAwake"}"#),
        (#"{"op": "ping", "control": "price"}"#, #"{"ok": false, "error": "unknown field \"control\" for ping (it takes none)"}"#),
        (#"{"op": "get", "contrl": "price"}"#,
         #"{"ok": false, "error": "unknown field \"contrl\" for get; did you mean \"control\"?"}"#),
        (#"{"op": "get", "control": 3}"#, #"{"ok": false, "error": "\"control\" must be a string (found a number)"}"#),
        (#"{"op": "get", "control": "nope"}"#, #"{"ok": false, "error": "no control \"nope\""}"#),
        (#"{"id": 2, "op": "set", "control": "price"}"#,
         #"{"id": 2, "ok": false, "error": "missing field \"value\" (set needs \"control\" and \"value\")"}"#),
        (#"{"op": "set", "control": "price", "value": 3}"#, #"{"ok": false, "error": "\"value\" must be an object (found a number)"}"#),
        (#"{"op": "set", "control": "price", "value": {}}"#, #"{"ok": false, "error": "\"value\" must name at least one field"}"#),
        (#"{"op": "set", "control": "price", "value": {"lower": [1]}}"#,
         #"{"ok": false, "error": "\"value.lower\" must be a number, a string or a boolean (found an array)"}"#),
        (#"{"op": "set", "control": "price", "value": {"lower": "3"}}"#,
         #"{"ok": false, "error": "'price'.lower must be a finite number (found a string)"}"#),
        (#"{"op": "set", "control": "angle", "value": {"angle": true}}"#,
         #"{"ok": false, "error": "'angle'.angle must be a finite number (found a boolean)"}"#),
        (#"{"op": "set", "control": "price", "value": {"middle": 3}}"#,
         #"{"ok": false, "error": "\"middle\" is not a value field or a property of \"price\" (value: lower, upper; properties: trackColor, highlightColor, knobColor, enabled, visible)"}"#),
        (#"{"op": "set", "control": "title", "value": {"colour": "red"}}"#,
         #"{"ok": false, "error": "\"colour\" is not a value field or a property of \"title\" (properties: text, color, font, align, lines, icon, enabled, visible); did you mean \"color\"?"}"#),
        (#"{"op": "set", "control": "title", "value": {"color": "red", "text": "x"}}"#,
         #"{"ok": false, "error": "color: invalid colour \"red\": expected #RRGGBB or #RRGGBBAA"}"#),
        (#"{"op": "showPanel", "panel": "hello"}"#, #"{"ok": false, "error": "no panel \"hello\""}"#),
        (#"{"op": "showPopup", "popup": "filters"}"#, #"{"ok": false, "error": "no popup \"filters\""}"#),
        (#"{"op": "dismiss"}"#, #"{"ok": false, "error": "nothing to dismiss: no panel or popup is shown"}"#),
        (#"{"op": "dismiss", "overlay": "hello"}"#, #"{"ok": false, "error": "no overlay \"hello\" is shown"}"#),
        (#"{"op": "switchScreen"}"#, #"{"ok": false, "error": "missing field \"screen\" (switchScreen needs \"screen\")"}"#),
        (#"{"op": "switchScreen", "screen": "nowhere"}"#, #"{"ok": false, "error": "no screen \"nowhere\""}"#),
        (#"{"op": "switchScreen", "screen": "main"}"#, #"{"ok": false, "error": "screen \"main\" is already shown"}"#),
        (#"{"op": "switchScreen", "screen": "details", "transition": "slid"}"#,
         #"{"ok": false, "error": "\"transition\": unknown transition \"slid\"; expected one of fade, flipFromBottom, none, slideLeft, slideRight, slideUp"}"#),
        (#"{"op": "switchScreen", "screen": "details", "duration": 0.5}"#,
         #"{"ok": false, "error": "\"duration\": \"duration\" needs a transition other than \"none\""}"#),
        (#"{"op": "switchScreen", "screen": "details", "transition": "fade", "duration": 0}"#,
         #"{"ok": false, "error": "\"duration\": must be more than 0 and at most 10 seconds (found 0)"}"#),
        (#"{"op": "back"}"#, #"{"ok": false, "error": "no screen to go back to"}"#),
        (#"{"op": "screenshot"}"#, #"{"ok": false, "error": "no frame drawn yet"}"#),
        (#"{"op": "reload"}"#, #"{"ok": false, "error": "this kiosk has no config file to reload (its scene is built in code)"}"#),
    ]

    @Test("every bad request gets exactly its error reply and changes nothing", arguments: 0..<refusals.count)
    func refusal(_ index: Int) throws {
        let (request, expected) = Self.refusals[index]
        let target = try ControlTestTarget()
        let before = target.snapshot
        #expect(target.reply(request) == expected)
        #expect(target.snapshot == before)
    }

    @Test("a request longer than 64 KiB or not UTF-8 is refused before it is parsed")
    func sizeAndEncoding() throws {
        let target = try ControlTestTarget()
        let handler = ControlRequestHandler(target: target)
        let long = Array(#"{"op": "ping", "pad": ""#.utf8) + [UInt8](repeating: 0x20, count: 65_536) + Array("\"}".utf8)
        #expect(handler.reply(toLine: long).line == #"{"ok": false, "error": "request is longer than 65536 bytes"}"#)
        #expect(handler.reply(toLine: [0x7B, 0xFF, 0x7D]).line == #"{"ok": false, "error": "request is not UTF-8"}"#)
    }

    @Test("ping echoes the id, whatever scalar it is")
    func ping() throws {
        let target = try ControlTestTarget()
        #expect(target.reply(#"{"op": "ping"}"#) == #"{"ok": true}"#)
        #expect(target.reply(#"{"op": "ping", "id": 7}"#) == #"{"id": 7, "ok": true}"#)
        #expect(target.reply(#"{"id": "abc", "op": "ping"}"#) == #"{"id": "abc", "ok": true}"#)
        #expect(target.reply(#"{"id": true, "op": "ping"}"#) == #"{"id": true, "ok": true}"#)
    }

    @Test("the reply's id is the request's id token byte for byte, beyond what a double holds")
    func idTokens() throws {
        let target = try ControlTestTarget()
        for token in ["9007199254740993", "18446744073709551615", "-0", "1.50", "1E+2", #""\u0041 ü \"q\"""#, "null"] {
            #expect(target.reply(#"{"op": "ping", "id": \#(token)}"#) == #"{"id": \#(token), "ok": true}"#)
            #expect(target.reply(#"{"id":\#(token),"op":"pnig"}"#).hasPrefix(#"{"id": \#(token), "ok": false"#))
        }
        #expect(target.reply(#"{"op": "get", "control": "nope", "id": "ß"}"#) == #"{"id": "ß", "ok": false, "error": "no control \"nope\""}"#)
    }

    @Test("get names one control's value, or every value with the screen and the overlays")
    func get() throws {
        let target = try ControlTestTarget()
        #expect(target.reply(#"{"op": "get", "control": "price"}"#)
                == #"{"ok": true, "control": "price", "value": {"lower": 20, "upper": 80}, "#
                + #""properties": {"trackColor": null, "highlightColor": null, "knobColor": null, "enabled": true, "visible": true}}"#)
        #expect(target.reply(#"{"op": "get"}"#) == #"{"ok": true, "screen": "main", "overlays": [], "#
                + #""values": {"price": {"lower": 20, "upper": 80}, "angle": {"angle": 90}, "size": {"lower": 2, "upper": 8}}, "language": "en"}"#)
    }

    @Test("set moves the value as a finger would (the lower knob pushes the upper), replies with it and sends the drag's events")
    func set() throws {
        let target = try ControlTestTarget()
        #expect(target.reply(#"{"id": 1, "op": "set", "control": "price", "value": {"lower": 95}}"#)
                == #"{"id": 1, "ok": true, "control": "price", "value": {"lower": 95, "upper": 95}}"#)
        #expect(target.reply(#"{"op": "set", "control": "price", "value": {"upper": 1000}}"#)
                == #"{"ok": true, "control": "price", "value": {"lower": 95, "upper": 100}}"#)
        let events = target.scene!.drainEvents().map { "\($0.source).\($0.kind)" }
        #expect(events == ["price.valueChanged", "price.valueCommitted", "price.valueChanged", "price.valueCommitted"])
    }

    @Test("a set on a control in a panel that was never shown sends the drag's events like any other")
    func setInPanelNeverShown() throws {
        let target = try ControlTestTarget()
        #expect(target.reply(#"{"op": "set", "control": "size", "value": {"lower": 5}}"#)
                == #"{"ok": true, "control": "size", "value": {"lower": 5, "upper": 8}}"#)
        let events = target.scene!.drainEvents().map { "\($0.source).\($0.kind)" }
        #expect(events == ["size.valueChanged", "size.valueCommitted"])
    }

    @Test("a panel, a popup with other words, dismiss and screens change the scene as buttons would")
    func overlaysAndScreens() throws {
        let target = try ControlTestTarget()
        let scene = target.scene!
        #expect(target.reply(#"{"op": "showPanel", "panel": "filters"}"#) == #"{"ok": true, "panel": "filters"}"#)
        #expect(scene.overlays.map(\.id) == ["filters"])
        #expect(target.reply(#"{"op": "showPopup", "popup": "hello", "title": "Closing", "text": "in 5 minutes"}"#)
                == #"{"ok": true, "popup": "hello"}"#)
        let popup = try #require(scene.overlays.last as? PopupDialog)
        #expect(popup.content.title == "Closing" && popup.content.text == "in 5 minutes")
        #expect(target.reply(#"{"op": "showPopup", "popup": "hello", "text": "again"}"#)
                == #"{"ok": false, "error": "popup \"hello\" is already shown; dismiss it before showing other text"}"#)
        #expect(target.reply(#"{"op": "dismiss"}"#) == #"{"ok": true, "overlay": "hello"}"#)
        #expect(target.reply(#"{"op": "dismiss", "overlay": "filters"}"#) == #"{"ok": true, "overlay": "filters"}"#)
        #expect(target.reply(#"{"op": "switchScreen", "screen": "details", "transition": "fade", "duration": 0.5}"#)
                == #"{"ok": true, "screen": "details"}"#)
        #expect(scene.transition?.kind == .fade)
        #expect(target.reply(#"{"op": "back"}"#) == #"{"ok": true, "screen": "main"}"#)
    }

    @Test("a dismissed popup is gone for the protocol at once; shown again with other text it turns round")
    func popupShownAgainWhileItLeaves() throws {
        let target = try ControlTestTarget()
        let scene = target.scene!
        #expect(target.reply(#"{"op": "showPopup", "popup": "hello", "text": "first"}"#) == #"{"ok": true, "popup": "hello"}"#)
        for t in 1...30 { scene.step(.milliseconds(10), at: .milliseconds(Double(t * 10))) }
        #expect(target.reply(#"{"op": "dismiss", "overlay": "hello"}"#) == #"{"ok": true, "overlay": "hello"}"#)
        scene.step(.milliseconds(10), at: .milliseconds(310))
        // Fading out, still drawn, but no longer shown for anyone asking.
        #expect(scene.overlays.map(\.id) == ["hello"])
        #expect(target.reply(#"{"op": "get"}"#).contains(#""overlays": []"#))
        #expect(target.reply(#"{"op": "dismiss"}"#) == #"{"ok": false, "error": "nothing to dismiss: no panel or popup is shown"}"#)
        #expect(target.reply(#"{"op": "showPopup", "popup": "hello", "text": "second"}"#) == #"{"ok": true, "popup": "hello"}"#)
        let popup = try #require(scene.overlays.last as? PopupDialog)
        #expect(scene.overlays.count == 1)
        #expect(popup.content.text == "second" && popup.phase == .appearing)
        #expect(popup.appearance > 0)   // from where the fade had got to, not from nothing
        #expect(target.reply(#"{"op": "get"}"#).contains(#""overlays": ["hello"]"#))
        // Once gone, a plain showPopup shows the config's words again.
        #expect(target.reply(#"{"op": "dismiss"}"#) == #"{"ok": true, "overlay": "hello"}"#)
        for t in 32...80 { scene.step(.milliseconds(10), at: .milliseconds(Double(t * 10))) }
        #expect(scene.overlays.isEmpty)
        #expect(target.reply(#"{"op": "showPopup", "popup": "hello"}"#) == #"{"ok": true, "popup": "hello"}"#)
        #expect((scene.overlays.last as? PopupDialog)?.content.text == popup.defaultContent.text)
    }

    @Test("subscribe asks the connection for events; reload reports the config's problems in full")
    func subscribeAndReload() throws {
        let target = try ControlTestTarget()
        let handler = ControlRequestHandler(target: target)
        let subscribed = handler.reply(to: #"{"op": "subscribe", "id": 1}"#)
        #expect(subscribed.subscribes)
        // The state comes first, as get says it: a late subscriber misses nothing.
        #expect(subscribed.line == #"{"id": 1, "ok": true, "screen": "main", "overlays": [], "#
                + #""values": {"price": {"lower": 20, "upper": 80}, "angle": {"angle": 90}, "size": {"lower": 2, "upper": 8}}, "language": "en"}"#)
        #expect(!handler.reply(to: #"{"op": "ping"}"#).subscribes)
        target.reloadOutcome = .failed(["a.json: screens: must contain at least one screen (line 2)", "a.json: x"])
        #expect(target.reply(#"{"op": "reload", "id": 3}"#) == #"{"id": 3, "ok": false, "error": "the config has 2 problems; "#
                + #"the kiosk goes on unchanged", "problems": ["a.json: screens: must contain at least one screen (line 2)", "a.json: x"]}"#)
        target.reloadOutcome = .reloaded
        #expect(target.reply(#"{"op": "reload"}"#) == #"{"ok": true}"#)
    }

    @Test("a screenshot comes back as base64 PNG that decodes to the frame's size")
    func screenshot() throws {
        let target = try ControlTestTarget()
        target.currentFrame = try PixelBuffer(width: 4, height: 2, format: .xrgb32)
        let reply = try JSONParser().parseValue(target.reply(#"{"op": "screenshot"}"#))
        #expect(reply["width"] == 4 && reply["height"] == 2)
        let png = try #require(reply["png"]?.stringValue.flatMap(Base64.decode))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
    }

    @Test("base64 round-trips every length and refuses what is not base64")
    func base64() {
        #expect(Base64.encode(Array("Man".utf8)) == "TWFu")
        #expect(Base64.encode(Array("Ma".utf8)) == "TWE=")
        #expect(Base64.encode(Array("M".utf8)) == "TQ==")
        for n in 0..<40 {
            let bytes = (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
            #expect(Base64.decode(Base64.encode(bytes)) == bytes)
        }
        #expect(Base64.decode("TQ=") == nil)
        #expect(Base64.decode("T=Q=") == nil)
        #expect(Base64.decode("TQ*=") == nil)
    }
}
