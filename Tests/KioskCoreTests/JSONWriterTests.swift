import KioskCore
import Testing

@Suite struct JSONWriterTests {
    @Test func objectsAreWrittenCompactlyWithKeysInInsertionOrder() {
        let event: JSONValue = ["t": 16, "source": "price", "event": "valueChanged",
                                "value": ["lower": 2.5, "upper": 8]]
        #expect(event.serialized() == #"{"t":16,"source":"price","event":"valueChanged","value":{"lower":2.5,"upper":8}}"#)
        #expect(event.serialized(.spaced)
            == #"{"t": 16, "source": "price", "event": "valueChanged", "value": {"lower": 2.5, "upper": 8}}"#)
    }

    @Test(arguments: [
        (8.0, "8"), (-3.0, "-3"), (-0.0, "0"), (2.5, "2.5"), (0.1, "0.1"), (1.0 / 3, "0.3333333333333333"),
        (123456789012345.0, "123456789012345"), (9007199254740993.0, "9007199254740992"),
        (1e16, "1e+16"), (1e21, "1e+21"), (1.5e300, "1.5e+300"), (1e-7, "1e-7"), (0.0001, "0.0001"),
        (-2.5e-10, "-2.5e-10"), (.infinity, "null"), (.nan, "null"),
    ])
    func numbersHaveOneFixedFormat(number: Double, text: String) {
        #expect(JSONWriter.format(number) == text)
    }

    @Test func stringsEscapeQuotesBackslashesAndControlCharacters() {
        let s: JSONValue = "a\"b\\c\n\r\t\u{8}\u{C}\u{1}\u{1B}\u{7F}/é नमस्ते 😀"
        #expect(s.serialized() == "\"a\\\"b\\\\c\\n\\r\\t\\b\\f\\u0001\\u001b\u{7F}/é नमस्ते 😀\"")
    }

    @Test func literalsAndEmptyContainers() {
        let v: JSONValue = [nil, true, false, [], [:], ""]
        #expect(v.serialized() == #"[null,true,false,[],{},""]"#)
    }

    @Test func settingAKeyReplacesInPlaceAndNilRemoves() {
        var object = JSONObject()
        object["a"] = 1
        object["b"] = 2
        object["a"] = 3
        #expect(JSONValue.object(object).serialized() == #"{"a":3,"b":2}"#)
        object["a"] = nil
        #expect(object.keys == ["b"])
    }

    @Test func parsingWhatWasWrittenGivesTheSameValue() throws {
        let original: JSONValue = [
            "text": "नमस्ते — \"quoted\"\n\u{0}😀", "numbers": [0, -1, 2.5, 1e-7, 1e21, 0.1, 123456789.125],
            "nested": ["deeper": [["x": nil, "y": true]]], "empty": [:],
        ]
        let text = original.serialized()
        let parsed = try JSONParser().parseValue(text)
        #expect(parsed == original)
        #expect(parsed.serialized() == text)
        #expect(try JSONParser().parseValue(original.serialized(.spaced)) == original)
    }
}
