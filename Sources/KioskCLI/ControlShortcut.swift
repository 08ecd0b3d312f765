import KioskCore
import KioskService

/// `kiosk ctl`'s readable requests, turned into the JSON the socket takes:
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

    static let names = ["ping", "get", "set", "show-panel", "show-popup", "dismiss", "switch-screen", "back", "reload",
                        "wake", "sleep", "keep-awake", "events", "screenshot"]

    /// - Parameters:
    ///   - words: the positionals after `kiosk ctl`.
    ///   - options: `--title`, `--text`, `--transition`, `--duration` as given.
    static func parse(_ words: [String], options: [String: String], command: String) throws(UsageError) -> ControlShortcut {
        func usage(_ message: String) -> UsageError { UsageError(command: command, message: message) }
        guard let name = words.first else { throw usage("a request is missing (\(names.joined(separator: ", ")) or JSON)") }
        let args = Array(words.dropFirst())
        let allowed: Set<String> = switch name {
        case "show-popup": ["title", "text"]
        case "switch-screen", "back": ["transition", "duration"]
        default: []
        }
        if let extra = options.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw usage("--\(extra) does not go with '\(name)'")
        }
        func arguments(_ range: ClosedRange<Int>, _ shape: String) throws(UsageError) {
            guard range.contains(args.count) else { throw usage("usage: kiosk ctl \(name)\(shape.isEmpty ? "" : " " + shape)") }
        }
        var object = JSONObject()
        var mode = Mode.reply
        if name.hasPrefix("{") {
            guard args.isEmpty else { throw usage("a JSON request is one argument (quote it)") }
            return ControlShortcut(request: name, mode: .reply)
        }
        switch name {
        case "ping", "reload", "wake", "sleep":
            try arguments(0...0, "")
            object["op"] = .string(name)
        case "keep-awake":
            try arguments(1...1, "on|off")
            guard args[0] == "on" || args[0] == "off" else { throw usage("usage: kiosk ctl keep-awake on|off") }
            object["op"] = "keepAwake"
            object["on"] = .bool(args[0] == "on")
        case "events":
            try arguments(0...0, "")
            object["op"] = "subscribe"
            mode = .events
        case "get":
            try arguments(0...1, "[CONTROL]")
            object["op"] = "get"
            if let id = args.first { object["control"] = .string(id) }
        case "set":
            guard args.count >= 2 else { throw usage("usage: kiosk ctl set CONTROL NAME=VALUE …") }
            object["op"] = "set"
            object["control"] = .string(args[0])
            var value = JSONObject()
            for assignment in args.dropFirst() {
                guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                    throw usage("'\(assignment)' is not NAME=VALUE")
                }
                let field = String(assignment[..<equals])
                guard value[field] == nil else { throw usage("'\(field)' is set twice") }
                value[field] = scalar(String(assignment[assignment.index(after: equals)...]))
            }
            object["value"] = .object(value)
        case "show-panel":
            try arguments(1...1, "PANEL")
            object["op"] = "showPanel"
            object["panel"] = .string(args[0])
        case "show-popup":
            try arguments(1...1, "POPUP [--title T] [--text T]")
            object["op"] = "showPopup"
            object["popup"] = .string(args[0])
            if let title = options["title"] { object["title"] = .string(title) }
            if let text = options["text"] { object["text"] = .string(text) }
        case "dismiss":
            try arguments(0...1, "[OVERLAY]")
            object["op"] = "dismiss"
            if let id = args.first { object["overlay"] = .string(id) }
        case "switch-screen", "back":
            if name == "back" { try arguments(0...0, "[--transition T] [--duration S]") } else {
                try arguments(1...1, "SCREEN [--transition T] [--duration S]")
            }
            object["op"] = name == "back" ? "back" : "switchScreen"
            if name != "back" { object["screen"] = .string(args[0]) }
            if let transition = options["transition"] { object["transition"] = .string(transition) }
            if let text = options["duration"] {
                guard let seconds = Double(text), seconds.isFinite else { throw usage("--duration must be seconds, not '\(text)'") }
                object["duration"] = .number(seconds)
            }
        case "screenshot":
            try arguments(1...1, "OUT.png")
            object["op"] = "screenshot"
            mode = .screenshot(FilePath(args[0]))
        default:
            throw usage("unknown request '\(name)'; requests: \(names.joined(separator: ", ")), or a JSON object")
        }
        return ControlShortcut(request: JSONValue.object(object).serialized(), mode: mode)
    }

    /// `3` and `-0.5` are numbers, `true` and `false` booleans, anything else a string.
    static func scalar(_ text: String) -> JSONValue {
        if text == "true" { return true }
        if text == "false" { return false }
        if let n = Double(text), n.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) { return .number(n) }
        return .string(text)
    }
}
