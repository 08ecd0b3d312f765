/// The control types a config may name, by their `"type"`: the one place a type name becomes
/// a description type (`ControlDescription`) and so a decoder and a factory.
///
/// A value, handed to `ConfigLoader.decode(…, registry:)` (and to `KioskCommand.main`), never
/// a global that something registers into: two configs decoded at the same time may know
/// different controls, and the checking of one never depends on what ran before it.
///
/// ```swift
/// let registry = ControlRegistry.standard.registering(LampDescription.self)
/// let config = try ConfigLoader.decode(text, file: "kiosk.json", registry: registry)
/// ```
///
/// The built-in controls register themselves exactly as an app's own do (`standard`, in
/// KioskControls: this module names none of them).
public struct ControlRegistry: Sendable {
    /// Type name → description type.
    private var types: [String: any ControlDescription.Type] = [:]

    /// A registry that knows no control type at all (a config with any control is rejected).
    public init() {}

    /// Adds `type` under its `typeName`.
    ///
    /// A name registered twice is a programmer error (the second type would silently win or
    /// lose) and stops the program with a message naming both types.
    public mutating func register(_ type: any ControlDescription.Type) {
        let name = type.typeName
        if let existing = types[name] {
            preconditionFailure("ControlRegistry: the control type \"\(name)\" is already registered by "
                                + "\(existing); \(type) needs another name")
        }
        precondition(!name.isEmpty, "ControlRegistry: \(type) has an empty typeName")
        types[name] = type
    }

    /// This registry with `type` added under its `typeName` (see `register(_:)`).
    public func registering(_ type: any ControlDescription.Type) -> ControlRegistry {
        var registry = self
        registry.register(type)
        return registry
    }

    /// Every registered type name, sorted: what an unknown `"type"` is told to choose from.
    public var typeNames: [String] { types.keys.sorted() }

    /// The description type registered as `typeName`, or nil.
    public func descriptionType(named typeName: String) -> (any ControlDescription.Type)? { types[typeName] }

    /// Where `ControlConfig` finds the registry in a decoder's `userInfo`. `ConfigLoader` puts
    /// its registry there; set it when decoding a config with another decoder (without it,
    /// no control type is known).
    public static let userInfoKey = CodingUserInfoKey(rawValue: "KioskConfig.ControlRegistry")!
}
