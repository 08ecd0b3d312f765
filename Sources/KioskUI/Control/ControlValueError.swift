/// Why a control refused a value set from outside (``Control/setValue(_:sendsEvents:)``): the
/// message names the control and the field, as a reply to a client or a state-file warning.
public struct ControlValueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong, naming the control and the field.
    public var message: String

    /// An error saying `message`.
    public init(_ message: String) { self.message = message }

    public var description: String { message }

    /// The fields of `fields` that are not among `known`, as an error (nil when all are known).
    public static func unknownFields(_ fields: [(name: String, value: EventScalar)], known: [String],
                                     control id: String) -> ControlValueError? {
        let unknown = fields.map(\.name).filter { !known.contains($0) }
        guard let first = unknown.first else { return nil }
        let list = known.map { "'\($0)'" }.joined(separator: ", ")
        return ControlValueError("'\(id)' has no field '\(first)' (its value has \(list))")
    }

    /// The number in `field`, or the error for a field of another type or a number that is not finite.
    public static func number(_ field: (name: String, value: EventScalar), control id: String)
        throws(ControlValueError) -> Double {
        guard case .number(let n) = field.value, n.isFinite else {
            throw ControlValueError("'\(id)'.\(field.name) must be a finite number (found \(field.value.kindDescription))")
        }
        return n
    }

    /// The number a `setValue` of a control whose value is the one number field `name` asks
    /// for (the last, when the field comes twice), or nil when `fields` is empty.
    ///
    /// - Throws: the error for another field, or for a value that is not a finite number.
    public static func onlyNumber(named name: String, in fields: [(name: String, value: EventScalar)],
                                  control id: String) throws(ControlValueError) -> Double? {
        if let error = unknownFields(fields, known: [name], control: id) { throw error }
        guard let field = fields.last else { return nil }
        return try number(field, control: id)
    }
}
