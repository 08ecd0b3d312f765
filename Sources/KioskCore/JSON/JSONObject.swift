/// A JSON object whose members keep their insertion order and whose keys are unique.
///
/// Order matters twice in the kiosk: output must be byte-for-byte deterministic, and a
/// decoded document reports problems in the order a person reads the file. Objects here are
/// small (a handful of keys), so lookup is a linear scan rather than a hash table.
public struct JSONObject: Sendable, Equatable, RandomAccessCollection, CustomStringConvertible {
    /// One key and its value.
    public struct Member: Sendable, Equatable {
        /// The key.
        public var key: String
        /// The value.
        public var value: JSONValue

        /// A member `key` with `value`.
        public init(key: String, value: JSONValue) { self.key = key; self.value = value }
    }

    /// The members in insertion order; keys are unique.
    public private(set) var members: [Member]

    /// An empty object.
    public init() { members = [] }

    /// Members in the given order; a repeated key is a programming error and traps.
    public init(uniqueMembers pairs: some Sequence<(String, JSONValue)>) {
        members = []
        for (key, value) in pairs {
            precondition(index(forKey: key) == nil, "duplicate JSON key \"\(key)\"")
            members.append(Member(key: key, value: value))
        }
    }

    /// Members already known to have unique keys (the parser checked them).
    init(trustedMembers: [Member]) { members = trustedMembers }

    public var startIndex: Int { members.startIndex }
    public var endIndex: Int { members.endIndex }
    public subscript(position: Int) -> Member { members[position] }

    /// The keys in insertion order.
    public var keys: [String] { members.map(\.key) }

    /// The index of the member with `key`, or nil.
    public func index(forKey key: String) -> Int? { members.firstIndex { $0.key == key } }

    /// Reading gives the member's value or nil. Writing replaces an existing member in place
    /// (keeping its position), appends a new one at the end, or removes it when set to nil.
    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { members[$0].value } }
        set {
            switch (index(forKey: key), newValue) {
            case (let i?, let v?): members[i].value = v
            case (let i?, nil): members.remove(at: i)
            case (nil, let v?): members.append(Member(key: key, value: v))
            case (nil, nil): break
            }
        }
    }

    /// Equal when the same keys hold equal values in the same order.
    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.members == b.members }

    public var description: String { JSONValue.object(self).serialized() }
}
