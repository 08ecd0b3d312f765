import KioskCore
import Testing

@Suite struct JSONParserTests {
    let parser = JSONParser()

    @Test func parsesEveryKindOfValue() throws {
        let value = try parser.parseValue(#"""
            {"null": null, "yes": true, "no": false, "int": -12, "frac": 2.5, "exp": 1.5E+3,
             "small": 1e-2, "zero": 0, "string": "a\"b", "array": [1, [2, []], {}], "empty": {}}
            """#)
        let expected: JSONValue = [
            "null": nil, "yes": true, "no": false, "int": -12, "frac": 2.5, "exp": 1500,
            "small": 0.01, "zero": 0, "string": "a\"b", "array": [1, [2, []], [:]], "empty": [:],
        ]
        #expect(value == expected)
    }

    @Test func scalarsAtTheTopLevelAreDocuments() throws {
        #expect(try parser.parseValue(" 42 ") == 42)
        #expect(try parser.parseValue("\"x\"") == "x")
        #expect(try parser.parseValue("null") == .null)
    }

    @Test func objectsKeepTheirKeysInFileOrder() throws {
        let value = try parser.parseValue(#"{"b": 1, "a": 2, "c": 3}"#)
        #expect(value.objectValue?.keys == ["b", "a", "c"])
    }

    @Test func everyValueRemembersItsLineAndColumn() throws {
        let node = try parser.parse("{\n  \"a\": [1,\n    true],\n\t\"b\": \"x\"\n}")
        #expect(node.position == JSONPosition(line: 1, column: 1))
        let members = try #require(node.members)
        #expect(members[0].keyPosition == JSONPosition(line: 2, column: 3))
        #expect(members[0].value.position == JSONPosition(line: 2, column: 8))
        #expect(members[0].value.elements?[0].position == JSONPosition(line: 2, column: 9))
        #expect(members[0].value.elements?[1].position == JSONPosition(line: 3, column: 5))
        // A tab is one column.
        #expect(members[1].keyPosition == JSONPosition(line: 4, column: 2))
        #expect(members[1].value.position == JSONPosition(line: 4, column: 7))
    }

    @Test func columnsCountUnicodeScalarsNotBytes() throws {
        let node = try parser.parse(#"{"नमस्ते": "é", "k": 1}"#)
        let members = try #require(node.members)
        // "नमस्ते" is 6 scalars (18 bytes); "é" is 1 scalar (2 bytes).
        #expect(members[0].value.position == JSONPosition(line: 1, column: 12))
        #expect(members[1].keyPosition == JSONPosition(line: 1, column: 17))
    }

    @Test func windowsLineEndingsCountAsOneLine() throws {
        let node = try parser.parse("[1,\r\n2,\r3]")
        #expect(node.elements?[1].position == JSONPosition(line: 2, column: 1))
        #expect(node.elements?[2].position == JSONPosition(line: 3, column: 1))
    }

    @Test func aByteOrderMarkIsIgnored() throws {
        let node = try parser.parse("\u{FEFF}[true]")
        #expect(node.value == [true])
        #expect(node.elements?[0].position == JSONPosition(line: 1, column: 2))
    }

    @Test func stringEscapesAreDecoded() throws {
        let value = try parser.parseValue(#"["\"\\\/\b\f\n\r\t", "\u0041\u00e9\u0928", "\ud83d\ude00", "\u0000"]"#)
        #expect(value == ["\"\\/\u{8}\u{C}\n\r\t", "Aéन", "😀", "\u{0}"])
    }

    @Test func nonASCIITextPassesThroughUnchanged() throws {
        #expect(try parser.parseValue(#""नमस्ते — SwiftKiosk""#) == "नमस्ते — SwiftKiosk")
    }

    @Test func numbersAreParsedExactly() throws {
        #expect(try parser.parseValue("0.1") == .number(0.1))
        #expect(try parser.parseValue("-0") == .number(-0.0))
        #expect(try parser.parseValue("123456789012345678") == .number(Double("123456789012345678")!))
        #expect(try parser.parseValue("1.7976931348623157e308") == .number(.greatestFiniteMagnitude))
        #expect(try parser.parseValue("1e-400") == .number(0))
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = JSONParser.defaultMaxDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        _ = try parser.parse(text)
    }

    @Test func largeObjectsStillDetectDuplicateKeys() {
        let members = (0..<40).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
        let text = "{" + members.joined(separator: ", ") + "}"
        let column = text.utf8.count - #""k7": 0}"#.utf8.count + 1
        #expect(throws: JSONSyntaxError(line: 1, column: column, message: #"duplicate key "k7""#)) {
            try parser.parse(text)
        }
    }

    @Test func anObjectOfAHundredThousandKeysParsesAndARepeatAtTheEndIsStillFound() throws {
        let members = (0..<100_000).map { "\"k\($0)\": \($0)" }
        let parsed = try parser.parse("{" + members.joined(separator: ", ") + "}")
        #expect(parsed.members?.count == 100_000)
        #expect(parsed.members?.last?.key == "k99999")
        let repeated = "{" + (members + ["\"k5\": 0"]).joined(separator: ", ") + "}"
        #expect(throws: JSONSyntaxError(line: 1, column: repeated.utf8.count - #""k5": 0}"#.utf8.count + 1,
                                        message: #"duplicate key "k5""#)) {
            try parser.parse(repeated)
        }
    }

    // MARK: Errors

    static let errorCases: [(String, String)] = [
        ("", "1:1: expected a value, found end of input"),
        ("   \n  ", "2:3: expected a value, found end of input"),
        ("{\"a\": 1 \"b\": 2}", "1:9: expected ',' or '}' after object member"),
        ("{\"a\": 1", "1:8: expected ',' or '}' after object member"),
        ("[1 2]", "1:4: expected ',' or ']' after array element"),
        ("[1,]", "1:3: trailing comma before ']'"),
        ("{\"a\": 1,\n}", "1:8: trailing comma before '}'"),
        ("{a: 1}", "1:2: expected a string key or '}'"),
        ("{\"a\": 1, 2}", "1:10: expected a string key after ','"),
        ("{\"a\" 1}", "1:6: expected ':' after object key"),
        ("{\"min\": 1,\n \"min\": 2}", "2:2: duplicate key \"min\""),
        ("[\"abc", "1:2: unterminated string"),
        ("[\"abc\n\"]", "1:2: unterminated string"),
        ("\"a\tb\"", "1:3: control character U+0009 must be escaped in a string"),
        (#""\x""#, "1:2: invalid escape '\\x'"),
        (#""\u12G4""#, "1:2: invalid \\u escape: expected 4 hex digits"),
        (#""ab\ud83d""#, "1:4: unpaired surrogate \\uD83D"),
        (#""\ud83d\u0041""#, "1:2: unpaired surrogate \\uD83D"),
        (#""\ude00""#, "1:2: unpaired surrogate \\uDE00"),
        ("-", "1:2: invalid number: expected a digit after '-'"),
        ("012", "1:1: invalid number: leading zeros are not allowed"),
        ("1.", "1:3: invalid number: expected a digit after '.'"),
        ("1e+", "1:4: invalid number: expected a digit in the exponent"),
        ("[1e400]", "1:2: number out of range"),
        ("tru", "1:1: invalid literal; expected true, false or null"),
        ("nullx", "1:1: invalid literal; expected true, false or null"),
        ("[NaN]", "1:2: expected a value, found 'N'"),
        ("{\"a\": “b”}", "1:7: expected a value, found '“' (U+201C)"),
        ("{\"é\": \u{1}}", "1:7: expected a value, found U+0001"),
        ("// comment\n{}", "1:1: comments are not allowed in JSON"),
        ("['a']", "1:2: strings must be enclosed in double quotes"),
        ("{} {}", "1:4: expected end of input after the JSON value, found '{'"),
    ]

    @Test(arguments: errorCases)
    func syntaxErrorsNameTheirLineAndColumn(text: String, expected: String) {
        #expect(throws: JSONSyntaxError.self) { try parser.parse(text) }
        do {
            _ = try parser.parse(text)
        } catch {
            #expect(error.description == expected)
        }
    }

    @Test func nestingBeyondTheLimitIsRejectedWithoutRecursingFurther() {
        let shallow = JSONParser(maxDepth: 3)
        #expect(throws: JSONSyntaxError(line: 1, column: 4, message: "nesting deeper than 3 levels")) {
            try shallow.parse("[[[[]]]]")
        }
        let hostile = String(repeating: "[", count: 100_000)
        #expect(throws: JSONSyntaxError(line: 1, column: 513, message: "nesting deeper than 512 levels")) {
            try parser.parse(hostile)
        }
    }
}
