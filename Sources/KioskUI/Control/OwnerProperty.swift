import KioskCore

/// One property of a control that its owner changed at run time (`kiosk ctl set title
/// text=…`), as `Control.ownerProperties` keeps it: the config key, the JSON value it was
/// given (null: back to the default), and whether the state file keeps it across a restart.
public struct OwnerProperty: Sendable, Equatable {
    /// The config key.
    public var name: String
    /// The value as the config would write it.
    public var value: JSONValue
    /// Whether the state file keeps it.
    public var persists: Bool

    /// A property `name` set to `value`.
    public init(name: String, value: JSONValue, persists: Bool) {
        self.name = name
        self.value = value
        self.persists = persists
    }
}

extension Control {
    /// Records `changes` as the owner's, latest values winning, first-set order kept.
    package func recordOwnerProperties(_ changes: [OwnerProperty]) {
        for change in changes {
            if let index = ownerProperties.firstIndex(where: { $0.name == change.name }) {
                ownerProperties[index] = change
            } else {
                ownerProperties.append(change)
            }
        }
    }
}
