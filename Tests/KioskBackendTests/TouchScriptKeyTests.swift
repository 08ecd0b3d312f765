import KioskBackend
import KioskCore
import Testing

/// Keys and text in a touch script (issue 31, item 5): `key` lines name a key as XKB does
/// (`A`, `Return`), pressed by default; `text` lines type a whole text from a named device.
/// They are checked with the rest of the script and come out in time order with the touches.
@Suite("Touch script: keys and text")
struct TouchScriptKeyTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try TouchScript.parseInput(text, file: "t.jsonl")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test("key and text lines come out in time order among the touches; parse keeps only the touches")
    func inOrder() throws {
        let script = """
            {"t": 0, "type": "down", "id": 0, "x": 10, "y": 20}
            {"t": 16, "type": "up", "id": 0}
            {"t": 100, "type": "key", "key": "K"}
            {"t": 120, "type": "key", "key": "K", "pressed": false}
            {"t": 200, "type": "key", "key": "Return"}
            {"t": 300, "type": "text", "text": "K7QX2M", "device": "ticket"}
            {"t": 400, "type": "text", "text": "é"}
            """
        let input = try TouchScript.parseInput(script, file: "t.jsonl")
        #expect(input.count == 7)
        #expect(input[2] == .namedKey("K", pressed: true, .milliseconds(100)))
        #expect(input[3] == .namedKey("K", pressed: false, .milliseconds(120)))
        #expect(input[4] == .namedKey("Return", pressed: true, .milliseconds(200)))
        #expect(input[5] == .text("K7QX2M", device: "ticket", .milliseconds(300)))
        #expect(input[6] == .text("é", device: nil, .milliseconds(400)))
        #expect(try TouchScript.parse(script, file: "t.jsonl").count == 2)
    }

    @Test("key names: one character types it; the named editing keys do what they say; others are none")
    func names() {
        #expect(KeyAction.named("A") == .text("A"))
        #expect(KeyAction.named("ü") == .text("ü"))
        #expect(KeyAction.named("Return") == .enter && KeyAction.named("KP_Enter") == .enter)
        #expect(KeyAction.named("BackSpace") == .backspace && KeyAction.named("ISO_Left_Tab") == .backTab)
        #expect(KeyAction.named("space") == .text(" "))
        #expect(KeyAction.named("Retrun") == nil && KeyAction.named("") == nil && KeyAction.named(" ") == nil)
        #expect(KeyAction.named("\t") == nil)
    }

    @Test("bad key and text lines are reported with their line, with every other problem")
    func refused() {
        let script = """
            {"t": 0, "type": "key", "key": "Retrun"}
            {"t": 10, "type": "key"}
            {"t": 20, "type": "key", "key": "A", "pressed": "yes"}
            {"t": 30, "type": "key", "key": "A", "x": 3}
            {"t": 40, "type": "text", "text": ""}
            {"t": 50, "type": "text", "text": "ok", "device": 7}
            {"t": 60, "type": "text", "text": "ok"}
            {"t": 5, "type": "text", "text": "late"}
            """
        let names = KeyAction.names.map(\.name).joined(separator: ", ")
        #expect(problems(script) == [
            #"t.jsonl:1: unknown key "Retrun"; expected one character or one of \#(names)"#,
            #"t.jsonl:2: a key line needs "key": a key's name, such as "A" or "Return""#,
            #"t.jsonl:3: "pressed" must be true or false"#,
            #"t.jsonl:4: unknown key "x" in a key line; expected key, pressed, t, type"#,
            #"t.jsonl:5: a text line needs "text": 1 to 4096 characters"#,
            #"t.jsonl:6: "device" must be a device's name"#,
            "t.jsonl:8: time goes backwards (5 after 60)",
        ])
    }
}
