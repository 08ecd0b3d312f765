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

    init(root: JSONNode) { self.root = root }

    var isEmpty: Bool { entries.isEmpty }

    /// Records `message` at `path`. Without an explicit position, the position of the deepest
    /// node along `path` is used (for a missing key: the object that lacks it).
    func report(_ message: String, at path: [any CodingKey], position: JSONPosition? = nil) {
        entries.append(Entry(path: Self.format(path), position: position ?? self.position(of: path),
                             message: message, sequence: entries.count))
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
    func problems(file: String) -> [ConfigProblem] {
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
        for key in path {
            if let index = key.intValue, let elements = node.elements, elements.indices.contains(index) {
                node = elements[index]
            } else if let member = node.members?.first(where: { $0.key == key.stringValue }) {
                node = member.value
            } else {
                break
            }
        }
        return node.position
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
