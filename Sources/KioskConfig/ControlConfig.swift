import KioskCore

/// One control on a screen; the object's `"type"` selects the case.
///
/// Every control has an `id` (1…128 Unicode scalars, unique across the whole config; events
/// name it as `source`) and a `frame` (`[x, y, width, height]` in design-size pixels: x and y
/// within ±16384, width and height more than 0 and at most 16384, at least partly on the
/// screen).
public enum ControlConfig: Sendable, Equatable, Decodable {
    /// `"type": "label"`
    case label(LabelConfig)
    /// `"type": "button"`
    case button(ButtonConfig)
    /// `"type": "rangeSlider"`
    case rangeSlider(RangeSliderConfig)
    /// `"type": "circularSlider"`
    case circularSlider(CircularSliderConfig)

    public var id: String {
        switch self {
        case .label(let c): return c.id
        case .button(let c): return c.id
        case .rangeSlider(let c): return c.id
        case .circularSlider(let c): return c.id
        }
    }

    public var frame: Rect {
        switch self {
        case .label(let c): return c.frame
        case .button(let c): return c.frame
        case .rangeSlider(let c): return c.frame
        case .circularSlider(let c): return c.frame
        }
    }

    enum ControlType: String, Decodable, ConfigKeyword {
        case label, button, rangeSlider, circularSlider
        static let keywordKind = "control type"

        init(from decoder: any Decoder) throws { self = try Self(keywordFrom: decoder) }
    }

    enum CodingKeys: String, CodingKey { case type }

    /// Reads `type`, then lets the chosen case's type read the other keys of the same object
    /// (so the unknown-key check sees both as asked for).
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        // Without a known type the other keys mean nothing; the control is left out.
        guard let type = try fields.required(.type, as: ControlType.self) else { throw ProblemAlreadyReported() }
        switch type {
        case .label: self = .label(try LabelConfig(from: decoder))
        case .button: self = .button(try ButtonConfig(from: decoder))
        case .rangeSlider: self = .rangeSlider(try RangeSliderConfig(from: decoder))
        case .circularSlider: self = .circularSlider(try CircularSliderConfig(from: decoder))
        }
    }
}
