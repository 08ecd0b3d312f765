import KioskCore

/// Problems in a touch script, each with its line number ("touches.jsonl:3: …").
public struct TouchScriptError: Error, CustomStringConvertible, Equatable {
    /// One bad line of a touch script.
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The script's name as the user gave it.
        public var file: String
        /// 1-based line number.
        public var line: Int
        /// What is wrong with the line.
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }
    /// Every problem found, in line order: the whole script is checked before one is reported.
    public var problems: [Problem]
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// The headless input format: one touch event per line (JSON lines), times in milliseconds of
/// virtual time, positions in the panel's own pixel space (before rotation), as a real
/// touchscreen would report them:
///
///     {"t": 0, "type": "down", "id": 0, "x": 137, "y": 115}
///     {"t": 16, "type": "move", "id": 0, "x": 150, "y": 115}
///     {"t": 400, "type": "up", "id": 0}
///
/// Keys and text come in the same lines (`parseInput`): a key by its XKB name, pressed (the
/// default) or released, and text typed at once, from a named device (a scanner):
///
///     {"t": 500, "type": "key", "key": "A"}
///     {"t": 520, "type": "key", "key": "Return", "pressed": false}
///     {"t": 900, "type": "text", "text": "K7QX2M", "device": "ticket"}
///
/// The script is checked as a whole before anything runs: a typo on line 40 must not
/// surface after 39 lines have already driven the kiosk.
public enum TouchScript {
    /// The latest `t` a script may use, in milliseconds: 1e9 ms, about 11.5 days of virtual
    /// time (the agreed limit, shared with `kiosk run --until`). Far beyond any scenario worth
    /// scripting, and far below the 9.2e12 ms where an `Instant` would saturate.
    public static let maximumMilliseconds = 1e9
    /// The largest magnitude of `x` and `y`, in panel pixels: a hundred times the largest
    /// panel. A position further out is a typo or a broken generator, not a touch.
    public static let maximumCoordinate = 1e6

    static let keys: Set<String> = ["t", "type", "id", "x", "y"]
    static let keyKeys: Set<String> = ["t", "type", "key", "pressed"]
    static let textKeys: Set<String> = ["t", "type", "text", "device"]

    /// Parses a whole touch script (JSON lines) into its touch events sorted by time, or
    /// throws every problem it finds; `key` and `text` lines are checked and left out (see
    /// `parseInput`). `file` names the script in the problems.
    public static func parse(_ text: String, file: String) throws(TouchScriptError) -> [TouchEvent] {
        try parseInput(text, file: file).compactMap(\.touchEvent)
    }

    /// Parses a whole script into the input it delivers, sorted by time: touches, keys by
    /// name (`InputEvent.namedKey`) and text (`InputEvent.text`); throws every problem found.
    public static func parseInput(_ text: String, file: String) throws(TouchScriptError) -> [InputEvent] {
        var events: [InputEvent] = []
        var problems: [TouchScriptError.Problem] = []
        var down: [Int: Point] = [:]
        var lastTime = -Double.infinity
        for (index, line) in lines(of: text).enumerated() {
            let lineNumber = index + 1
            if line.isBlank { continue }
            func problem(_ message: String) {
                problems.append(.init(file: file, line: lineNumber, message: message))
            }
            do throws(TouchScriptLineError) {
                let parsed = try parseAnyLine(line)
                if parsed.ms < lastTime {
                    problem("time goes backwards (\(fmt(parsed.ms)) after \(fmt(lastTime)))")
                    continue
                }
                lastTime = parsed.ms
                let event: Line
                switch parsed {
                case .touch(let touch): event = touch
                case let .key(name, pressed, ms):
                    events.append(.namedKey(name, pressed: pressed, .milliseconds(ms)))
                    continue
                case let .text(text, device, ms):
                    events.append(.text(text, device: device, .milliseconds(ms)))
                    continue
                }
                switch event.phase {
                case .down:
                    if down[event.slot] != nil { problem("touch \(event.slot) is already down"); continue }
                    down[event.slot] = event.position
                case .move:
                    if down[event.slot] == nil { problem("touch \(event.slot) moves but is not down"); continue }
                    down[event.slot] = event.position
                case .up, .cancel:
                    guard let last = down.removeValue(forKey: event.slot) else {
                        problem("touch \(event.slot) ends but is not down"); continue
                    }
                    // libinput's touch-up has no position either: the last one stands.
                    events.append(.touch(TouchEvent(slot: event.slot, phase: event.phase, position: last,
                                                    time: .milliseconds(event.ms))))
                    continue
                }
                events.append(.touch(TouchEvent(slot: event.slot, phase: event.phase, position: event.position,
                                                time: .milliseconds(event.ms))))
            } catch {
                problem(error.message)
            }
        }
        guard problems.isEmpty else { throw TouchScriptError(problems: problems) }
        return events
    }

