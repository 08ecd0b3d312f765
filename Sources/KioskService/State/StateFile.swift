@preconcurrency import Glibc
import KioskCore
import KioskUI

/// The state file's format (Contracts.md, "State file"): one JSON object,
///
///     {"format": "swiftkiosk-state", "version": 1, "screen": "main", "language": "de",
///      "values": {"price": {"lower": 3, "upper": 8}, "angle": {"angle": 90}}}
///
/// written whole (`AtomicFile`) and read back leniently: whatever in it is wrong is reported
/// and skipped, and whatever is right is kept. Only a file that is not this format at all
/// (corrupt, truncated, NUL bytes, too large) is dropped whole, and kept aside as `FILE.bad`
/// (`StateFile+SetAside`); one the kiosk did not write is not read and not replaced
/// (`StateFile+Ownership`).
enum StateFile {
    /// The `format` every state file names: a file without it is not ours.
    static let formatName = "swiftkiosk-state"
    /// The version written and the only one read; a change of meaning gets a new one.
    static let version = 1
    /// The largest state file read. A real one is a few kilobytes (a thousand controls fit in
    /// 100 KiB); a larger file is not ours, and reading it would cost the start its memory.
    static let maximumSize = 1 << 20

    /// What reading found: the state (nil when there was none to use) and what was wrong.
    struct Reading: Sendable, Equatable {
        var state: SavedState?
        /// One line each, without the file name.
        var problems: [String]
        /// Why the file is not one the kiosk wrote, which it must not replace (no state and no
        /// problems then); nil for a state file, a damaged one, or none.
        var foreign: String?
        /// Why the kiosk's own file holds nothing it can use (cut short, NUL bytes, empty,
        /// another version), no state and no problems then: `StateKeeper` sets it aside as
        /// `FILE.bad` and the next write makes a new one. Nil when there was a state, or no file.
        var unusable: String?

        init(state: SavedState?, problems: [String], foreign: String? = nil, unusable: String? = nil) {
            self.state = state
            self.problems = problems
            self.foreign = foreign
            self.unusable = unusable
        }
    }

    /// The file's bytes for `state`: one line of JSON and a newline.
    static func encode(_ state: SavedState) -> [UInt8] {
        var values = JSONObject()
        for saved in state.values {
            var fields = JSONObject()
            for field in saved.fields where fields[field.name] == nil { fields[field.name] = json(field.value) }
            values[saved.id] = .object(fields)
        }
        var object = JSONObject()
        object["format"] = .string(formatName)
        object["version"] = .number(Double(version))
        if let screen = state.screen { object["screen"] = .string(screen) }
        if let language = state.language { object["language"] = .string(language) }
        object["values"] = .object(values)
        if !state.properties.isEmpty {
            var properties = JSONObject()
            for saved in state.properties {
                var fields = JSONObject()
                for property in saved.properties { fields[property.name] = property.value }
                properties[saved.id] = .object(fields)
            }
            object["properties"] = .object(properties)
        }
        var out: [UInt8] = []
        JSONWriter.write(.object(object), style: .spaced, into: &out)
        out.append(UInt8(ascii: "\n"))
        return out
    }

    /// Reads the state file at `path`. A file that does not exist is the first start: no
    /// state and no problem. One that cannot be read is a problem (the errno's text), and one
    /// the kiosk did not write is `foreign`.
    static func read(_ path: FilePath) -> Reading {
        let content = content(at: path)
        if let foreign = foreignReason(of: content) { return Reading(state: nil, problems: [], foreign: foreign) }
        switch content {
        case .none, .notRegular: return Reading(state: nil, problems: [])
        case .unreadable(let reason): return Reading(state: nil, problems: [reason + "; ignored"])
        case .bytes(let bytes): return decode(bytes)
        }
    }

