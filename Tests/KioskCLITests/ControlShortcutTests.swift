import Testing
@testable import KioskCLI

/// `kiosk ctl`'s readable requests and the JSON they stand for.
@Suite("kiosk ctl shortcuts")
struct ControlShortcutTests {
    func request(_ words: String..., options: [String: String] = [:]) throws -> String {
        try ControlShortcut.parse(words, options: options, command: "kiosk ctl").request
    }

    @Test("each shortcut is the request the protocol documents")
    func shortcuts() throws {
        #expect(try request("ping") == #"{"op":"ping"}"#)
        #expect(try request("get") == #"{"op":"get"}"#)
        #expect(try request("get", "price") == #"{"op":"get","control":"price"}"#)
        #expect(try request("set", "price", "lower=3", "upper=-0.5")
                == #"{"op":"set","control":"price","value":{"lower":3,"upper":-0.5}}"#)
        #expect(try request("set", "toggle", "on=true", "label=a=b", "n=1e2", "word=nan")
                == #"{"op":"set","control":"toggle","value":{"on":true,"label":"a=b","n":100,"word":"nan"}}"#)
        #expect(try request("set", "pay", "background=null", "title=nullish")
                == #"{"op":"set","control":"pay","value":{"background":null,"title":"nullish"}}"#)
        #expect(try request("show-popup", "hello", options: ["title": "Hi"]) == #"{"op":"showPopup","popup":"hello","title":"Hi"}"#)
        #expect(try request("switch-screen", "details", options: ["transition": "fade", "duration": "0.5"])
                == #"{"op":"switchScreen","screen":"details","transition":"fade","duration":0.5}"#)
        #expect(try request("dismiss") == #"{"op":"dismiss"}"#)
        #expect(try request("events") == #"{"op":"subscribe"}"#)
        #expect(try request(#"{"op": "ping", "id": 1}"#) == #"{"op": "ping", "id": 1}"#)
    }

    @Test("a shortcut with the wrong arguments or options is a usage error")
    func usage() {
        #expect(throws: UsageError.self) { try request("set", "price") }
        #expect(throws: UsageError.self) { try request("set", "price", "lower") }
        #expect(throws: UsageError.self) { try request("set", "price", "a=1", "a=2") }
        #expect(throws: UsageError.self) { try request("ping", options: ["title": "x"]) }
        #expect(throws: UsageError.self) { try request("screenshot") }
        #expect(throws: UsageError.self) { try request("frobnicate") }
    }
}
