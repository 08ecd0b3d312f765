import Testing
import KioskCore
import KioskBackend

/// The headless touch-script format: line splitting, limits and the positions of problems.
@Suite("Touch script")
struct TouchScriptTests {
    func problems(_ text: String) -> [String] {
        do {
            _ = try TouchScript.parse(text, file: "t.jsonl")
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    func events(_ text: String) throws -> [TouchEvent] { try TouchScript.parse(text, file: "t.jsonl") }

    let down = #"{"t": 0, "type": "down", "id": 0, "x": 10, "y": 20}"#
    let up = #"{"t": 16, "type": "up", "id": 0}"#

    // MARK: Limits

    @Test("a script past a limit is refused, each problem with its line", arguments: BadTouchScript.all)
    func refused(_ bad: BadTouchScript) {
        #expect(problems(bad.script) == bad.expected)
    }

    @Test("a time of exactly 1e9 ms is the last one accepted")
    func timeAtLimit() throws {
        let touches = try events("""
        {"t": 0, "type": "down", "id": 0, "x": 10, "y": 20}
        {"t": 1e9, "type": "up", "id": 0}
        """)
        #expect(touches.last?.time == .milliseconds(TouchScript.maximumMilliseconds))
        #expect(TouchScript.maximumMilliseconds == 1e9)
    }

    // MARK: Lines

    @Test("CRLF line endings split into lines and problems name the right line")
    func crlf() throws {
        #expect(try events(down + "\r\n" + up + "\r\n").map(\.phase) == [.down, .up])
        let bad = down + "\r\n" + #"{"t": 8, "type": "press"}"# + "\r\n" + up + "\r\n"
        #expect(problems(bad) == ["t.jsonl:2: unknown type \"press\"; expected down, move, up, cancel, key or text"])
        // Blank CRLF lines are blank lines.
        #expect(try events(down + "\r\n\r\n  \r\n" + up).count == 2)
    }

    @Test("a lone CR inside a line is JSON whitespace; columns after it count from the line's start")
    func loneCR() throws {
        let touches = try events(#"{"t": 0,"# + "\r" + #" "type": "down", "x": 1, "y": 2}"# + "\n" + up)
        #expect(touches.map(\.phase) == [.down, .up])
        // Column 17 of line 2 is the stray "x" after the CR.
        let bad = down + "\n" + #"{"t": 16,"# + "\r" + #""type"x: "up"}"#
        #expect(problems(bad) == ["t.jsonl:2: column 17: expected ':' after object key"])
    }

    @Test("the last line needs no newline")
    func finalLineWithoutNewline() throws {
        #expect(try events(down + "\n" + up).map(\.phase) == [.down, .up])
        #expect(problems(down + "\n" + #"{"t": 16, "type": "up", "id": 5}"#) == ["t.jsonl:2: touch 5 ends but is not down"])
    }

    @Test("a UTF-8 byte order mark at the start is accepted, as the config loader does; elsewhere it is an error")
    func byteOrderMark() throws {
        #expect(try events("\u{FEFF}" + down + "\n" + up + "\n").map(\.phase) == [.down, .up])
        #expect(try events("\u{FEFF}\r\n" + down + "\r\n" + up).count == 2)
        #expect(problems(down + "\n\u{FEFF}" + up)
                == ["t.jsonl:2: a byte order mark (U+FEFF) is allowed only at the start of the file"])
    }

    @Test("a character made of CR LF inside other text still splits the lines (Swift reads CR LF as one Character)")
    func graphemeCRLF() throws {
        // "\r\n" is one grapheme cluster: splitting the String on "\n" never found it.
        let text = down + "\r\n" + up
        #expect(text.split(separator: "\n").count == 1)
        #expect(try events(text).count == 2)
    }
}

/// A touch script that must be refused, with the problems `kiosk run --input` prints for it.
struct BadTouchScript: Sendable, CustomTestStringConvertible {
    let name: String
    let script: String
    let expected: [String]

    var testDescription: String { name }

    static let timeMessage = "\"t\" must be a number of milliseconds from 0 to 1000000000 (about 11.5 days)"
    static let coordinateMessage = "must be a number of panel pixels from -1000000 to 1000000"

    static let all = [
        BadTouchScript(name: "a time beyond 1e9 ms is refused with its line, not converted (it used to trap past 9.2e12)",
                       script: """
                       {"t": 1e13, "type": "down", "id": 0, "x": 10, "y": 20}
                       {"t": 1000000000.5, "type": "down", "id": 1, "x": 10, "y": 20}
                       {"t": 1e300, "type": "down", "id": 2, "x": 10, "y": 20}
                       """,
                       expected: ["t.jsonl:1: \(timeMessage)", "t.jsonl:2: \(timeMessage)", "t.jsonl:3: \(timeMessage)"]),
        BadTouchScript(name: "x and y beyond a million panel pixels are refused, each with its line",
                       script: """
                       {"t": 0, "type": "down", "id": 0, "x": 1000001, "y": 20}
                       {"t": 0, "type": "down", "id": 1, "x": 10, "y": -1e308}
                       {"t": 0, "type": "down", "id": 2, "x": -1000000, "y": 1000000}
                       {"t": 1, "type": "move", "id": 2, "x": 5, "y": 1e7}
                       """,
                       expected: ["t.jsonl:1: \"x\" \(coordinateMessage)", "t.jsonl:2: \"y\" \(coordinateMessage)",
                                  "t.jsonl:4: \"y\" \(coordinateMessage)"]),
    ]
}
