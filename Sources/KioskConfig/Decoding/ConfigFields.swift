import KioskCore

extension Decoder {
    /// Opens this decoder's JSON object for field-by-field decoding that reports problems
    /// instead of stopping at the first (see `ConfigFields`): how every config type, and a
    /// custom control's `ControlDescription`, reads its keys.
    ///
    /// Throws when the value is not an object (reported by the caller, with its path).
    public func configFields<Key: CodingKey>(keyedBy type: Key.Type) throws -> ConfigFields<Key> {
        let container = try container(keyedBy: type)
        return ConfigFields(container: container, diagnostics: (self as? JSONTreeDecoder)?.diagnostics,
                            userInfo: userInfo)
    }
}

/// The fields of one config object, decoded leniently so that one run reports every problem.
///
/// With `JSONTreeDecoder`, a field that is missing or wrong is recorded in `Diagnostics` and
/// comes back as nil; the caller substitutes a fallback and goes on (the result is thrown away
/// anyway once anything was recorded). With any other decoder the first problem is thrown, as
/// `Decodable` types normally do, so the config types still work with, say, Foundation's
/// `JSONDecoder` (without unknown-key checks or cross-reference validation).
///
/// A nil result always means "already reported": checks that combine fields (`max` > `min`)
/// run only on fields that decoded, so one mistake never turns into several messages.
///
/// Every problem is placed by its JSON path (`screens[0].controls[2].onColor`) and the line of
/// the value (or, for a missing key, of the object). Keys of the object that no helper asked
/// about are reported as unknown after `init(from:)` returns, with a "did you mean" among the
/// keys that were asked about. The helpers are those of the built-in controls, so a custom
/// control's messages read exactly like theirs:
///
/// ```swift
/// let fields = try decoder.configFields(keyedBy: CodingKeys.self)
/// let id = try fields.id(.id)                                   // claimed: unique in the config
/// let frame = try fields.frame(.frame)                          // checked against the screen
/// let level = try fields.number(.level, in: 0...11, default: 5) // "must be between 0 and 11 (found 12)"
/// let onColor = try fields.optionalColor(.onColor)              // "#RRGGBB" or "#RRGGBBAA"
/// ```
public struct ConfigFields<Key: CodingKey> {
    package let container: KeyedDecodingContainer<Key>
    let diagnostics: Diagnostics?
    let userInfo: [CodingUserInfoKey: Any]

    /// The JSON path of the object itself.
    public var codingPath: [any CodingKey] { container.codingPath }

    /// The rules that span the whole document; nil when not decoding through `ConfigLoader`.
    package var validator: ConfigValidator? { userInfo[ConfigValidator.userInfoKey] as? ConfigValidator }

    /// The JSON path of the value at `key`.
    public func path(of key: Key) -> [any CodingKey] { codingPath + [key] }

    /// Runs one decoding step; a failure is recorded (lenient) or rethrown (strict).
    private func attempt<T>(_ key: Key, _ body: () throws -> T) throws -> T? {
        do {
            return try body()
        } catch {
            guard let diagnostics else { throw error }
            diagnostics.report(error, fallbackPath: path(of: key))
            return nil
        }
    }

    /// The value at `key`; `defaultValue` when the key is absent or null; nil when invalid.
    public func decode<T: Decodable>(_ key: Key, default defaultValue: T) throws -> T? {
        try attempt(key) { try container.decodeIfPresent(T.self, forKey: key) ?? defaultValue }
    }

    /// The value at `key`; nil when absent, null or invalid.
    public func optional<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
        try attempt(key) { try container.decodeIfPresent(T.self, forKey: key) } ?? nil
    }

    /// The value at `key`; nil when missing or invalid.
    public func required<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
        guard container.contains(key) else {
            let message = "missing required key \(JSONWriter.quoted(key.stringValue))"
            guard let diagnostics else {
                throw DecodingError.keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: message))
            }
            diagnostics.report(message, at: codingPath)
            return nil
        }
        return try attempt(key) { try container.decode(T.self, forKey: key) }
    }

    /// The array at `key`, with elements that fail reported and left out; `defaultValue` when
    /// absent (a nil default makes the key required); nil when it is not an array at all.
    /// `emptyMessage`, when given, is reported for an array written with no elements.
    public func array<T: Decodable>(_ key: Key, of type: T.Type, default defaultValue: [T]?,
                             emptyMessage: String? = nil) throws -> [T]? {
        guard container.contains(key) else {
            if let defaultValue { return defaultValue }
            return try required(key, as: [T].self)
        }
        return try attempt(key) {
            var elements = try container.nestedUnkeyedContainer(forKey: key)
            if let emptyMessage, elements.isAtEnd { try report(emptyMessage, at: key) }
            var result: [T] = []
            while !elements.isAtEnd {
                do {
                    result.append(try elements.decode(T.self))
                } catch {
                    guard let diagnostics else { throw error }
                    diagnostics.report(error, fallbackPath: path(of: key))
                    _ = try? elements.decode(SkippedValue.self)
                }
            }
            return result
        }
    }

    /// Records a problem with the value at `key` (or with the object itself).
    public func report(_ message: String, at key: Key? = nil) throws {
        try report(message, atPath: key.map(path(of:)) ?? codingPath)
    }

    /// Records a problem at a full JSON path (one inside a value of this object, say).
    public func report(_ message: String, atPath path: [any CodingKey]) throws {
        guard let diagnostics else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
        }
        diagnostics.report(message, at: path)
    }
}

