import KioskCore

/// Changes one value in a config file's text and leaves every other byte as the user wrote
/// it (comments are not JSON, but spacing, key order and line breaks are theirs).
///
/// Used by `kiosk calibrate` to store `input.calibration`. The text must be a valid config
/// (the caller decoded it first); the scan below only has to find member boundaries.
package enum ConfigEditor {
    /// The value could not be changed: the text was not the config it was said to be.
    package struct EditError: Error, CustomStringConvertible {
        package var description: String
    }

    /// `text` with `input.calibration` set to `matrix` (inserted when missing).
    package static func settingCalibration(_ matrix: [Double], in text: String) throws(EditError) -> String {
        let value = "[" + NumberFormat.matrix(matrix) + "]"
        var bytes = Array(text.utf8)
        let scanner = Scanner(bytes: bytes)
        // A UTF-8 byte order mark is allowed before the JSON (the parser skips it too); it stays.
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        guard let root = scanner.object(at: scanner.skipSpace(start)) else {
            throw EditError(description: "the config is not a JSON object")
        }
        if let input = root.members.first(where: { $0.key == "input" }) {
            guard let object = scanner.object(at: input.valueStart) else {
                throw EditError(description: "\"input\" is not an object")
            }
            if let calibration = object.members.first(where: { $0.key == "calibration" }) {
                bytes.replaceSubrange(calibration.valueStart..<calibration.valueEnd, with: Array(value.utf8))
            } else {
                let insertion = "\"calibration\": " + value + (object.members.isEmpty ? "" : ", ")
                bytes.insert(contentsOf: Array(insertion.utf8), at: scanner.skipSpace(object.start + 1))
            }
        } else {
            // A new first member, indented like the member it goes before.
            let first = root.members.first
            let at = first?.keyStart ?? scanner.skipSpace(root.start + 1)
            var indent = ""
            if let first {
                var i = first.keyStart
                while i > 0, bytes[i - 1] == UInt8(ascii: " ") || bytes[i - 1] == UInt8(ascii: "\t") { i -= 1 }
                if i > 0, bytes[i - 1] == UInt8(ascii: "\n") {
                    indent = String(decoding: bytes[i..<first.keyStart], as: UTF8.self)
                }
            }
            let separator = first == nil ? "" : (indent.isEmpty ? ", " : ",\n" + indent)
            bytes.insert(contentsOf: Array(("\"input\": { \"calibration\": " + value + " }" + separator).utf8), at: at)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Finds object members in valid JSON without building values.
    struct Scanner {
        let bytes: [UInt8]

        struct Member { var key: String; var keyStart: Int; var valueStart: Int; var valueEnd: Int }
        struct Object { var start: Int; var end: Int; var members: [Member] }

        func skipSpace(_ i: Int) -> Int {
            var i = i
            while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
            return i
        }

        /// The object starting at `i` (its `{`), or nil.
        func object(at i: Int) -> Object? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
            var members: [Member] = []
            var j = skipSpace(i + 1)
            if j < bytes.count, bytes[j] == UInt8(ascii: "}") { return Object(start: i, end: j + 1, members: []) }
            while j < bytes.count {
                let keyStart = j
                guard let keyEnd = skipString(j) else { return nil }
                let key = String(decoding: bytes[(keyStart + 1)..<(keyEnd - 1)], as: UTF8.self)
                j = skipSpace(keyEnd)
                guard j < bytes.count, bytes[j] == UInt8(ascii: ":") else { return nil }
                let valueStart = skipSpace(j + 1)
                guard let valueEnd = skipValue(valueStart) else { return nil }
                members.append(Member(key: key, keyStart: keyStart, valueStart: valueStart, valueEnd: valueEnd))
                j = skipSpace(valueEnd)
                guard j < bytes.count else { return nil }
                if bytes[j] == UInt8(ascii: "}") { return Object(start: i, end: j + 1, members: members) }
                guard bytes[j] == UInt8(ascii: ",") else { return nil }
                j = skipSpace(j + 1)
            }
            return nil
        }

        /// The index after the string starting at `i`.
        func skipString(_ i: Int) -> Int? {
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { return nil }
            var j = i + 1
            while j < bytes.count {
                if bytes[j] == UInt8(ascii: "\\") { j += 2; continue }
                if bytes[j] == UInt8(ascii: "\"") { return j + 1 }
                j += 1
            }
            return nil
        }

        /// The index after the value starting at `i`.
        func skipValue(_ i: Int) -> Int? {
            guard i < bytes.count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "\""):
                return skipString(i)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0, j = i
                while j < bytes.count {
                    switch bytes[j] {
                    case UInt8(ascii: "\""):
                        guard let end = skipString(j) else { return nil }
                        j = end
                        continue
                    case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                    case UInt8(ascii: "}"), UInt8(ascii: "]"):
                        depth -= 1
                        if depth == 0 { return j + 1 }
                    default: break
                    }
                    j += 1
                }
                return nil
            default:
                var j = i
                while j < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x09, 0x0A, 0x0D]
                    .contains(bytes[j]) { j += 1 }
                return j
            }
        }
    }
}
