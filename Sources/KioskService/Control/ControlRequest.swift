import KioskConfig
import KioskControls
import KioskCore

/// One request, parsed and checked against its op's fields (`ControlOperation.fields`) before
/// anything is done: an unknown op, an unknown, missing or wrong-typed field is refused with a
/// message naming it.
///
/// Messages are short, lower case, without a final full stop; JSON names are in double
/// quotes, and what was found follows in parentheses: `"control" must be a string (found a
/// number)`. Documentation/Contracts.md lists them.
struct ControlRequest {
    /// The request's `id`, echoed by the reply as written; nil when it had none.
    var id: RequestID?
    /// The op it names, from `ControlOperationTable.standard`.
    var op: ControlOperation
    /// The fields other than `op` and `id`, by name, with their source nodes.
    var fields: [String: JSONNode]

    /// A refused request: the reply's `error`, and the id when it could be read.
    struct Refusal: Error {
        var id: RequestID?
        var message: String
    }

    /// Parses `text` (one line) and checks it; throws the refusal to reply with.
    static func parse(_ text: String) throws(Refusal) -> ControlRequest {
        let node: JSONNode
        do { node = try JSONParser(maxDepth: 64).parse(text) } catch {
            throw Refusal(message: "request is not JSON: \(error)")
        }
        guard let members = node.members else {
            throw Refusal(message: "request must be a JSON object (found \(node.kindDescription))")
        }
        var id: RequestID?
        if let idNode = node["id"] {
            switch idNode.kind {
            case .string, .number, .bool, .null: id = RequestID(scalarAt: idNode.position, in: text)
            default: throw Refusal(message: "\"id\" must be a string, a number, a boolean or null (found \(idNode.kindDescription))")
            }
        }
        guard let opNode = node["op"] else { throw Refusal(id: id, message: "missing field \"op\"") }
        guard case .string(let name) = opNode.kind else {
            throw Refusal(id: id, message: "\"op\" must be a string (found \(opNode.kindDescription))")
        }
        guard let op = ControlOperationTable.standard.operation(named: name) else {
            throw Refusal(id: id, message: unknownOpMessage(name))
        }
        var fields: [String: JSONNode] = [:]
        let specs = op.fields
        for member in members where member.key != "id" && member.key != "op" {
            guard let spec = op.field(named: member.key) else {
                throw Refusal(id: id, message: unknownFieldMessage(member.key, op: op))
            }
            guard spec.type.matches(member.value) else {
                throw Refusal(id: id, message: "\(JSONWriter.quoted(spec.name)) must be \(spec.type.described) "
                              + "(found \(member.value.kindDescription))")
            }
            fields[member.key] = member.value
        }
        if let missing = specs.first(where: { $0.required && fields[$0.name] == nil }) {
            throw Refusal(id: id, message: "missing field \(JSONWriter.quoted(missing.name)) (\(op.name) needs "
                          + specs.filter(\.required).map { JSONWriter.quoted($0.name) }.joined(separator: " and ") + ")")
        }
        return ControlRequest(id: id, op: op, fields: fields)
    }

    /// The boolean field `name` (already checked to be one), if present.
    func bool(_ name: String) -> Bool? {
        if case .bool(let b)? = fields[name]?.kind { b } else { nil }
    }

    /// The string field `name` (already checked to be one), if present.
    func string(_ name: String) -> String? {
        if case .string(let s)? = fields[name]?.kind { s } else { nil }
    }

    private static func unknownOpMessage(_ name: String) -> String {
        let ops = ControlOperationTable.standard.names
        if let suggestion = Suggestion.suggestion(for: name, among: ops) {
            return "unknown op \(JSONWriter.quoted(name)); did you mean \(JSONWriter.quoted(suggestion))?"
        }
        return "unknown op \(JSONWriter.quoted(name)); ops: \(ops.joined(separator: ", "))"
    }

    private static func unknownFieldMessage(_ name: String, op: ControlOperation) -> String {
        let known = op.fields.map(\.name)
        let head = "unknown field \(JSONWriter.quoted(name)) for \(op.name)"
        if let suggestion = Suggestion.suggestion(for: name, among: known) {
            return "\(head); did you mean \(JSONWriter.quoted(suggestion))?"
        }
        if known.isEmpty { return "\(head) (it takes none)" }
        return "\(head) (it takes \(known.map { JSONWriter.quoted($0) }.joined(separator: ", ")))"
    }
}
