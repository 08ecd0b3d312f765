import KioskCore

/// A `Decoder` over a parsed `JSONNode` tree, so that config types are ordinary `Decodable`s
/// while every problem keeps its JSON path and source line.
///
/// On top of what `Decodable` offers, it rejects unknown keys: after a type's `init(from:)`
/// returns, every key of its JSON object that the type never asked about (`contains`,
/// `decode`, `decodeIfPresent`, `nestedContainer`, or listed through `allKeys`) is reported
/// as `unknown key "colour"`, with a suggestion when an asked-for key is close.
struct JSONTreeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let diagnostics: Diagnostics
    /// Which keys of `node` were asked about; nil unless `node` is an object.
    let keyUsage: KeyUsage?
    let userInfo: [CodingUserInfoKey: Any]

    init(node: JSONNode, codingPath: [any CodingKey], diagnostics: Diagnostics,
         userInfo: [CodingUserInfoKey: Any]) {
        self.node = node
        self.codingPath = codingPath
        self.diagnostics = diagnostics
        self.userInfo = userInfo
        keyUsage = node.members.map { KeyUsage(memberCount: $0.count) }
    }

    /// Decodes the whole document as `T`. Returns nil when `T` could not be made at all (the
    /// reason is in `diagnostics`); a non-nil result may still come with problems recorded.
    static func decode<T: Decodable>(_ type: T.Type, from root: JSONNode, diagnostics: Diagnostics,
                                     userInfo: [CodingUserInfoKey: Any] = [:]) -> T? {
        let decoder = JSONTreeDecoder(node: root, codingPath: [], diagnostics: diagnostics, userInfo: userInfo)
        do {
            return try decoder.decodeNested(T.self, node: root, codingPath: [])
        } catch {
            diagnostics.report(error, fallbackPath: [])
            return nil
        }
    }

    /// Decodes a value of the tree through its type's `init(from:)`, then reports the keys it
    /// left unread. Every container goes through here, so the check covers nested values too.
    func decodeNested<T: Decodable>(_ type: T.Type, node: JSONNode, codingPath: [any CodingKey]) throws -> T {
        let decoder = JSONTreeDecoder(node: node, codingPath: codingPath, diagnostics: diagnostics, userInfo: userInfo)
        let value = try T(from: decoder)
        decoder.reportUnknownKeys()
        return value
    }

    /// Linear in the object's size: the candidates (keys asked about but absent) are worked
    /// out once per object, and each unknown key is compared only with those of about its
    /// length, within the run's suggestion budget.
    private func reportUnknownKeys() {
        guard let keyUsage, keyUsage.opened, let members = node.members,
              keyUsage.used.contains(false) else { return }
        let present = Set(members.lazy.map(\.key))
        let candidates = Suggestion.Candidates(keyUsage.asked.filter { !present.contains($0) })
        for (index, member) in members.enumerated() where !keyUsage.used[index] {
            var message = "unknown key \(JSONWriter.quoted(member.key))"
            if let suggestion = candidates.closest(to: member.key, budget: diagnostics.suggestionBudget) {
                message += "; did you mean \(JSONWriter.quoted(suggestion))?"
            }
            diagnostics.report(message, at: codingPath, position: member.keyPosition)
        }
    }

    // MARK: Decoder

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard let members = node.members, let keyUsage else { throw mismatch(expected: "an object") }
        keyUsage.opened = true
        return KeyedDecodingContainer(JSONKeyedContainer<Key>(decoder: self, members: members, usage: keyUsage))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = node.elements else { throw mismatch(expected: "an array") }
        return JSONUnkeyedContainer(decoder: self, elements: elements)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        JSONSingleValueContainer(decoder: self)
    }

    // MARK: Scalars

    func mismatch(expected: String, found: String? = nil) -> DecodingError {
        .typeMismatch(Any.self, DecodingError.Context(
            codingPath: codingPath, debugDescription: "expected \(expected), found \(found ?? node.kindDescription)"))
    }

    func decodeBool() throws -> Bool {
        guard case .bool(let b) = node.kind else { throw mismatch(expected: "true or false") }
        return b
    }

    func decodeString() throws -> String {
        guard case .string(let s) = node.kind else { throw mismatch(expected: "a string") }
        return s
    }

    func decodeDouble() throws -> Double {
        guard case .number(let n) = node.kind else { throw mismatch(expected: "a number") }
        return n
    }

    func decodeFloat() throws -> Float { Float(try decodeDouble()) }

    func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
        guard case .number(let n) = node.kind else { throw mismatch(expected: "an integer") }
        guard n == n.rounded(.towardZero) else { throw mismatch(expected: "an integer", found: JSONWriter.format(n)) }
        guard let value = I(exactly: n) else {
            throw mismatch(expected: "an integer between \(I.min) and \(I.max)", found: JSONWriter.format(n))
        }
        return value
    }
}

/// What a type's `init(from:)` asked of one JSON object, for the unknown-key check.
final class KeyUsage {
    /// True once a keyed container was opened; a type that never looks at the object as an
    /// object (one that keeps the raw value, say) takes no position on its keys.
    var opened = false
    /// Per member, in file order: was it asked about?
    var used: [Bool]
    /// Every key name asked about, present or not, in asking order (suggestion candidates).
    private(set) var asked: [String] = []
    /// The same names, to keep `asked` free of repeats in constant time per key (a type that
    /// lists the keys of an object with 32,000 members asks about every one).
    private var askedSet: Set<String> = []

    init(memberCount: Int) { used = Array(repeating: false, count: memberCount) }

    func ask(_ key: String) {
        if askedSet.insert(key).inserted { asked.append(key) }
    }
}
