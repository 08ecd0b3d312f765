import KioskCore

/// The problems found while decoding one document, shared by every decoder and container of
/// that decoding run (a reference type, so that nested `init(from:)` calls all add to one list).
///
/// Decoding is lenient so that one run reports everything: whoever catches an error records it
/// here and carries on with a fallback value. Whoever records a problem must not also throw the
/// error onwards (throw `ProblemAlreadyReported` instead), so nothing is reported twice.
final class Diagnostics {
    struct Entry {
        var path: String
        var position: JSONPosition?
        var message: String
        /// Report order, to keep problems at the same position in a stable order.
        var sequence: Int
    }

    /// The document being decoded; problems without their own position are placed by path.
    let root: JSONNode
    private(set) var entries: [Entry] = []
    /// Warnings: what `kiosk check` mentions about a config that works; the first
    /// `KioskConfiguration.maximumListedWarnings`, the rest only counted.
    private(set) var warningEntries: [Entry] = []
    /// Warnings past `warningEntries`: counted, not kept. A file of a million unused strings
    /// would otherwise print a million lines at every check, start and reload.
    private(set) var unlistedWarnings = 0
    /// What every "did you mean …?" of this run may cost together.
    let suggestionBudget: Suggestion.Budget
    /// Key → member index of each large object that a path went through, by the object's
    /// path: thousands of problems inside an object of thousands of members would otherwise
    /// each scan its members.
    private var memberIndexes: [[PathStep]: [String: Int]] = [:]

    /// One step of a path, unambiguous where the formatted path is not (a key may contain
    /// dots and brackets).
    private enum PathStep: Hashable {
        case index(Int)
        case key(String)
    }

    init(root: JSONNode, suggestionBudget: Suggestion.Budget = Suggestion.Budget()) {
        self.root = root
        self.suggestionBudget = suggestionBudget
    }

    var isEmpty: Bool { entries.isEmpty }

    /// Records `message` at `path`. Without an explicit position, the position of the deepest
    /// node along `path` is used (for a missing key: the object that lacks it).
    func report(_ message: String, at path: [any CodingKey], position: JSONPosition? = nil) {
        entries.append(Entry(path: Self.format(path), position: position ?? self.position(of: path),
                             message: message, sequence: entries.count))
    }

    /// Records a warning: `message` at `path` (placed as `report(_:at:position:)` places a
    /// problem). Past `KioskConfiguration.maximumListedWarnings` it is only counted, and
    /// neither `message` nor the place is made.
    func warn(_ message: @autoclosure () -> String, at path: @autoclosure () -> [any CodingKey],
              position: JSONPosition? = nil) {
        guard warningEntries.count < KioskConfiguration.maximumListedWarnings else {
            unlistedWarnings += 1
            return
        }
        let path = path()
        warningEntries.append(Entry(path: Self.format(path), position: position ?? self.position(of: path),
                                    message: message(), sequence: warningEntries.count))
    }

    /// Records an error thrown while decoding (a `DecodingError` from any decoder, or anything else).
    func report(_ error: any Error, fallbackPath: [any CodingKey]) {
        switch error {
        case is ProblemAlreadyReported:
            return
        case DecodingError.keyNotFound(let key, let context):
            report("missing required key \(JSONWriter.quoted(key.stringValue))", at: context.codingPath)
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
            DecodingError.dataCorrupted(let context):
            report(context.debugDescription, at: context.codingPath)
        default:
            report(String(describing: error), at: fallbackPath)
        }
    }

    /// Problems in document order (by position; report order among equals).
    func problems(file: String) -> [ConfigProblem] { Self.inOrder(entries, file: file) }

    /// Warnings in document order.
    func warnings(file: String) -> [ConfigProblem] {
        Self.inOrder(warningEntries, file: file).map { var warning = $0; warning.isWarning = true; return warning }
    }

    private static func inOrder(_ entries: [Entry], file: String) -> [ConfigProblem] {
        entries.sorted { a, b in
            let pa = a.position ?? JSONPosition(line: .max, column: .max)
            let pb = b.position ?? JSONPosition(line: .max, column: .max)
            return pa != pb ? pa < pb : a.sequence < b.sequence
        }.map { ConfigProblem(file: file, path: $0.path, line: $0.position?.line, column: $0.position?.column,
                              message: $0.message) }
    }

    /// The position of the deepest node that `path` reaches in the document.
    func position(of path: [any CodingKey]) -> JSONPosition {
        var node = root
        var steps: [PathStep] = []
        for key in path {
            if let index = key.intValue, let elements = node.elements, elements.indices.contains(index) {
                node = elements[index]
                steps.append(.index(index))
            } else if let members = node.members, let index = memberIndex(of: key.stringValue, in: members, at: steps) {
                node = members[index].value
                steps.append(.key(key.stringValue))
            } else {
                break
            }
        }
        return node.position
    }

    /// Objects up to this size are scanned; larger ones get an index on first use.
    private static let scannedMemberCount = 16

    private func memberIndex(of key: String, in members: [JSONNode.Member], at path: [PathStep]) -> Int? {
        guard members.count > Self.scannedMemberCount else { return members.firstIndex { $0.key == key } }
        if let index = memberIndexes[path] { return index[key] }
        // The parser rejects repeated keys; for a tree made otherwise, the first one counts.
        let index = Dictionary(members.enumerated().map { ($1.key, $0) }, uniquingKeysWith: { first, _ in first })
        memberIndexes[path] = index
        return index[key]
    }

    /// `screens[0].controls[2].max`: keys joined by dots, array indices in brackets.
    static func format(_ path: [any CodingKey]) -> String {
        var text = ""
        for key in path {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                if !text.isEmpty { text += "." }
                text += key.stringValue
            }
        }
        return text
    }
}

/// Thrown by an `init(from:)` that has already recorded why it cannot produce a value (an
/// unknown control type, say), so that the caller skips the value without reporting again.
struct ProblemAlreadyReported: Error {}
