import SwiftKiosk

/// A stepper in a JSON config:
///
/// ```json
/// {"type": "stepper", "id": "guests", "frame": [250, 200, 300, 72],
///  "value": 2, "min": 1, "max": 12, "step": 1, "repeatInterval": 0.1, "font": "sans-serif bold 32"}
/// ```
///
/// Everything but `type`, `id` and `frame` is optional. It is read with the same field helpers
/// the built-in controls use, so its mistakes read like theirs, with the file, the JSON path
/// and the line: an unknown key (with a "did you mean"), a string where a number goes, `max`
/// not above `min`, a `value` outside `min...max`, a fractional `step`.
public struct StepperDescription: ControlDescription {
    public static let typeName = "stepper"

    public var id: String
    public var frame: Rect
    public var value: Int
    public var minimum: Int
    public var maximum: Int
    public var step: Int
    /// Seconds between repeats while a button is held.
    public var repeatInterval: Double
    /// nil: the theme's font.
    public var font: String?

    enum CodingKeys: String, CodingKey { case id, frame, value, min, max, step, repeatInterval, font }

    /// How far the limits may go: whole numbers a JSON double holds exactly, and that fit the
    /// digits' width.
    static let limits = -999_999.0...999_999.0

    /// A description as the config would give it (for scenes built in code, and tests).
    public init(id: String, frame: Rect, value: Int = 0, minimum: Int = 0, maximum: Int = 99, step: Int = 1,
                repeatInterval: Double = 0.1, font: String? = nil) {
        self.id = id
        self.frame = frame
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.repeatInterval = repeatInterval
        self.font = font
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        id = try fields.id(.id) ?? ""
        frame = try fields.frame(.frame) ?? .zero
        let minimum = try Self.wholeNumber(fields, .min, in: Self.limits, default: 0)
        var maximum = try Self.wholeNumber(fields, .max, in: Self.limits, default: 99)
        if let low = minimum, let high = maximum, high <= low {
            try fields.report("must be more than min (\(low))", at: .max)
            maximum = nil
        }
        self.minimum = minimum ?? 0
        self.maximum = maximum ?? self.minimum + 1
        // The value's range is the one just read: its message names the config's own limits.
        let valueRange = minimum.flatMap { low in maximum.map { Double(low)...Double($0) } } ?? Self.limits
        value = try Self.wholeNumber(fields, .value, in: valueRange, default: Double(self.minimum)) ?? self.minimum
        step = try Self.wholeNumber(fields, .step, in: 1...1000, default: 1) ?? 1
        repeatInterval = try fields.number(.repeatInterval, in: 0.02...2, default: 0.1) ?? 0.1
        font = try fields.font(.font)
    }

    /// A number in `range` that must also be whole; nil when already reported.
    private static func wholeNumber(_ fields: ConfigFields<CodingKeys>, _ key: CodingKeys, in range: ClosedRange<Double>,
                                    default defaultValue: Double) throws -> Int? {
        guard let number = try fields.number(key, in: range, default: defaultValue) else { return nil }
        guard number == number.rounded() else {
            try fields.report("must be a whole number (found \(number))", at: key)
            return nil
        }
        return Int(number)
    }

    /// What the owner may change while the kiosk runs (`kiosk ctl set guests font="sans-serif 40"`,
    /// MQTT's `P/set/guests`), besides `enabled` and `visible` and the value itself: the font
    /// and the repeat. Listing them is all it takes; the change is checked by `init(from:)`
    /// above, so `repeatInterval=5` gets the config's own "must be between 0.02 and 2".
    public static let properties = [ControlProperty("font", .font), ControlProperty("repeatInterval", .number)]

    public func makeControl(in context: ControlContext) -> Control {
        let stepper = Stepper(id: id, frame: frame, theme: context.theme, value: value, minimum: minimum,
                              maximum: maximum, step: step, repeatInterval: .seconds(repeatInterval))
        apply(to: stepper)
        return stepper
    }

    /// Sets the properties on a live `Stepper`: what `makeControl` and a run-time change share.
    public func apply(to control: Control) {
        guard let stepper = control as? Stepper else { return }
        stepper.font = font
        stepper.repeatInterval = .seconds(repeatInterval)
    }
}