// MARK: Config vocabulary

extension ConfigFields {
    /// A required id (`TextRule.id`), claimed in the document-wide id namespace: a second
    /// element with the same id is reported as a duplicate.
    public func id(_ key: Key) throws -> String? {
        guard let id = try idString(key) else { return nil }
        validator?.claim(id: id, elementPath: codingPath, idPath: path(of: key))
        return id
    }

    /// A required string shaped like an id (`TextRule.id`) that claims nothing: a popup
    /// button's id, or a reference to an id.
    package func idString(_ key: Key) throws -> String? { try string(key, .id) }

    /// A required id naming a screen, panel or popup, noted for the check that one exists.
    func reference(_ key: Key, to target: ConfigValidator.Target) throws -> String? {
        guard let id = try idString(key) else { return nil }
        validator?.refer(to: target, id: id, at: path(of: key))
        return id
    }

    /// A required string that must obey `rule`.
    public func string(_ key: Key, _ rule: TextRule) throws -> String? {
        try checked(try required(key, as: String.self), rule, key)
    }

    /// A string that must obey `rule`; `defaultValue` when absent.
    public func string(_ key: Key, _ rule: TextRule, default defaultValue: String) throws -> String? {
        try checked(try decode(key, default: defaultValue), rule, key)
    }

    /// Required text shown on screen (`TextRule.displayText`); a key of the string files
    /// (`"@menu.title"`) is noted for the check that every language has it.
    public func text(_ key: Key) throws -> String? { noted(try string(key, .displayText), at: key) }

    /// Text shown on screen; `defaultValue` when absent.
    public func text(_ key: Key, default defaultValue: String) throws -> String? {
        noted(try string(key, .displayText, default: defaultValue), at: key)
    }

    /// `text`, noted with the validator when it names a string.
    private func noted(_ text: String?, at key: Key, isNumberFormat: Bool = false) -> String? {
        if let text, StringKey.isSpecial(text) { validator?.use(text: text, at: path(of: key), isNumberFormat: isNumberFormat) }
        return text
    }

    private func checked(_ value: String?, _ rule: TextRule, _ key: Key) throws -> String? {
        guard let value else { return nil }
        if let problem = rule.problem(with: value) {
            try report(problem, at: key)
            return nil
        }
        return value
    }

    /// A required frame `[x, y, width, height]` (x and y `NumberRule.coordinate`, width and
    /// height `NumberRule.frameSide`), remembered for the check that it lies at least partly
    /// on its screen or panel.
    public func frame(_ key: Key) throws -> Rect? {
        guard let frame = try required(key, as: FrameValue.self)?.rect else { return nil }
        validator?.place(frame: frame, at: path(of: key))
        return frame
    }

    /// A colour (`"#RRGGBB"` or `"#RRGGBBAA"`); `defaultValue` when absent; nil when invalid.
    public func color(_ key: Key, default defaultValue: Color) throws -> Color? {
        try decode(key, default: ColorValue(defaultValue))?.color
    }

    /// A colour (`"#RRGGBB"` or `"#RRGGBBAA"`); nil when absent (for "the theme's"), null or invalid.
    public func optionalColor(_ key: Key) throws -> Color? {
        try optional(key, as: ColorValue.self)?.color
    }

    /// A Pango font description such as "sans-serif 18" (`TextRule.fontDescription`), whose
    /// size, if it has one, obeys `NumberRule.fontSize`; nil when absent or invalid.
    public func font(_ key: Key) throws -> String? {
        guard let font = try optional(key, as: String.self) else { return nil }
        if font.allSatisfy(\.isWhitespace) {
            try report("must not be empty", at: key)
            return nil
        }
        guard try checked(font, .fontDescription, key) != nil else { return nil }
        if let size = FontDescriptionSize.read(font), !NumberRule.fontSize.contains(size.value) {
            try report("the size " + NumberRule.fontSize.message(found: size.word), at: key)
            return nil
        }
        return font
    }

