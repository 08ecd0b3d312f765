import KioskCore

// The ranges of the values of configs and popup templates (Contracts.md, "Limits"), each
// written once. They bound what one frame can cost: a value past them used to pass the check
// and then trap (a Double too large for Int), hang cairo or Pango for minutes, or allocate
// gigabytes. Every value is checked where it is decoded, so the message has its JSON path.

/// The range a number must lie in, and how messages state it (`ConfigFields.number(_:_:default:)`).
/// The named ranges are those of the built-in keys, for custom controls to reuse.
public struct NumberRule: Sendable {
    /// One end of the range.
    public enum Bound: Sendable {
        /// The end belongs to the range ("at least", "at most").
        case inclusive(Double)
        /// The end does not ("more than", "less than").
        case exclusive(Double)
    }

    /// The lower end.
    public let lower: Bound
    /// The upper end.
    public let upper: Bound
    /// Said after the upper bound: `" seconds"`.
    public var unit: String

    /// The range from `lower` to `upper`; `unit` is said after the upper bound in messages.
    public init(lower: Bound, upper: Bound, unit: String = "") {
        self.lower = lower
        self.upper = upper
        self.unit = unit
    }

    /// Both ends inclusive: `must be between 0 and 11 (found 12)`.
    public init(_ range: ClosedRange<Double>, unit: String = "") {
        self.init(lower: .inclusive(range.lowerBound), upper: .inclusive(range.upperBound), unit: unit)
    }

    /// Frame x and y, in design pixels.
    public static let coordinate = NumberRule(lower: .inclusive(-16384), upper: .inclusive(16384))
    /// Frame width and height, in design pixels.
    public static let frameSide = NumberRule(lower: .exclusive(0), upper: .inclusive(16384))
    /// Corner radii, border widths and spacings, in design pixels.
    public static let distance = NumberRule(lower: .inclusive(0), upper: .inclusive(16384))
    /// Each side of `display.designSize`.
    public static let designSide = NumberRule(lower: .inclusive(64), upper: .inclusive(8192))
    /// The size in a font description, in points or (`px`) pixels.
    public static let fontSize = NumberRule(lower: .inclusive(1), upper: .inclusive(512))
    /// `curvaceousness`.
    public static let fraction = NumberRule(lower: .inclusive(0), upper: .inclusive(1))
    /// A panel's `extent`.
    public static let extent = NumberRule(lower: .exclusive(0), upper: .inclusive(1))
    /// A transition's `duration`.
    public static let duration = NumberRule(lower: .exclusive(0), upper: .inclusive(10), unit: " seconds")
    /// A range slider's `min`, `max`, `lower` and `upper`.
    public static let sliderValue = NumberRule(lower: .inclusive(-1e9), upper: .inclusive(1e9))
    /// A slider's or a dial's `step`.
    public static let sliderStep = NumberRule(lower: .exclusive(0), upper: .inclusive(2e9))
    /// A dial's `startAngle` and `endAngle`, in degrees.
    public static let dialAngle = NumberRule(lower: .inclusive(-720), upper: .inclusive(720))
    /// A circular slider's `angle`, in degrees.
    public static let angle = NumberRule(lower: .inclusive(0), upper: .exclusive(360))
    /// Each entry of `input.calibration`.
    public static let calibrationEntry = NumberRule(lower: .inclusive(-100), upper: .inclusive(100))

    /// Whether `value` lies in the range (never for NaN).
    public func contains(_ value: Double) -> Bool {
        let aboveLower: Bool
        switch lower {
        case .inclusive(let bound): aboveLower = value >= bound
        case .exclusive(let bound): aboveLower = value > bound
        }
        switch upper {
        case .inclusive(let bound): return aboveLower && value <= bound
        case .exclusive(let bound): return aboveLower && value < bound
        }
    }

