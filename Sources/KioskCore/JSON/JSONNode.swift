/// Where something starts in a JSON text: 1-based line and column. Columns count Unicode
/// scalars (not bytes), so they match what an editor shows for non-ASCII text.
public struct JSONPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) { self.line = line; self.column = column }

    public static let start = JSONPosition(line: 1, column: 1)

    public static func < (a: JSONPosition, b: JSONPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers its source position, so that whoever interprets the
/// document (the config decoder, the touch-script reader) can point at the offending text.
public struct JSONNode: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([JSONNode])
        /// Members in file order; keys are unique (the parser rejects duplicates).
        case object([Member])
    }

    public struct Member: Sendable, Equatable {
        public var key: String
        public var keyPosition: JSONPosition
        public var value: JSONNode

        public init(key: String, keyPosition: JSONPosition, value: JSONNode) {
            self.key = key; self.keyPosition = keyPosition; self.value = value
        }
    }

    public var kind: Kind
    /// Position of the value's first character (`{`, `[`, `"`, a digit, `-`, `t`, `f`, `n`).
    public var position: JSONPosition

    public init(_ kind: Kind, at position: JSONPosition) { self.kind = kind; self.position = position }

    /// The value without positions.
    public var value: JSONValue {
        switch kind {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let members):
            return .object(JSONObject(trustedMembers: members.map { .init(key: $0.key, value: $0.value.value) }))
        }
    }

    /// "a number", "an object", "null", … for messages such as "expected a string, found a number".
    public var kindDescription: String {
        switch kind {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    public var members: [Member]? { if case .object(let m) = kind { return m } else { return nil } }
    public var elements: [JSONNode]? { if case .array(let e) = kind { return e } else { return nil } }

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSONNode? { members?.first { $0.key == key }?.value }
}
