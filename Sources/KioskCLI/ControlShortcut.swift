import KioskControls
import KioskCore
import KioskService

/// `kiosk ctl`'s readable requests, turned into the JSON the socket takes by the op table's
/// shortcuts (`ControlOperation.Shortcut`):
///
///     kiosk ctl set price lower=3 upper=7   →  {"op": "set", "control": "price", "value": {"lower": 3, "upper": 7}}
///
/// A request that starts with `{` is sent as it is.
struct ControlShortcut {
    /// What `kiosk ctl` does with the reply.
    enum Mode: Equatable {
        /// Print the reply.
        case reply
        /// Print every event that follows (`events`), not the reply.
        case events
        /// Write the reply's PNG to this file (`screenshot OUT.png`).
        case screenshot(FilePath)
    }

    var request: String
    var mode: Mode

    /// The ops with their shortcuts, in the order ctl lists them.
    static let listing = ControlOperationTable.standard.shortcutListing

    /// Every shortcut's name, in the order ctl lists them.
    static let names = listing.map(\.shortcut.name)

    /// Every `--NAME VALUE` option of any shortcut: what `kiosk ctl` accepts besides `--socket`.
    static let optionNames = Set(listing.flatMap(\.shortcut.options).map(\.field))

    /// - Parameters:
    ///   - words: the positionals after `kiosk ctl`.
    ///   - options: the values of `optionNames` as given.
    static func parse(_ words: [String], options: [String: String], command: String) throws(UsageError) -> ControlShortcut {
        func usage(_ message: String) -> UsageError { UsageError(command: command, message: message) }
        guard let name = words.first else { throw usage("a request is missing (\(names.joined(separator: ", ")) or JSON)") }
        let args = Array(words.dropFirst())
        let operation = ControlOperationTable.standard.operation(forShortcut: name)
        let allowed = Set(operation?.shortcut.options.map(\.field) ?? [])
        if let extra = options.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw usage("--\(extra) does not go with '\(name)'")
        }
        if name.hasPrefix("{") {
            guard args.isEmpty else { throw usage("a JSON request is one argument (quote it)") }
            return ControlShortcut(request: name, mode: .reply)
        }
        guard let operation else {
            throw usage("unknown request '\(name)'; requests: \(names.joined(separator: ", ")), or a JSON object")
        }
        let shortcut = operation.shortcut
        let shape = usage("usage: kiosk ctl \(shortcut.synopsis())")
        let count = shortcut.wordCount
        guard args.count >= count.minimum, args.count <= count.maximum ?? .max else { throw shape }
        var object = JSONObject()
        object["op"] = .string(operation.name)
        var words = args[...]
        let file = shortcut.output == .pngFile ? words.popLast().map { FilePath($0) } : nil
        // Only the last argument may be optional or repeated, so the words fill them in order.
        for argument in shortcut.arguments {
            switch argument {
            case .word(let field, _):
                object[field] = .string(words.removeFirst())
            case .optionalWord(let field, _):
                if let word = words.popFirst() { object[field] = .string(word) }
            case .onOff(let field):
                let word = words.removeFirst()
                guard word == "on" || word == "off" else { throw shape }
                object[field] = .bool(word == "on")
            case .assignments(let field):
                object[field] = .object(try assignments(words, usage: usage))
                words = []
            }
        }
        for option in shortcut.options {
            guard let text = options[option.field] else { continue }
            if let described = option.number {
                guard let number = Double(text), number.isFinite else {
                    throw usage("--\(option.field) must be \(described), not '\(text)'")
                }
                object[option.field] = .number(number)
            } else {
                object[option.field] = .string(text)
            }
        }
        let mode: Mode = switch shortcut.output {
        case .reply: .reply
        case .events: .events
        case .pngFile: .screenshot(file!)
        }
        return ControlShortcut(request: JSONValue.object(object).serialized(), mode: mode)
    }

    /// `NAME=VALUE` words as an object's members, each value a `scalar`.
    private static func assignments(_ words: ArraySlice<String>,
                                    usage: (String) -> UsageError) throws(UsageError) -> JSONObject {
        var value = JSONObject()
        for assignment in words {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw usage("'\(assignment)' is not NAME=VALUE")
            }
            let field = String(assignment[..<equals])
            guard value[field] == nil else { throw usage("'\(field)' is set twice") }
            value[field] = scalar(String(assignment[assignment.index(after: equals)...]))
        }
        return value
    }

    /// `3` and `-0.5` are numbers, `true` and `false` booleans, `null` null (a property back
    /// to its default), anything else a string.
    static func scalar(_ text: String) -> JSONValue {
        if text == "true" { return true }
        if text == "false" { return false }
        if text == "null" { return .null }
        if let n = Double(text), n.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) { return .number(n) }
        return .string(text)
    }
}
