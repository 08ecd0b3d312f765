/// A JSON value built in code: what the kiosk writes (events, state files, replies) and what
/// tests compare against. Parsed documents are `JSONNode`s, which also remember where each
/// value stood in the source; `JSONNode.value` strips the positions.
///
/// Numbers are `Double`s (RFC 8259 gives no more precision to rely on). Objects keep their
/// keys in insertion order so that output is deterministic byte for byte.
public enum JSONValue: Sendable, Equatable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array, in order.
    case array([JSONValue])
    /// An object, keys in insertion order.
    case object(JSONObject)

    /// The kind of value with its article, as used in messages: "a number", "an object", "null".
    public var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The string, when the value is one; else nil.
    public var stringValue: String? { if case .string(let s) = self { return s } else { return nil } }
    /// The number, when the value is one; else nil.
    public var numberValue: Double? { if case .number(let n) = self { return n } else { return nil } }
    /// The Boolean, when the value is one; else nil.
    public var boolValue: Bool? { if case .bool(let b) = self { return b } else { return nil } }
    /// The elements, when the value is an array; else nil.
    public var arrayValue: [JSONValue]? { if case .array(let a) = self { return a } else { return nil } }
    /// The object, when the value is one; else nil.
    public var objectValue: JSONObject? { if case .object(let o) = self { return o } else { return nil } }

    /// The member named `key` when this is an object, else nil.
    public subscript(key: String) -> JSONValue? { objectValue?[key] }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(floatLiteral value: Double) { self = .number(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// Keys keep the literal's order; a repeated key is a programming error and traps.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(JSONObject(uniqueMembers: elements))
    }
}
