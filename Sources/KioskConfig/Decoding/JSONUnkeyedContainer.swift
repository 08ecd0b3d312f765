import KioskCore

/// An array index as a coding key: `[2]` in paths.
struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(_ index: Int) { intValue = index }
    init?(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { return nil }
}

/// The unkeyed container of `JSONTreeDecoder`. As the protocol asks, a failed `decode` does not
/// advance `currentIndex`; callers that want to skip a bad element decode `SkippedValue`.
struct JSONUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONTreeDecoder
    let elements: [JSONNode]
    private(set) var currentIndex = 0

    init(decoder: JSONTreeDecoder, elements: [JSONNode]) {
        self.decoder = decoder
        self.elements = elements
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private func currentPath() -> [any CodingKey] { codingPath + [IndexKey(currentIndex)] }

    private func current() throws -> JSONTreeDecoder {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(Any.self, DecodingError.Context(
                codingPath: currentPath(), debugDescription: "expected \(currentIndex + 1) elements, found \(elements.count)"))
        }
        return JSONTreeDecoder(node: elements[currentIndex], codingPath: currentPath(),
                               diagnostics: decoder.diagnostics, userInfo: decoder.userInfo)
    }

    /// Runs `body` on the current element and moves on only if it succeeded.
    private mutating func next<T>(_ body: (JSONTreeDecoder) throws -> T) throws -> T {
        let value = try body(try current())
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex].kind == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try next { try $0.decodeBool() } }
    mutating func decode(_ type: String.Type) throws -> String { try next { try $0.decodeString() } }
    mutating func decode(_ type: Double.Type) throws -> Double { try next { try $0.decodeDouble() } }
    mutating func decode(_ type: Float.Type) throws -> Float { try next { try $0.decodeFloat() } }
    mutating func decode(_ type: Int.Type) throws -> Int { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try next { try $0.decodeInteger(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try next { try $0.decodeInteger(type) } }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let decoder = self.decoder
        return try next { element in try decoder.decodeNested(type, node: element.node, codingPath: element.codingPath) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try next { try $0.container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { try $0.unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder { try next { $0 } }
}

/// Decodes from anything and keeps nothing: used to step over an array element that failed.
struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}