    /// One line of a script as it was read, without its line ending.
    struct SourceLine {
        var text: String
        /// Started with a UTF-8 byte order mark, which only the first line may have.
        var startsWithByteOrderMark: Bool

        var isBlank: Bool { text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } && !startsWithByteOrderMark }
    }

    /// The lines of a script, split on bytes: LF ends a line, and CRs, spaces and tabs before
    /// it are dropped (CRLF files; trailing blanks). A UTF-8 byte order mark at the very start
    /// is skipped, as the config loader does. A CR anywhere else stays in its line, where JSON
    /// reads it as whitespace (RFC 8259 §2). Splitting the `String` on "\n" would miss every
    /// CRLF: Swift reads "\r\n" as one `Character`, which is not equal to "\n".
    static func lines(of text: String) -> [SourceLine] {
        let bytes = Array(text.utf8)
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var lines: [SourceLine] = []
        var start = bytes.starts(with: bom) ? bom.count : 0
        while start <= bytes.count {
            let lf = bytes[start...].firstIndex(of: 0x0A) ?? bytes.count
            var end = lf
            while end > start, [0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
            let slice = bytes[start..<end]
            let marked = !lines.isEmpty && slice.starts(with: bom)
            // Split at ASCII bytes of valid UTF-8, so every slice is valid UTF-8 too.
            lines.append(SourceLine(text: String(decoding: marked ? slice.dropFirst(bom.count) : slice, as: UTF8.self),
                                    startsWithByteOrderMark: marked))
            start = lf + 1
        }
        return lines
    }

    struct TouchScriptLineError: Error { var message: String }
    struct Line { var ms: Double; var phase: TouchPhase; var slot: Int; var position: Point }

    /// One line of any kind.
    enum AnyLine {
        case touch(Line)
        case key(String, pressed: Bool, ms: Double)
        case text(String, device: String?, ms: Double)

        var ms: Double {
            switch self {
            case .touch(let line): return line.ms
            case .key(_, _, let ms), .text(_, _, let ms): return ms
            }
        }
    }

    /// The longest `text` line, in Unicode scalars: a scan or a pasted code, not a document.
    static let maximumTextScalars = 4096

    /// One line, parsed once: a `key` or `text` line, or else a touch (`touchLine(_:)`).
    static func parseAnyLine(_ line: SourceLine) throws(TouchScriptLineError) -> AnyLine {
        if line.startsWithByteOrderMark {
            throw TouchScriptLineError(message: "a byte order mark (U+FEFF) is allowed only at the start of the file")
        }
        let value: JSONValue
        do { value = try JSONParser().parseValue(line.text) } catch {
            throw TouchScriptLineError(message: "column \(column(of: error, in: line.text)): \(error.message)")
        }
        guard let object = value.objectValue else {
            throw TouchScriptLineError(message: "expected an object like {\"t\": 0, \"type\": \"down\", \"id\": 0, \"x\": 10, \"y\": 20}")
        }
        guard let type = object["type"]?.stringValue, type == "key" || type == "text" else {
            return .touch(try touchLine(object))
        }
        let allowed = type == "key" ? keyKeys : textKeys
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw TouchScriptLineError(message: "unknown key \"\(unknown)\" in a \(type) line; expected "
                                       + allowed.sorted().joined(separator: ", "))
        }
        let t = try milliseconds(object)
        if type == "key" {
            guard let name = object["key"]?.stringValue else {
                throw TouchScriptLineError(message: "a key line needs \"key\": a key's name, such as \"A\" or \"Return\"")
            }
            guard KeyAction.named(name) != nil else {
                throw TouchScriptLineError(message: "unknown key \(JSONWriter.quoted(name)); expected one character or one of "
                                           + KeyAction.names.map(\.name).joined(separator: ", "))
            }
            var pressed = true
            if let value = object["pressed"] {
                guard case .bool(let b) = value else { throw TouchScriptLineError(message: "\"pressed\" must be true or false") }
                pressed = b
            }
            return .key(name, pressed: pressed, ms: t)
        }
        guard let text = object["text"]?.stringValue, !text.isEmpty, text.unicodeScalars.count <= maximumTextScalars else {
            throw TouchScriptLineError(message: "a text line needs \"text\": 1 to \(maximumTextScalars) characters")
        }
        var device: String?
        if let value = object["device"] {
            guard let name = value.stringValue, !name.isEmpty else {
                throw TouchScriptLineError(message: "\"device\" must be a device's name")
            }
            device = name
        }
        return .text(text, device: device, ms: t)
    }

    /// A line's `t`, checked before anything becomes an `Instant` (`isFinite` is implied by
    /// the range).
    static func milliseconds(_ object: JSONObject) throws(TouchScriptLineError) -> Double {
        guard let t = object["t"]?.numberValue, t >= 0, t <= maximumMilliseconds else {
            throw TouchScriptLineError(message: "\"t\" must be a number of milliseconds from 0 to \(whole(maximumMilliseconds)) (about 11.5 days)")
        }
        return t
    }

    /// A touch line's object.
    static func touchLine(_ object: JSONObject) throws(TouchScriptLineError) -> Line {
        if let unknown = object.keys.first(where: { !keys.contains($0) }) {
            throw TouchScriptLineError(message: "unknown key \"\(unknown)\"; expected t, type, id, x, y")
        }
        let t = try milliseconds(object)
        guard let typeName = object["type"]?.stringValue else {
            throw TouchScriptLineError(message: "\"type\" must be one of down, move, up, cancel, key, text")
        }
        guard let phase = TouchPhase(rawValue: typeName) else {
            throw TouchScriptLineError(message: "unknown type \"\(typeName)\"; expected down, move, up, cancel, key or text")
        }
        var slot = 0
        if let id = object["id"] {
            guard let n = id.numberValue, n >= 0, n < 64, n == n.rounded() else {
                throw TouchScriptLineError(message: "\"id\" must be a whole number from 0 to 63")
            }
            slot = Int(n)   // a whole number in 0..<64: exact
        }
        var position = Point.zero
        if phase == .down || phase == .move {
            guard let x = object["x"]?.numberValue, let y = object["y"]?.numberValue else {
                throw TouchScriptLineError(message: "\"\(typeName)\" needs numbers \"x\" and \"y\"")
            }
            for (name, v) in [("x", x), ("y", y)] where !(abs(v) <= maximumCoordinate) {
                throw TouchScriptLineError(message: "\"\(name)\" must be a number of panel pixels from -\(whole(maximumCoordinate)) to \(whole(maximumCoordinate))")
            }
            position = Point(x, y)
        }
        return Line(ms: t, phase: phase, slot: slot, position: position)
    }

    /// The column of a JSON error counted from the start of the script's line. The JSON
    /// parser starts a new line at every CR it skips as whitespace, and counts columns from
    /// there; a touch-script line only ends at LF, so the columns before that CR are added
    /// back. (A CR inside a string is itself the error, so every CR before the error is one
    /// the parser skipped.)
    static func column(of error: JSONSyntaxError, in text: String) -> Int {
        guard error.line > 1 else { return error.column }
        let scalars = Array(text.unicodeScalars)
        let returns = scalars.indices.filter { scalars[$0] == "\r" }
        guard error.line - 2 < returns.count else { return error.column }
        return returns[error.line - 2] + 1 + error.column
    }

    /// A limit written as the whole number it is (1e9 → "1000000000"); the limits are
    /// constants far inside Int64, so the conversion is exact.
    private static func whole(_ limit: Double) -> String { String(Int64(limit)) }

    private static func fmt(_ ms: Double) -> String { NumberFormat.milliseconds(ms) }
}