    /// The state in `bytes`, and what was wrong with them.
    static func decode(_ bytes: [UInt8]) -> Reading {
        func dropped(_ why: String) -> Reading { Reading(state: nil, problems: [], unusable: why) }
        guard bytes.count <= maximumSize else { return dropped("larger than \(maximumSize >> 20) MiB") }
        guard !bytes.allSatisfy(isWhiteSpace) else { return dropped("empty file") }
        guard !bytes.allSatisfy({ $0 == 0 || isWhiteSpace($0) }) else {
            return dropped("\(bytes.count) bytes, all NUL (what a power cut can leave)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else { return dropped("not valid UTF-8 text") }
        let root: JSONValue
        do { root = try JSONParser(maxDepth: 16).parseValue(text) } catch {
            return dropped("\(error.message) at line \(error.line), column \(error.column) (a truncated or corrupt file)")
        }
        guard let object = root.objectValue else {
            return dropped("expected an object with \"format\": \"\(formatName)\", found \(root.kindDescription)")
        }
        if let problem = formatProblem(object) { return dropped(problem) }
        guard let number = object["version"]?.numberValue, number == number.rounded(), abs(number) < 1e9 else {
            let found = object["version"].map { $0.numberValue.map(JSONWriter.format) ?? $0.kindDescription } ?? "none"
            return dropped("version must be a whole number (found \(found))")
        }
        guard Int(number) == version else {
            return dropped("version \(Int(number)) is not one this kiosk reads (it reads version \(version))")
        }
        var problems: [String] = []
        for key in object.keys where !["format", "version", "screen", "language", "values", "properties"].contains(key) {
            problems.append("\(JSONWriter.escaped(key)): unknown key; ignored")
        }
        var screen: String?
        switch object["screen"] {
        case nil: break
        case .string(let id)?: screen = id
        case let other?: problems.append("screen: expected a string, found \(other.kindDescription); ignored")
        }
        var language: String?
        switch object["language"] {
        case nil: break
        case .string(let code)?: language = code
        case let other?: problems.append("language: expected a string, found \(other.kindDescription); ignored")
        }
        var values: [SavedState.SavedValue] = []
        switch object["values"] {
        case nil: break
        case .object(let controls)?:
            for control in controls { values += decodeValue(control, problems: &problems) }
        case let other?: problems.append("values: expected an object, found \(other.kindDescription); ignored")
        }
        var properties: [(id: String, properties: [OwnerProperty])] = []
        switch object["properties"] {
        case nil: break
        case .object(let controls)?:
            for control in controls {
                guard let fields = control.value.objectValue else {
                    problems.append("properties.\(JSONWriter.escaped(control.key)): expected an object of properties, found "
                                    + "\(control.value.kindDescription); ignored")
                    continue
                }
                // Each is checked against the config when it is put back (`PropertyModel.restore`).
                properties.append((control.key, fields.map { OwnerProperty(name: $0.key, value: $0.value, persists: true) }))
            }
        case let other?: problems.append("properties: expected an object, found \(other.kindDescription); ignored")
        }
        var state = SavedState(screen: screen, values: values, properties: properties)
        state.language = language
        return Reading(state: state, problems: problems)
    }

    /// What is wrong with `object`'s `format`; nil when it names this format.
    static func formatProblem(_ object: JSONObject) -> String? {
        guard object["format"]?.stringValue != formatName else { return nil }
        let found = object["format"].map { $0.stringValue.map(JSONWriter.quoted) ?? $0.kindDescription } ?? "none"
        return "not a SwiftKiosk state file (format \(found), expected \"\(formatName)\")"
    }

    /// One member of `values`: an object of scalar fields (nothing when it is not one).
    private static func decodeValue(_ member: JSONObject.Member, problems: inout [String]) -> [SavedState.SavedValue] {
        let id = member.key
        guard let object = member.value.objectValue else {
            problems.append("values.\(JSONWriter.escaped(id)): expected an object of fields, found "
                            + "\(member.value.kindDescription); ignored")
            return []
        }
        var fields: [(name: String, value: EventScalar)] = []
        for field in object {
            guard let scalar = EventScalar(field.value) else {
                problems.append("values.\(JSONWriter.escaped(id)).\(JSONWriter.escaped(field.key)): expected a number, "
                                + "a string or a boolean, found "
                                + "\(field.value.kindDescription); ignored")
                continue
            }
            fields.append((field.key, scalar))
        }
        return [SavedState.SavedValue(id: id, fields: fields)]
    }

    private static func json(_ value: EventScalar) -> JSONValue {
        switch value {
        case .number(let n): return n.isFinite ? .number(n) : .null
        case .string(let s): return .string(s)
        case .bool(let b): return .bool(b)
        }
    }
}
