/// One setting of a control that its owner may change while the kiosk runs: a config key that
/// is also a field of the socket's and MQTT's `set`, a line of `get`, an entry of the state
/// file (when it `persists`) and, on the live control, a Swift property.
///
/// A control type lists its properties in `ControlDescription.properties`; every control
/// also has `enabled` and `visible` (`ControlConfig.commonProperties`). A run-time change is
/// checked by decoding the control's config object again with the new value in place, so it
/// is accepted or refused with exactly the messages the config file gets, and then made by
/// `ControlDescription.apply(to:)`.
public struct ControlProperty: Sendable, Equatable {
    /// What a property's value is, for the documentation and for `kiosk ctl`'s words: the
    /// config decoder still checks every value.
    public enum Kind: String, Sendable, Equatable {
        /// Display text (a template may insert other controls' values: see `TextTemplate`).
        case text
        /// `"#RRGGBB"` or `"#RRGGBBAA"`; null takes the theme's.
        case color
        /// `true` or `false`.
        case boolean
        /// A number.
        case number
        /// One word of a fixed list (`align`: `start`, `center`, `end`).
        case keyword
        /// A Pango font description (`"sans-serif bold 24"`).
        case font
        /// A file path, relative to the config's folder.
        case path
        /// An icon's name (`lightbulb`) or, where the control also takes a picture, a file
        /// path as for `path`: the value's shape says which (`IconCatalog.isIconName`).
        case icon
    }

    /// The config key.
    public var name: String
    /// What its value is.
    public var kind: Kind
    /// Whether a run-time change is kept in the state file and restored at the next start.
    public var persists: Bool
    /// Older spellings of the same key: setting the property removes them from the control's
    /// config object, so that the two never meet (`align` replaces `alignment`).
    public var aliases: [String]

    /// A property `name` of `kind`; by default it persists and has no other spelling.
    public init(_ name: String, _ kind: Kind, persists: Bool = true, aliases: [String] = []) {
        self.name = name
        self.kind = kind
        self.persists = persists
        self.aliases = aliases
    }
}
