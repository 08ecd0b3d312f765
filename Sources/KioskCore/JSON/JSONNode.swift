/// Where something starts in a JSON text: 1-based line and column. Columns count Unicode
/// scalars (not bytes), so they match what an editor shows for non-ASCII text.
package struct JSONPosition: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 1-based line.
    package var line: Int
    /// 1-based column, in Unicode scalars.
    package var column: Int

    /// A position at `line` and `column`, both 1-based.
    package init(line: Int, column: Int) { self.line = line; self.column = column }

    /// The first character of a text.
    package static let start = JSONPosition(line: 1, column: 1)

    package static func < (a: JSONPosition, b: JSONPosition) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    package var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers its source position, so that whoever interprets the
/// document (the config decoder, the control socket's request check) can point at the
/// offending text.
///
/// The same JSON as ``JSONValue``, at the other end of the pipe: a node is text being read
/// (immutable, every value and key with the place it was written, members in file order
/// with duplicates refused by the parser, equal only at the same positions), a value is
/// JSON being written or compared (built in code, edited in place, equal by contents).
/// ``value`` turns the one into the other; what the six kinds are called is said once, by
/// ``JSONValue/kindDescription``.
package struct JSONNode: Sendable, Equatable {
    /// What the value is, with its contents; arrays and objects hold nodes, so every element keeps its position too.
    package enum Kind: Sendable, Equatable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number (JSON numbers are doubles here, as in JavaScript).
        case number(Double)
        /// A string, unescaped.
        case string(String)
        /// Elements in file order.
        case array([JSONNode])
        /// Members in file order; keys are unique (the parser rejects duplicates).
        case object([Member])
    }

    /// One `"key": value` pair of an object.
    package struct Member: Sendable, Equatable {
        /// The key, unescaped.
        package var key: String
        /// Where the key's opening quote is: unknown-key errors point here.
        package var keyPosition: JSONPosition
        /// The member's value.
        package var value: JSONNode

        /// A member `key` at `keyPosition` with `value`.
        package init(key: String, keyPosition: JSONPosition, value: JSONNode) {
            self.key = key; self.keyPosition = keyPosition; self.value = value
        }
    }

    /// The value.
    package var kind: Kind
    /// Position of the value's first character (`{`, `[`, `"`, a digit, `-`, `t`, `f`, `n`).
    package var position: JSONPosition

    /// A node holding `kind` that starts at `position`.
    package init(_ kind: Kind, at position: JSONPosition) { self.kind = kind; self.position = position }

    /// `value` as a node, every part of it placed at `position`: JSON made in code (a run-time
    /// change) given to what reads nodes (the config decoder).
    package init(value: JSONValue, at position: JSONPosition) {
        switch value {
        case .null: self.init(Kind.null, at: position)
        case .bool(let b): self.init(Kind.bool(b), at: position)
        case .number(let n): self.init(Kind.number(n), at: position)
        case .string(let s): self.init(Kind.string(s), at: position)
        case .array(let elements): self.init(Kind.array(elements.map { JSONNode(value: $0, at: position) }), at: position)
        case .object(let object):
            self.init(Kind.object(object.members.map {
                Member(key: $0.key, keyPosition: position, value: JSONNode(value: $0.value, at: position))
            }), at: position)
        }
    }

    /// The value without positions.
    package var value: JSONValue {
        switch kind {
        case .array(let elements): return .array(elements.map(\.value))
        case .object(let members):
            return .object(JSONObject(trustedMembers: members.map { .init(key: $0.key, value: $0.value.value) }))
        case .null, .bool, .number, .string: return shape
        }
    }

    /// The value with arrays and objects left empty: its kind, and a scalar as it is, without
    /// copying a subtree to say what it is.
    var shape: JSONValue {
        switch kind {
        case .null: return .null
        case .bool(let b): return .bool(b)
        case .number(let n): return .number(n)
        case .string(let s): return .string(s)
        case .array: return .array([])
        case .object: return .object(JSONObject())
        }
    }

    /// "a number", "an object", "null", … for messages such as "expected a string, found a
    /// number": what ``JSONValue/kindDescription`` says of the same value.
    package var kindDescription: String { shape.kindDescription }

    /// The members when the node is an object, else nil.
    package var members: [Member]? { if case .object(let m) = kind { return m } else { return nil } }
    /// The elements when the node is an array, else nil.
    package var elements: [JSONNode]? { if case .array(let e) = kind { return e } else { return nil } }

    /// The member named `key` when this is an object.
    package subscript(key: String) -> JSONNode? { members?.first { $0.key == key }?.value }
}
