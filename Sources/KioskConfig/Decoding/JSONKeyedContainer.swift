import KioskCore

/// The keyed container of `JSONTreeDecoder`: looks members up by name and notes every key
/// asked about in the object's `KeyUsage`.
struct JSONKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONTreeDecoder
    let members: [JSONNode.Member]
    let usage: KeyUsage

    var codingPath: [any CodingKey] { decoder.codingPath }

    /// The members whose names are valid `Key`s. Listing a key counts as asking for it: a type
    /// that enumerates its keys (a map, an action with one of several names) decides about each.
    var allKeys: [Key] {
        members.enumerated().compactMap { index, member in
            guard let key = Key(stringValue: member.key) else { return nil }
            usage.ask(member.key)
            usage.used[index] = true
            return key
        }
    }

    /// Finds the member for `key` and marks it asked (and used, when present).
    private func lookUp(_ key: Key) -> JSONNode? {
        usage.ask(key.stringValue)
        guard let index = members.firstIndex(where: { $0.key == key.stringValue }) else { return nil }
        usage.used[index] = true
        return members[index].value
    }

    private func require(_ key: Key) throws -> JSONNode {
        guard let node = lookUp(key) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: codingPath, debugDescription: "missing required key \(JSONWriter.quoted(key.stringValue))"))
        }
        return node
    }

    private func child(_ key: Key) throws -> JSONTreeDecoder {
        JSONTreeDecoder(node: try require(key), codingPath: codingPath + [key], diagnostics: decoder.diagnostics,
                        userInfo: decoder.userInfo)
    }

    func contains(_ key: Key) -> Bool { lookUp(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try require(key).kind == .null }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try child(key).decodeBool() }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try child(key).decodeString() }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try child(key).decodeDouble() }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try child(key).decodeFloat() }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try child(key).decodeInteger(type) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try child(key).decodeInteger(type) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try child(key).decodeInteger(type) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try child(key).decodeInteger(type) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try child(key).decodeInteger(type) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try child(key).decodeInteger(type) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try child(key).decodeInteger(type) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.decodeNested(type, node: try require(key), codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try child(key).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try child(key).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder { try child(key) }
}