    /// `must be between 0 and 1`, `must be more than 0 and at most 10 seconds`,
    /// `must be at least 0 and less than 360`.
    public var requirement: String {
        switch (lower, upper) {
        case (.inclusive(let l), .inclusive(let u)): return "must be between \(Self.format(l)) and \(Self.format(u))\(unit)"
        case (.exclusive(let l), .inclusive(let u)): return "must be more than \(Self.format(l)) and at most \(Self.format(u))\(unit)"
        case (.inclusive(let l), .exclusive(let u)): return "must be at least \(Self.format(l)) and less than \(Self.format(u))\(unit)"
        case (.exclusive(let l), .exclusive(let u)): return "must be more than \(Self.format(l)) and less than \(Self.format(u))\(unit)"
        }
    }

    /// The message for a number outside the range: `must be between 0 and 1 (found 1.5)`.
    func message(found value: Double) -> String { message(found: JSONWriter.format(value)) }

    /// The same for a number written inside a string (a font size): `found` as written.
    func message(found text: String) -> String { "\(requirement) (found \(text))" }

    private static func format(_ bound: Double) -> String { JSONWriter.format(bound) }
}

/// What a string must be: how many Unicode scalars long and, for text shown on screen, how
/// long each of its characters (extended grapheme clusters) may be. Lengths are counted in
/// scalars because that is what shaping costs: Pango and HarfBuzz work per code point, and
/// one character of 100,000 combining marks took 14 s to shape.
public struct TextRule: Sendable {
    /// Whether the empty string is allowed.
    public let allowsEmpty: Bool
    /// The most Unicode scalars the whole string may have.
    public let maximumScalars: Int
    /// The longest character allowed, in scalars; nil when characters are not checked.
    public var maximumCharacterScalars: Int?

    /// Strings of at most `maximumScalars` scalars, each character at most
    /// `maximumCharacterScalars` (nil: unchecked), empty only when `allowsEmpty`.
    public init(allowsEmpty: Bool, maximumScalars: Int, maximumCharacterScalars: Int? = nil) {
        self.allowsEmpty = allowsEmpty
        self.maximumScalars = maximumScalars
        self.maximumCharacterScalars = maximumCharacterScalars
    }

    /// Ids of screens, panels, popups, controls and popup buttons, and the references to them.
    public static let id = TextRule(allowsEmpty: false, maximumScalars: 128)
    /// Text on screen: label `text`, button `title`, popup `title` and `text`, popup button
    /// `title` (`DisplayTextLimits`, shared with the renderer).
    public static let displayText = TextRule(allowsEmpty: true, maximumScalars: DisplayTextLimits.maximumScalars,
                                      maximumCharacterScalars: DisplayTextLimits.maximumCharacterScalars)
    /// A Pango font description.
    public static let fontDescription = TextRule(allowsEmpty: false, maximumScalars: 256)
    /// A popup's `template` path (the system's own limit, PATH_MAX, is in bytes and larger).
    public static let path = TextRule(allowsEmpty: false, maximumScalars: 1024)

    /// Why `text` breaks the rule, or nil when it keeps it.
    public func problem(with text: String) -> String? {
        if !allowsEmpty && text.isEmpty { return "must not be empty" }
        let count = text.unicodeScalars.count
        if count > maximumScalars { return "must be at most \(maximumScalars) Unicode scalars long (found \(count))" }
        guard let longest = maximumCharacterScalars else { return nil }
        for (index, character) in text.enumerated() {
            let scalars = character.unicodeScalars.count
            if scalars > longest {
                return "a character must be at most \(longest) Unicode scalars long (character \(index + 1) has \(scalars))"
            }
        }
        return nil
    }
}

extension UnkeyedDecodingContainer {
    /// The next number, which must obey `rule`; a number outside it is an error at its own
    /// index (`frame[2]`), so the message points at the very number.
    mutating func decode(_ rule: NumberRule) throws -> Double {
        let path = codingPath + [IndexKey(currentIndex)]
        let value = try decode(Double.self)
        guard rule.contains(value) else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: rule.message(found: value)))
        }
        return value
    }
}