    /// The number at `key`, which must obey `rule`; `defaultValue` when absent; nil when invalid.
    public func number(_ key: Key, _ rule: NumberRule, default defaultValue: Double) throws -> Double? {
        try checked(try decode(key, default: defaultValue), rule, key)
    }

    /// The whole number at `key`, which must obey `rule`; `defaultValue` when absent; nil when
    /// invalid, a fraction reported as "must be a whole number of `unit` (found 2.5)".
    package func wholeNumber(_ key: Key, _ rule: NumberRule, default defaultValue: Int, of unit: String) throws -> Int? {
        guard let value = try number(key, rule, default: Double(defaultValue)) else { return nil }
        guard value.rounded(.towardZero) == value else {
            try report("must be a whole number of \(unit) (found \(JSONWriter.format(value)))", at: key)
            return nil
        }
        return Int(value)
    }

    /// The number at `key`, which must obey `rule`; nil when absent or invalid.
    public func optionalNumber(_ key: Key, _ rule: NumberRule) throws -> Double? {
        try checked(try optional(key, as: Double.self), rule, key)
    }

    /// The number at `key`, which must lie in `range`; `defaultValue` when absent; nil when invalid.
    public func number(_ key: Key, in range: ClosedRange<Double>, default defaultValue: Double) throws -> Double? {
        try number(key, NumberRule(range), default: defaultValue)
    }

    /// The number at `key`, which must lie in `range`; nil when absent or invalid.
    public func optionalNumber(_ key: Key, in range: ClosedRange<Double>) throws -> Double? {
        try optionalNumber(key, NumberRule(range))
    }

    /// `true` or `false` at `key`; `defaultValue` when absent or null; nil when invalid.
    public func bool(_ key: Key, default defaultValue: Bool) throws -> Bool? {
        try decode(key, default: defaultValue)
    }

    private func checked(_ value: Double?, _ rule: NumberRule, _ key: Key) throws -> Double? {
        guard let value else { return nil }
        guard rule.contains(value) else {
            try report(rule.message(found: value), at: key)
            return nil
        }
        return value
    }
}

extension ConfigFields {
    /// A control's number range and the values in it (the range slider's `lower` and `upper`,
    /// the progress bar's `value`): `max` above `min`, reported at `maximumKey`, then each value
    /// within them, at its key. Each check runs only when the numbers it needs are sound, so
    /// one mistake gives one message. True when the range is sound and every value given lies
    /// in it.
    package func checkRange(minimum: Double?, maximum: Double?, maximumKey: Key,
                    values: [(value: Double?, key: Key)]) throws -> Bool {
        guard let minimum, let maximum else { return false }
        guard maximum > minimum else {
            try report("must be greater than min (\(JSONWriter.format(minimum)))", at: maximumKey)
            return false
        }
        var allInRange = true
        for (value, key) in values {
            guard let value, !(minimum...maximum).contains(value) else { continue }
            try report("must be between min (\(JSONWriter.format(minimum))) and max (\(JSONWriter.format(maximum)))", at: key)
            allInRange = false
        }
        return allInRange
    }
}

extension ConfigFields {
    /// A number style at `key` (`"format": ".1 °C"`: `NumberStyle`'s syntax, the templates'
    /// `{ID.FIELD:FORMAT}`); nil when absent or invalid.
    ///
    /// A key of the string files (`"@units.temp"`) is a format per language: each language's
    /// string is checked as one, and the kiosk writes the display language's (nil here).
    package func numberStyle(_ key: Key) throws -> NumberStyle? {
        guard container.contains(key), let text = try string(key, .displayText) else { return nil }
        if StringKey.key(in: text) != nil {
            _ = noted(text, at: key, isNumberFormat: true)
            return nil
        }
        switch NumberStyle.parse(text) {
        case .success(let style): return style
        case .failure(let error):
            try report(error.message, at: key)
            return nil
        }
    }

    /// A slider's or a dial's `step` within a sound range: more than 0 (its rule) and at most
    /// `max − min`, reported at `key`; only when the numbers it needs are sound.
    package func checkStep(_ step: Double?, minimum: Double?, maximum: Double?, key: Key) throws {
        guard let step, let minimum, let maximum, maximum > minimum, step > maximum - minimum else { return }
        try report("must not be greater than max − min (\(JSONWriter.format(maximum - minimum)))", at: key)
    }
}
