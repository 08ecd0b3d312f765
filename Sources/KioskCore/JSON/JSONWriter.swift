/// Turns `JSONValue`s into text. Output is deterministic: keys in insertion order, one fixed
/// number format, one fixed escaping, no locale and no platform formatter involved; event
/// logs from two runs can be compared byte for byte.
package enum JSONWriter {
    /// How the text is spaced; either way one value is one line.
    package enum Style: Sendable {
        /// `{"t":16,"value":{"lower":2.5}}`: smallest output.
        case compact
        /// `{"t": 16, "value": {"lower": 2.5}}`: still one line, easier to read (the style of
        /// the event examples in the design notes).
        case spaced
    }

    /// Appends the UTF-8 text of `value` to `out`.
    package static func write(_ value: JSONValue, style: Style = .compact, into out: inout [UInt8]) {
        switch value {
        case .null: append("null", to: &out)
        case .bool(let b): append(b ? "true" : "false", to: &out)
        case .number(let n): append(format(n), to: &out)
        case .string(let s): writeString(s, into: &out)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            for (k, element) in elements.enumerated() {
                if k > 0 { separator(style, into: &out) }
                write(element, style: style, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case .object(let object):
            out.append(UInt8(ascii: "{"))
            for (k, member) in object.members.enumerated() {
                if k > 0 { separator(style, into: &out) }
                writeString(member.key, into: &out)
                out.append(UInt8(ascii: ":"))
                if style == .spaced { out.append(UInt8(ascii: " ")) }
                write(member.value, style: style, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
    }

    private static func separator(_ style: Style, into out: inout [UInt8]) {
        out.append(UInt8(ascii: ","))
        if style == .spaced { out.append(UInt8(ascii: " ")) }
    }

    private static func append(_ s: String, to out: inout [UInt8]) { out.append(contentsOf: s.utf8) }

    /// Writes `s` as a JSON string: `"` and `\` escaped, control characters as `\n`, `\t`, … or
    /// `\u001b`, everything else (including non-ASCII) as plain UTF-8.
    package static func writeString(_ s: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        writeEscaped(s, into: &out)
        out.append(UInt8(ascii: "\""))
    }

    /// The inside of a JSON string: `writeString` without the quotes.
    private static func writeEscaped(_ s: String, into out: inout [UInt8]) {
        for b in s.utf8 {
            switch b {
            case UInt8(ascii: "\""): append("\\\"", to: &out)
            case UInt8(ascii: "\\"): append("\\\\", to: &out)
            case 0x0A: append("\\n", to: &out)
            case 0x0D: append("\\r", to: &out)
            case 0x09: append("\\t", to: &out)
            case 0x08: append("\\b", to: &out)
            case 0x0C: append("\\f", to: &out)
            case ..<0x20:
                let hexDigits = Array("0123456789abcdef".utf8)
                append("\\u00", to: &out)
                out.append(hexDigits[Int(b >> 4)])
                out.append(hexDigits[Int(b & 0xF)])
            default: out.append(b)
            }
        }
    }

    /// `s` as a JSON string literal, for messages: `"colour"`, `"a\"b"`.
    package static func quoted(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        writeString(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `s` escaped as inside a JSON string literal, without the quotes, for a name that a
    /// message shows bare (a path such as `values.a\nb.lower`): the rule of `quoted`, so a
    /// line break or a NUL in text from a file never reaches a log line as itself.
    package static func escaped(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count)
        writeEscaped(s, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// The JSON text of a number: integers without a fraction (`8`, `-3`, `0` for -0), others
    /// in the shortest form that reads back as the same Double (`2.5`, `0.1`, `1e+21`,
    /// `1e-7`). JSON has no infinity or NaN; they are written as `null`, as JavaScript does.
    package static func format(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        // Below 1e16 Swift's description would print integers as "1234.0"; Int64 prints them
        // exactly (every integral Double below 2^63 is an exact Int64).
        if n == n.rounded(.towardZero) && abs(n) < 1e16 { return String(Int64(n)) }
        // Swift's description is the shortest round-tripping form, computed by the standard
        // library itself (no libc printf), so it is the same on every machine.
        var text = n.description
        // "1e-07" → "1e-7": the exponent's leading zeros are valid JSON but noise.
        if let e = text.firstIndex(of: "e") {
            var exponent = text[text.index(after: e)...]
            var sign = ""
            if let first = exponent.first, first == "+" || first == "-" {
                sign = String(first)
                exponent = exponent.dropFirst()
            }
            let digits = exponent.drop { $0 == "0" }
            text = String(text[..<e]) + "e" + sign + (digits.isEmpty ? "0" : String(digits))
        }
        return text
    }
}

extension JSONValue {
    /// The value as one line of JSON text (see `JSONWriter`).
    package func serialized(_ style: JSONWriter.Style = .compact) -> String {
        var out: [UInt8] = []
        JSONWriter.write(self, style: style, into: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
