/// Whether bytes that are not JSON are a beginning of a state file's object in any key order
/// and spacing (`{"version": 0, "format": "swiftkiosk-state", "val`, `{\n  "format": "swi`): a
/// state file cut short, which the kiosk may replace, rather than another program's file.
///
/// Today's files begin with `StateFile.signature`, and `StateFile+Ownership` knows them by it;
/// this is for the objects the kiosk reads whatever their key order and spacing. It follows
/// the object's own members only, skipping their values: each must be one the state file has
/// (`format`, `version`, `screen`, `language`, `values`, `properties`), and `format`, when it
/// comes, must say `"swiftkiosk-state"`, which decides at once: what follows it may be cut or
/// corrupt. Running out of bytes before anything says otherwise is a cut: ours. A member the
/// state file lacks, or bytes that are no JSON there, are not.
enum StateObjectPrefix {
    /// The state file's members.
    static let members: [[UInt8]] = ["format", "version", "screen", "language", "values", "properties"].map { Array($0.utf8) }

    /// True when `bytes` (no whole JSON value) could be a state file's object cut short.
    static func isCutShortStateObject(_ bytes: [UInt8]) -> Bool {
        var reader = Reader(bytes: bytes)
        reader.skipSpace()
        guard let open = reader.next() else { return true }
        guard open == UInt8(ascii: "{") else { return false }
        while true {
            reader.skipSpace()
            guard let quote = reader.next() else { return true }
            guard quote == UInt8(ascii: "\"") else { return false }
            guard let key = reader.string() else {
                // Cut inside the name: a beginning of one of the members.
                return members.contains { $0.starts(with: reader.partial) }
            }
            guard members.contains(key) else { return false }
            reader.skipSpace()
            guard let colon = reader.next() else { return true }
            guard colon == UInt8(ascii: ":") else { return false }
            reader.skipSpace()
            if key == Array("format".utf8) {
                guard let quote = reader.next() else { return true }
                guard quote == UInt8(ascii: "\"") else { return false }
                let name = Array(StateFile.formatName.utf8)
                guard let format = reader.string() else { return name.starts(with: reader.partial) }
                return format == name
            }
            guard let end = reader.skipValue() else { return true }
            // The object closed without a format: complete, and no state file.
            guard end == UInt8(ascii: ",") else { return false }
        }
    }

    /// A cursor over the bytes.
    private struct Reader {
        let bytes: [UInt8]
        var index = 0
        /// What `string()` read before the bytes ran out.
        var partial: [UInt8] = []

        mutating func next() -> UInt8? {
            guard index < bytes.count else { return nil }
            defer { index += 1 }
            return bytes[index]
        }

        mutating func skipSpace() {
            while index < bytes.count, StateFile.isWhiteSpace(bytes[index]) { index += 1 }
        }

        /// The raw bytes of a string whose opening quote was read, up to its closing one; nil
        /// when the bytes end first (`partial` then holds what there was). Escapes are kept as
        /// written: no member's name has one.
        mutating func string() -> [UInt8]? {
            var text: [UInt8] = []
            while let byte = next() {
                if byte == UInt8(ascii: "\"") { return text }
                text.append(byte)
                if byte == UInt8(ascii: "\\"), let escaped = next() { text.append(escaped) }
            }
            partial = text
            return nil
        }

        /// Skips one member's value (strings, nesting) up to the `,` or `}` that ends it and
        /// returns that byte; nil when the bytes end first.
        mutating func skipValue() -> UInt8? {
            var depth = 0
            while let byte = next() {
                switch byte {
                case UInt8(ascii: "\""):
                    guard string() != nil else { return nil }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 { return byte }
                    depth -= 1
                case UInt8(ascii: ","):
                    if depth == 0 { return byte }
                default:
                    break
                }
            }
            return nil
        }
    }
}
