import KioskCore

/// The strings of one language: what each key says (`"menu.title": "Speisekarte"`), read from
/// that language's string file. A file is a JSON object of strings; objects inside it group
/// keys, so `{"menu": {"title": "Menu"}}` and `{"menu.title": "Menu"}` say the same. A string
/// may be a template like any text (`"{cart.count} Artikel"`).
public struct StringTable: Sendable, Equatable {
    /// Every string by its full key.
    public var entries: [String: String]

    /// The strings `entries` holds.
    public init(entries: [String: String] = [:]) { self.entries = entries }
}
