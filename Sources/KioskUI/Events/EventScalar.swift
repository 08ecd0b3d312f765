/// A scalar carried in an event's value: what a JSON line can say about one field.
///
/// Literals make values short to write: `send(.toggled, value: ["on": true])`,
/// `["angle": 90]`, `["button": "ok"]`.
public enum EventScalar: Sendable, Equatable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByStringLiteral {
    /// A number (written rounded to three decimals).
    case number(Double)
    /// A string.
    case string(String)
    /// A Boolean.
    case bool(Bool)

    public init(floatLiteral value: Double) { self = .number(value) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(stringLiteral value: String) { self = .string(value) }

    /// The number, if this is one.
    public var number: Double? { if case .number(let n) = self { n } else { nil } }
    /// The string, if this is one.
    public var string: String? { if case .string(let s) = self { s } else { nil } }
    /// The truth value, if this is one.
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }

    /// What the value is, for messages that say what was found: "a string", "a boolean",
    /// "a number" (a number that is not finite says which: "nan", "inf").
    public var kindDescription: String {
        if case .number(let n) = self, !n.isFinite { return n.description }
        return json.kindDescription
    }
}
