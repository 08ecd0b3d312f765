/// A strict RFC 8259 JSON parser that keeps every value's source position.
///
/// Strict on purpose: a kiosk config is written by hand, and comments, trailing commas or
/// single quotes accepted here would be rejected by every other tool that reads the same file.
/// Nesting is limited (`maxDepth`) so that hostile input cannot exhaust the stack: the parser
/// is recursive, and recursion is what keeps it short and fast.
package struct JSONParser: Sendable {
    /// How deep a document may nest by default: far beyond any config, far below the stack's limit.
    package static let defaultMaxDepth = 512

    /// The deepest nesting of arrays and objects accepted.
    package var maxDepth: Int

    /// A parser that rejects documents nested deeper than `maxDepth`.
    package init(maxDepth: Int = JSONParser.defaultMaxDepth) { self.maxDepth = maxDepth }

    /// Parses one JSON document (any value at the top level, surrounded by optional whitespace).
    package func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        var text = text
        text.makeContiguousUTF8()
        let result = text.utf8.withContiguousStorageIfAvailable { bytes in
            var scanner = JSONScanner(bytes: bytes, maxDepth: maxDepth)
            return Result { () throws(JSONSyntaxError) in try scanner.parseDocument() }
        }
        // makeContiguousUTF8() guarantees the storage exists.
        return try result!.get()
    }

    /// Parses a document and drops the source positions.
    package func parseValue(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try parse(text).value
    }
}

