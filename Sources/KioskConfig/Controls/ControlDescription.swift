import KioskCore
import KioskUI

/// What one JSON object in a `controls` array describes: a control's type name, its
/// settings as decoded, and how to make the live control from them.
///
/// Every control type, built-in or an app's own, is a `ControlDescription` registered in a
/// `ControlRegistry` under its `typeName`; the object's `"type"` picks the description type,
/// whose `init(from:)` then reads the other keys of the same object. Decode the keys with
/// `decoder.configFields(keyedBy:)` to get the checks the built-ins get: the id claimed in
/// the config's one id namespace, the frame checked against the screen, numbers, colours and
/// text within their limits, and every problem (an unknown key too) reported with the file,
/// the JSON path and the line.
///
/// The description of the lamp the "Writing a control" article builds (its class `Lamp`):
///
/// ```swift
/// struct LampDescription: ControlDescription {
///     static let typeName = "lamp"
///     var id: String
///     var frame: Rect
///     var isOn: Bool
///
///     enum CodingKeys: CodingKey { case id, frame, on }
///
///     init(from decoder: any Decoder) throws {
///         let fields = try decoder.configFields(keyedBy: CodingKeys.self)
///         id = try fields.id(.id) ?? ""
///         frame = try fields.frame(.frame) ?? .zero
///         isOn = try fields.bool(.on, default: false) ?? false
///     }
///
///     func makeControl(in context: ControlContext) -> Control {
///         Lamp(id: id, frame: frame, theme: context.theme, isOn: isOn)
///     }
/// }
/// ```
///
/// The `type` key itself is read by the registry; a description's coding keys leave it out.
public protocol ControlDescription: Sendable, Equatable, Decodable {
    /// The `"type"` that selects this description in a config: `"rangeSlider"`, `"lamp"`.
    static var typeName: String { get }

    /// `id`: unique across the whole config; events name it as their `source`.
    var id: String { get }

    /// `frame`: `[x, y, width, height]` in design-size pixels.
    var frame: Rect { get }

    /// The live control these settings describe, styled by `context.theme` where they leave
    /// something unset. Called once per scene built, after the config was validated, so it
    /// cannot fail; the control still clamps what it is given.
    func makeControl(in context: ControlContext) -> Control

    /// The keys of this type that the owner may change at run time (`kiosk ctl set ID
    /// text=…`, MQTT's `P/set/ID`), besides `enabled` and `visible` which every control has.
    /// Empty by default: a type that lists none can still be shown, hidden and disabled.
    static var properties: [ControlProperty] { get }

    /// Brings a live control made by `makeControl(in:)` (of this type, with the same `id`) to
    /// these settings' `properties`, after a run-time change decoded a new description: set
    /// each Swift property, and the control repaints what changed. Let `makeControl(in:)`
    /// call it too, so that the config and a change take one path. The default does nothing.
    func apply(to control: Control)

    /// The same, with what the change brought along: `context.images` holds the image files
    /// that these settings name, checked (a `source` or an `icon` set at run time), and
    /// `context.icons` the icons they name. A type with image or icon properties shows them
    /// here; the default calls `apply(to:)`.
    func apply(to control: Control, in context: ControlContext)

    /// The controls described inside this one (a list's rows' controls), each made by this
    /// type's `makeControl(in:)` but addressed by id like any other (the owner's `set`, the
    /// state file, templates). Empty by default.
    var children: [ControlConfig] { get }
}

extension ControlDescription {
    public static var properties: [ControlProperty] { [] }
    public func apply(to control: Control) {}
    public func apply(to control: Control, in context: ControlContext) { apply(to: control) }
    public var children: [ControlConfig] { [] }
}

extension ControlDescription {
    /// Whether `other` is a description of the same type with equal settings: what lets a
    /// list of descriptions of different types be compared.
    public func isEqual(to other: any ControlDescription) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

/// What a control factory (`ControlDescription.makeControl(in:)`) gets from the scene being
/// built. A value of its own rather than a list of parameters, so that more can be handed to
/// factories later without changing every description.
public struct ControlContext: Sendable {
    /// The config's theme: colours and font for whatever the description leaves unset.
    public var theme: Theme
    /// The image files the config names, checked, by path as written (`ImageSettings.files`):
    /// what a description with a `source` shows.
    public var images: [String: ImageReference]
    /// The icons the config names, by name (`KioskConfiguration.icons`): what a description
    /// with an `icon` name shows.
    public var icons: [String: IconGlyph]

    /// A context whose controls take `theme` and find their image files in `images`, their
    /// icons in `icons`.
    public init(theme: Theme, images: [String: ImageReference] = [:], icons: [String: IconGlyph] = [:]) {
        self.theme = theme
        self.images = images
        self.icons = icons
    }
}
