import KioskCore
import KioskUI

/// One control on a screen or panel: an element of a `controls` array, holding the
/// description of whichever registered type its `"type"` names.
///
/// Every control has an `id` (1…128 Unicode scalars, unique across the whole config; events
/// name it as `source`) and a `frame` (`[x, y, width, height]` in design-size pixels: x and y
/// within ±16384, width and height more than 0 and at most 16384, at least partly on the
/// screen). The rest of its keys are its type's (`LabelConfig`, `ButtonConfig`,
/// `RangeSliderConfig`, `CircularSliderConfig`, or an app's own `ControlDescription`).
public struct ControlConfig: Sendable, Equatable, Decodable {
    /// The control's description, of its registered type: `base as? RangeSliderConfig`.
    public var base: any ControlDescription

    /// `enabled` (default true): false draws the control faded and lets no touch start on it.
    public var isEnabled: Bool
    /// `visible` (default true): false neither draws nor touches the control.
    public var isVisible: Bool
    /// The object as the config wrote it: what a run-time change (`changing(_:designSize:)`)
    /// decodes again with the new values in place. Nil for a config made in code.
    package var source: JSONNode?
    /// The registry the config was decoded with: a change decodes again with it, so a
    /// list's rows find their controls' types (nil: made in code).
    package var registry: ControlRegistry?

    /// A control described by `base` (a config made in code).
    public init(_ base: any ControlDescription, isEnabled: Bool = true, isVisible: Bool = true) {
        self.base = base
        self.isEnabled = isEnabled
        self.isVisible = isVisible
    }

    /// `enabled` and `visible`: the properties every control has, whatever its type.
    public static let commonProperties = [ControlProperty("enabled", .boolean), ControlProperty("visible", .boolean)]

    /// Every property the owner may set at run time: the type's, then `enabled` and `visible`.
    public var properties: [ControlProperty] { type(of: base).properties + Self.commonProperties }

    /// Brings `control` to this config's properties: its type's (`ControlDescription.apply(to:)`),
    /// then `enabled` and `visible`.
    public func apply(to control: Control) {
        apply(to: control, in: ControlContext(theme: control.theme))
    }

    /// The same, with the image files the settings name in `context` (see
    /// `ControlDescription.apply(to:in:)`).
    public func apply(to control: Control, in context: ControlContext) {
        base.apply(to: control, in: context)
        control.isEnabled = isEnabled
        control.isHidden = !isVisible
    }

    /// This control, then every control described inside it (a list's rows'), depth first.
    public var withDescendants: [ControlConfig] {
        let inside = base.children
        return inside.isEmpty ? [self] : [self] + inside.flatMap(\.withDescendants)
    }

    /// The `"type"` of the control: its description type's `typeName`.
    public var typeName: String { type(of: base).typeName }

    /// The control's `id`.
    public var id: String { base.id }

    /// The control's `frame`.
    public var frame: Rect { base.frame }

    /// The live control (see `ControlDescription.makeControl(in:)`).
    public func makeControl(in context: ControlContext) -> Control {
        let control = base.makeControl(in: context)
        control.isEnabled = isEnabled
        control.isHidden = !isVisible
        return control
    }

    /// Equal when both hold descriptions of the same type with equal settings.
    public static func == (lhs: ControlConfig, rhs: ControlConfig) -> Bool {
        lhs.base.isEqual(to: rhs.base) && lhs.isEnabled == rhs.isEnabled && lhs.isVisible == rhs.isVisible
    }

    enum CodingKeys: String, CodingKey { case type, enabled, visible }

    /// Reads `type`, looks it up in the registry of the decoding run (`ControlRegistry`
    /// under `ControlRegistry.userInfoKey`; without one no type is known), then lets that type read
    /// the other keys of the same object (so the unknown-key check sees both as asked for).
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        // Without a known type the other keys mean nothing; the control is left out.
        guard let name = try fields.required(.type, as: String.self) else {
            fields.validator?.lostTrackOfControls = true
            throw ProblemAlreadyReported()
        }
        let registry = decoder.userInfo[ControlRegistry.userInfoKey] as? ControlRegistry ?? ControlRegistry()
        guard let type = registry.descriptionType(named: name) else {
            try fields.report(Self.unknownTypeMessage(name, known: registry.typeNames), at: .type)
            fields.validator?.lostTrackOfControls = true
            throw ProblemAlreadyReported()
        }
        isEnabled = try fields.bool(.enabled, default: true) ?? true
        isVisible = try fields.bool(.visible, default: true) ?? true
        source = (decoder as? JSONTreeDecoder)?.node
        self.registry = registry
        base = try type.init(from: decoder)
        fields.validator?.controls.append((self, fields.codingPath))
    }

    /// `unknown control type "rangeSlidr"; did you mean "rangeSlider"?`, or the list of
    /// names to choose from when none is close: the same words as every other keyword's.
    static func unknownTypeMessage(_ name: String, known names: [String]) -> String {
        let message = "unknown control type \(JSONWriter.quoted(name)); "
        if let suggestion = Suggestion.closest(to: name, among: names) {
            return message + "did you mean \(JSONWriter.quoted(suggestion))?"
        }
        switch names.count {
        case 0: return message + "no control types are registered"
        case 1: return message + "expected \(names[0])"
        default: return message + "expected one of \(names.joined(separator: ", "))"
        }
    }
}