/// The parser's cursor over UTF-8 bytes. The input came from a `String`, so it is valid UTF-8
/// and strings can be made from byte ranges without re-validation failures.
private struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    let maxDepth: Int
    var i = 0
    var line = 1
    /// Byte offset where the current line starts.
    var lineStart = 0
    /// UTF-8 continuation bytes seen on the current line before `i`. They occur only inside
    /// strings, which never span lines, so counting them while scanning strings keeps the
    /// column (in Unicode scalars) an O(1) computation.
    var continuationBytes = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
        // A UTF-8 byte order mark is allowed (RFC 8259 §8.1) and ignored; it takes no column.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3; lineStart = 3 }
    }

    var position: JSONPosition { JSONPosition(line: line, column: i - lineStart - continuationBytes + 1) }

    /// The current byte, or 0 at the end (0 is never valid outside a string).
    var peek: UInt8 { i < bytes.count ? bytes[i] : 0 }

    func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(at: position, message) }

    mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        skipWhitespace()
        let root = try parseValue(depth: 0)
        skipWhitespace()
        if i < bytes.count { throw error("expected end of input after the JSON value, found \(describeCurrent())") }
        return root
    }

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                i += 1
            case UInt8(ascii: "\n"):
                i += 1
                startLine()
            case UInt8(ascii: "\r"):
                i += 1
                if peek == UInt8(ascii: "\n") { i += 1 }
                startLine()
            default:
                return
            }
        }
    }

    mutating func startLine() {
        line += 1
        lineStart = i
        continuationBytes = 0
    }

    // MARK: Values

    mutating func parseValue(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        switch peek {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        case UInt8(ascii: "t"): try parseLiteral("true"); return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"): try parseLiteral("false"); return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"): try parseLiteral("null"); return JSONNode(.null, at: start)
        case UInt8(ascii: "/"): throw error("comments are not allowed in JSON")
        case UInt8(ascii: "'"): throw error("strings must be enclosed in double quotes")
        default: throw error("expected a value, found \(describeCurrent())")
        }
    }

    mutating func parseLiteral(_ word: StaticString) throws(JSONSyntaxError) {
        let n = word.utf8CodeUnitCount
        let matches = i + n <= bytes.count
            && (0..<n).allSatisfy { bytes[i + $0] == word.utf8Start[$0] }
            && !(i + n < bytes.count && Self.isWordByte(bytes[i + n]))
        guard matches else { throw error("invalid literal; expected true, false or null") }
        i += n
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        default:
            return false
        }
    }

    mutating func parseObject(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        i += 1  // {
        skipWhitespace()
        var members: [JSONNode.Member] = []
        // Small objects (nearly all of them) check duplicates by scanning; large ones by hashing.
        var keySet: Set<String>? = nil
        if peek == UInt8(ascii: "}") {
            i += 1
            return JSONNode(.object(members), at: start)
        }
        while true {
            guard peek == UInt8(ascii: "\"") else {
                throw error(members.isEmpty ? "expected a string key or '}'" : "expected a string key after ','")
            }
            let keyPosition = position
            let key = try parseString()
            let isDuplicate: Bool
            // Inserted through the optional in place: a copy taken out of it and written back
            // would share storage with it while inserting, and so copy the whole set every key.
            if let inserted = keySet?.insert(key).inserted {
                isDuplicate = !inserted
            } else {
                isDuplicate = members.contains { $0.key == key }
                if members.count >= 16 { keySet = Set(members.map(\.key) + [key]) }
            }
            if isDuplicate { throw JSONSyntaxError(at: keyPosition, "duplicate key \(JSONWriter.quoted(key))") }
            skipWhitespace()
            guard peek == UInt8(ascii: ":") else { throw error("expected ':' after object key") }
            i += 1
            skipWhitespace()
            let value = try parseValue(depth: depth)
            members.append(JSONNode.Member(key: key, keyPosition: keyPosition, value: value))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                let comma = position
                i += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") { throw JSONSyntaxError(at: comma, "trailing comma before '}'") }
            case UInt8(ascii: "}"):
                i += 1
                return JSONNode(.object(members), at: start)
            default:
                throw error("expected ',' or '}' after object member")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONSyntaxError) -> JSONNode {
        let start = position
        guard depth <= maxDepth else { throw error("nesting deeper than \(maxDepth) levels") }
        i += 1  // [
        skipWhitespace()
        var elements: [JSONNode] = []
        if peek == UInt8(ascii: "]") {
            i += 1
            return JSONNode(.array(elements), at: start)
        }
        while true {
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                let comma = position
                i += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") { throw JSONSyntaxError(at: comma, "trailing comma before ']'") }
            case UInt8(ascii: "]"):
                i += 1
                return JSONNode(.array(elements), at: start)
            default:
                throw error("expected ',' or ']' after array element")
            }
        }
    }

    // MARK: Strings

    mutating func parseString() throws(JSONSyntaxError) -> String {
        let open = position
        i += 1  // "
        let start = i
        // Fast path: no escapes, so the string is a slice of the input.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw controlCharacterError(b, stringStart: open) }
            if b & 0xC0 == 0x80 { continuationBytes += 1 }
            i += 1
        }
        guard i < bytes.count else { throw JSONSyntaxError(at: open, "unterminated string") }
        var buffer = Array(UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            switch b {
            case UInt8(ascii: "\""):
                i += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer, stringStart: open)
            case ..<0x20:
                throw controlCharacterError(b, stringStart: open)
            default:
                if b & 0xC0 == 0x80 { continuationBytes += 1 }
                buffer.append(b)
                i += 1
            }
        }
        throw JSONSyntaxError(at: open, "unterminated string")
    }

    /// A raw line break inside a string almost always means a missing closing quote, so it is
    /// reported at the string's start; other control characters where they stand.
    func controlCharacterError(_ b: UInt8, stringStart: JSONPosition) -> JSONSyntaxError {
        if b == UInt8(ascii: "\n") || b == UInt8(ascii: "\r") {
            return JSONSyntaxError(at: stringStart, "unterminated string")
        }
        return error("control character \(Self.unicodeName(UInt32(b))) must be escaped in a string")
    }

    mutating func parseEscape(into buffer: inout [UInt8], stringStart: JSONPosition) throws(JSONSyntaxError) {
        let escape = position
        i += 1  // backslash
        guard i < bytes.count else { throw JSONSyntaxError(at: stringStart, "unterminated string") }
        let c = bytes[i]
        i += 1
        switch c {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(c)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            var value = try parseHex4(escape: escape)
            if (0xD800...0xDBFF).contains(value) {
                // A high surrogate must be followed by an escaped low surrogate (RFC 8259 §7).
                guard peek == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                    throw JSONSyntaxError(at: escape, "unpaired surrogate \\u\(Self.hex(value, width: 4))")
                }
                let lowEscape = position
                i += 2
                let low = try parseHex4(escape: lowEscape)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(at: escape, "unpaired surrogate \\u\(Self.hex(value, width: 4))")
                }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(value) {
                throw JSONSyntaxError(at: escape, "unpaired surrogate \\u\(Self.hex(value, width: 4))")
            }
            // Surrogates are excluded above, so every remaining value is a scalar.
            UTF8.encode(Unicode.Scalar(value)!) { buffer.append($0) }
        default:
            if c >= 0x21 && c < 0x7F {
                throw JSONSyntaxError(at: escape, "invalid escape '\\\(Character(Unicode.Scalar(c)))'")
            }
            throw JSONSyntaxError(at: escape, "invalid escape sequence")
        }
    }

    mutating func parseHex4(escape: JSONPosition) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            let digit: UInt32
            switch peek {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(peek - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(peek - UInt8(ascii: "a")) + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(peek - UInt8(ascii: "A")) + 10
            default: throw JSONSyntaxError(at: escape, "invalid \\u escape: expected 4 hex digits")
            }
            value = value * 16 + digit
            i += 1
        }
        return value
    }

    // MARK: Numbers

    mutating func parseNumber() throws(JSONSyntaxError) -> Double {
        let start = i
        let startPosition = position
        if peek == UInt8(ascii: "-") { i += 1 }
        guard Self.isDigit(peek) else { throw error("invalid number: expected a digit after '-'") }
        if peek == UInt8(ascii: "0") {
            i += 1
            if Self.isDigit(peek) { throw JSONSyntaxError(at: startPosition, "invalid number: leading zeros are not allowed") }
        } else {
            while Self.isDigit(peek) { i += 1 }
        }
        var isInteger = true
        if peek == UInt8(ascii: ".") {
            i += 1
            guard Self.isDigit(peek) else { throw error("invalid number: expected a digit after '.'") }
            while Self.isDigit(peek) { i += 1 }
            isInteger = false
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard Self.isDigit(peek) else { throw error("invalid number: expected a digit in the exponent") }
            while Self.isDigit(peek) { i += 1 }
            isInteger = false
        }
        let negative = bytes[start] == UInt8(ascii: "-")
        let digitsStart = negative ? start + 1 : start
        // Integers of up to 15 digits are exact in a Double; skip the text conversion for them.
        if isInteger && i - digitsStart <= 15 {
            var n: Int64 = 0
            for k in digitsStart..<i { n = n * 10 + Int64(bytes[k] - UInt8(ascii: "0")) }
            return negative ? -Double(n) : Double(n)
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        // Double(String) is correctly rounded (strtod in the C locale).
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(at: startPosition, "number out of range")
        }
        return value
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

    // MARK: Messages

    /// The character at the cursor as a message shows it: `'x'`, `'“' (U+201C)`, `U+0000`, or
    /// "end of input".
    func describeCurrent() -> String {
        guard i < bytes.count else { return "end of input" }
        let b = bytes[i]
        if b >= 0x21 && b < 0x7F { return "'\(Character(Unicode.Scalar(b)))'" }
        if b < 0x80 { return Self.unicodeName(UInt32(b)) }
        var iterator = bytes[i...].makeIterator()
        var decoder = UTF8()
        if case .scalarValue(let scalar) = decoder.decode(&iterator) {
            return "'\(Character(scalar))' (\(Self.unicodeName(scalar.value)))"
        }
        return "invalid UTF-8"
    }

    static func unicodeName(_ value: UInt32) -> String { "U+" + hex(value, width: 4) }

    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
