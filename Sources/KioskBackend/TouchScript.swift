import KioskCore

/// Problems in a touch script, each with its line number ("touches.jsonl:3: …").
public struct TouchScriptError: Error, CustomStringConvertible, Equatable {
    public struct Problem: Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var line: Int
        public var message: String
        public var description: String { "\(file):\(line): \(message)" }
    }
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
/// The script is checked as a whole before anything runs: a typo on line 40 must not
/// surface after 39 lines have already driven the kiosk.
public enum TouchScript {
    static let keys: Set<String> = ["t", "type", "id", "x", "y"]

    public static func parse(_ text: String, file: String) throws(TouchScriptError) -> [TouchEvent] {
        var events: [TouchEvent] = []
        var problems: [TouchScriptError.Problem] = []
        var down: [Int: Point] = [:]
        var lastTime = -Double.infinity
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = rawLine.trimmingSuffix(while: { $0 == "\r" || $0 == " " || $0 == "\t" })
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            func problem(_ message: String) {
                problems.append(.init(file: file, line: lineNumber, message: message))
            }
            do throws(TouchScriptLineError) {
                let event = try parseLine(String(line))
                if event.ms < lastTime {
                    problem("time goes backwards (\(fmt(event.ms)) after \(fmt(lastTime)))")
                    continue
                }
                lastTime = event.ms
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
                    events.append(TouchEvent(slot: event.slot, phase: event.phase, position: last, time: .milliseconds(event.ms)))
                    continue
                }
                events.append(TouchEvent(slot: event.slot, phase: event.phase, position: event.position, time: .milliseconds(event.ms)))
            } catch {
                problem(error.message)
            }
        }
        guard problems.isEmpty else { throw TouchScriptError(problems: problems) }
        return events
    }

    struct TouchScriptLineError: Error { var message: String }
    struct Line { var ms: Double; var phase: TouchPhase; var slot: Int; var position: Point }

    static func parseLine(_ text: String) throws(TouchScriptLineError) -> Line {
        let value: JSONValue
        do { value = try JSONParser().parseValue(text) } catch {
            throw TouchScriptLineError(message: "column \(error.column): \(error.message)")
        }
        guard let object = value.objectValue else {
            throw TouchScriptLineError(message: "expected an object like {\"t\": 0, \"type\": \"down\", \"id\": 0, \"x\": 10, \"y\": 20}")
        }
        if let unknown = object.keys.first(where: { !keys.contains($0) }) {
            throw TouchScriptLineError(message: "unknown key \"\(unknown)\"; expected t, type, id, x, y")
        }
        guard let t = object["t"]?.numberValue, t.isFinite, t >= 0 else {
            throw TouchScriptLineError(message: "\"t\" must be a number of milliseconds ≥ 0")
        }
        guard let typeName = object["type"]?.stringValue else {
            throw TouchScriptLineError(message: "\"type\" must be one of down, move, up, cancel")
        }
        guard let phase = TouchPhase(rawValue: typeName) else {
            throw TouchScriptLineError(message: "unknown type \"\(typeName)\"; expected down, move, up or cancel")
        }
        var slot = 0
        if let id = object["id"] {
            guard let n = id.numberValue, n >= 0, n < 64, n == n.rounded() else {
                throw TouchScriptLineError(message: "\"id\" must be a whole number from 0 to 63")
            }
            slot = Int(n)
        }
        var position = Point.zero
        if phase == .down || phase == .move {
            guard let x = object["x"]?.numberValue, let y = object["y"]?.numberValue, x.isFinite, y.isFinite else {
                throw TouchScriptLineError(message: "\"\(typeName)\" needs numbers \"x\" and \"y\"")
            }
            position = Point(x, y)
        }
        return Line(ms: t, phase: phase, slot: slot, position: position)
    }

    private static func fmt(_ ms: Double) -> String { Instant.formatMilliseconds(ms) }
}

extension Substring {
    func trimmingSuffix(while predicate: (Character) -> Bool) -> Substring {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
