import KioskCore

/// What a control reports to the outside world (stdout JSON lines, IPC, state file) and to
/// its observers. Mirrors UIKit's target–action: `valueChanged` while dragging,
/// `valueCommitted` when the interaction ends, `tapped` for buttons, and any kind a control
/// of your own declares.
public struct ControlEvent: Sendable, Equatable, CustomStringConvertible {
    /// When it happened: the time of the input or simulation step that caused it.
    public var time: Instant
    /// The id of the control, panel or popup the event is about.
    public var source: String
    /// What happened; its `rawValue` is the JSON line's `"event"`.
    public var kind: Kind
    /// Ordered fields of the event's `value` object; empty when the event has no value.
    public var value: [(name: String, value: EventScalar)]
    /// Who caused it. The scene stamps every event it is given with the origin of what it is
    /// handling at the time (`Scene.eventOrigin`), so a value given here is replaced by
    /// `Scene.post`; it matters only for events that are never posted.
    public var origin: Origin
    /// What a channel that must not carry a secret sends as the value instead (a masked
    /// field's `submitted`: `{"length": 4}` for MQTT without `maskedText`); nil: the value
    /// holds no secret and goes out as it is everywhere.
    public var disclosedValue: [(name: String, value: EventScalar)]?

    /// Makes an event; controls usually call `Control.send(_:value:)` instead, which stamps
    /// it with the host's time and the control's id.
    public init(time: Instant, source: String, kind: Kind, value: [(name: String, value: EventScalar)] = [],
                origin: Origin = .touch) {
        self.time = time; self.source = source; self.kind = kind; self.value = value; self.origin = origin
    }

    /// The value field called `name` (the first one, should a control send a name twice).
    public subscript(name: String) -> EventScalar? {
        value.first { $0.name == name }?.value
    }

    public static func == (a: ControlEvent, b: ControlEvent) -> Bool {
        a.time == b.time && a.source == b.source && a.kind == b.kind && a.origin == b.origin
            && a.value.map(\.name) == b.value.map(\.name) && a.value.map(\.value) == b.value.map(\.value)
            && a.disclosedValue?.map(\.name) == b.disclosedValue?.map(\.name)
            && a.disclosedValue?.map(\.value) == b.disclosedValue?.map(\.value)
    }

    /// The event as a channel that must not carry a secret sends it: `value` replaced by
    /// `disclosedValue` when it has one, else the event itself.
    public var disclosed: ControlEvent {
        guard let disclosedValue else { return self }
        var event = self
        event.value = disclosedValue
        event.disclosedValue = nil
        return event
    }
}

extension ControlEvent {
    /// The `source` of the events about the kiosk as a whole rather than one element of it
    /// (`reloaded`, `screenChanged`, `screenOff`): never a control's id in practice.
    public static let kioskSource = "kiosk"
}

extension ControlEvent {
    /// The kind of an event: an open set of names, like the application-reserved bits of
    /// `UIControl.Event`. The built-in kinds are static members; a control of your own
    /// declares its own:
    ///
    ///     extension ControlEvent.Kind {
    ///         static let toggled: Self = "toggled"
    ///     }
    ///
    /// A kind is its name: two kinds with the same `rawValue` are equal, whatever else they
    /// say. Choose names that cannot clash with the built-ins below.
    public struct Kind: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The name, as written into the JSON line's `"event"`.
        public let rawValue: String
        /// Whether a newer event of this kind from the same source replaces an older one that
        /// is still waiting for the frame (the latest value wins, in the older one's place), so
        /// that a continuous change goes out at most once per frame. A kind declares it where
        /// it is made: `valueChanged` does, and so may a control's own continuous kinds
        /// (`Kind("scrubbed", coalesces: true)`).
        public let coalesces: Bool

        /// A kind called `name`; `coalesces` as for `coalesces`.
        public init(_ name: String, coalesces: Bool = false) {
            self.rawValue = name
            self.coalesces = coalesces
        }

        /// The kind called `rawValue`. A built-in read back from its name behaves as the one
        /// it names (`"valueChanged"` coalesces); any other name is a kind that does not
        /// coalesce: send the declared kind itself to have it coalesce.
        public init(rawValue: String) {
            self = Self.builtIn.first { $0.rawValue == rawValue } ?? Self(rawValue)
        }

        /// `"toggled"` is `Kind(rawValue: "toggled")`.
        public init(stringLiteral name: String) { self.init(rawValue: name) }

        public static func == (a: Kind, b: Kind) -> Bool { a.rawValue == b.rawValue }
        public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }
        public var description: String { rawValue }

        /// The value changes while a finger drags (at most once per frame per control).
        public static let valueChanged = Kind("valueChanged", coalesces: true)
        /// The interaction that changed the value ended (the finger lifted).
        public static let valueCommitted = Kind("valueCommitted", coalesces: false)
        /// A button was tapped (a lift without moving past the touch slop).
        public static let tapped = Kind("tapped", coalesces: false)
        /// A panel finished sliding in.
        public static let panelShown = Kind("panelShown", coalesces: false)
        /// A panel is completely gone.
        public static let panelDismissed = Kind("panelDismissed", coalesces: false)
        /// A popup dialog's button was tapped (`source` is the popup, `value.button` the button).
        public static let buttonTapped = Kind("buttonTapped", coalesces: false)
        /// A popup finished appearing.
        public static let popupShown = Kind("popupShown", coalesces: false)
        /// A popup is completely gone.
        public static let popupDismissed = Kind("popupDismissed", coalesces: false)
        /// The screen dimmed after a time without input (`source` is `kiosk`, `value.level` the level).
        public static let screenDimmed = Kind("screenDimmed", coalesces: false)
        /// The screen went off (idle, or the control socket's `sleep`; `source` is `kiosk`).
        public static let screenOff = Kind("screenOff", coalesces: false)
        /// The screen is lit again (a touch, a press, `wake`, `keepAwake`; `source` is `kiosk`).
        public static let screenOn = Kind("screenOn", coalesces: false)
        /// The current screen changed (a button's action, `switchScreen`, `back`, a reload that
        /// lost it; `source` is `kiosk`, `value.screen` the new one), when the change starts.
        public static let screenChanged = Kind("screenChanged", coalesces: false)

        /// The owner changed properties of the control (text, colours, `enabled`, …) at run
        /// time; `value` has each changed property's new value (one set back to its default,
        /// null, is left out).
        public static let propertiesChanged = Kind("propertiesChanged", coalesces: false)

        /// A text field's text changed: a key typed or deleted, or the owner's `set`
        /// (`value.text` the whole text). One per key: never merged with the next.
        public static let textChanged = Kind("textChanged", coalesces: false)
        /// OK was pressed on a text field's keypad (`value.text` the text as it stands).
        public static let submitted = Kind("submitted", coalesces: false)

        /// Every kind above, as declared: what a name read back (`init(rawValue:)`) is
        /// looked up in. Each is made with both arguments, since `Kind("tapped")` alone would
        /// be a string literal, which `init(rawValue:)` reads back from this very list.
        static let builtIn: [Kind] = [
            .valueChanged, .valueCommitted, .tapped, .panelShown, .panelDismissed, .buttonTapped, .popupShown,
            .popupDismissed, .screenDimmed, .screenOff, .screenOn, .screenChanged, .propertiesChanged,
            .textChanged, .submitted,
        ]
    }
}
