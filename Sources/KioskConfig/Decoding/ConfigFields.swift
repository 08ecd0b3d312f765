import KioskCore

extension Decoder {
    /// Opens this decoder's JSON object for field-by-field decoding that reports problems
    /// instead of stopping at the first (see `ConfigFields`).
    func configFields<Key: CodingKey>(keyedBy type: Key.Type) throws -> ConfigFields<Key> {
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
struct ConfigFields<Key: CodingKey> {
    let container: KeyedDecodingContainer<Key>
    let diagnostics: Diagnostics?
    let userInfo: [CodingUserInfoKey: Any]

    var codingPath: [any CodingKey] { container.codingPath }

    /// The rules that span the whole document; nil when not decoding through `ConfigLoader`.
    var validator: ConfigValidator? { userInfo[ConfigValidator.userInfoKey] as? ConfigValidator }

    func path(of key: Key) -> [any CodingKey] { codingPath + [key] }

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
    func decode<T: Decodable>(_ key: Key, default defaultValue: T) throws -> T? {
        try attempt(key) { try container.decodeIfPresent(T.self, forKey: key) ?? defaultValue }
    }

    /// The value at `key`; nil when absent, null or invalid.
    func optional<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
        try attempt(key) { try container.decodeIfPresent(T.self, forKey: key) } ?? nil
    }

    /// The value at `key`; nil when missing or invalid.
    func required<T: Decodable>(_ key: Key, as type: T.Type = T.self) throws -> T? {
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
    func array<T: Decodable>(_ key: Key, of type: T.Type, default defaultValue: [T]?,
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
    func report(_ message: String, at key: Key? = nil) throws {
        try report(message, atPath: key.map(path(of:)) ?? codingPath)
    }

    /// Records a problem at a full JSON path (one inside a value of this object, say).
    func report(_ message: String, atPath path: [any CodingKey]) throws {
        guard let diagnostics else {
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: path, debugDescription: message))
        }
        diagnostics.report(message, at: path)
    }
}

// MARK: Config vocabulary

extension ConfigFields {
    /// A required id (`TextRule.id`), claimed in the document-wide id namespace.
    func id(_ key: Key) throws -> String? {
        guard let id = try idString(key) else { return nil }
        validator?.claim(id: id, elementPath: codingPath, idPath: path(of: key))
        return id
    }

    /// A required string shaped like an id (`TextRule.id`) that claims nothing: a popup
    /// button's id, or a reference to an id.
    func idString(_ key: Key) throws -> String? { try string(key, .id) }

    /// A required id naming a screen, panel or popup, noted for the check that one exists.
    func reference(_ key: Key, to target: ConfigValidator.Target) throws -> String? {
        guard let id = try idString(key) else { return nil }
        validator?.refer(to: target, id: id, at: path(of: key))
        return id
    }

    /// A required string that must obey `rule`.
    func string(_ key: Key, _ rule: TextRule) throws -> String? {
        try checked(try required(key, as: String.self), rule, key)
    }

    /// A string that must obey `rule`; `defaultValue` when absent.
    func string(_ key: Key, _ rule: TextRule, default defaultValue: String) throws -> String? {
        try checked(try decode(key, default: defaultValue), rule, key)
    }

    /// Required text shown on screen (`TextRule.displayText`).
    func text(_ key: Key) throws -> String? { try string(key, .displayText) }

    /// Text shown on screen; `defaultValue` when absent.
    func text(_ key: Key, default defaultValue: String) throws -> String? {
        try string(key, .displayText, default: defaultValue)
    }

    private func checked(_ value: String?, _ rule: TextRule, _ key: Key) throws -> String? {
        guard let value else { return nil }
        if let problem = rule.problem(with: value) {
            try report(problem, at: key)
            return nil
        }
        return value
    }

    /// A required frame, remembered for the check against the design size.
    func frame(_ key: Key) throws -> Rect? {
        guard let frame = try required(key, as: FrameValue.self)?.rect else { return nil }
        validator?.place(frame: frame, at: path(of: key))
        return frame
    }

    func color(_ key: Key, default defaultValue: Color) throws -> Color? {
        try decode(key, default: ColorValue(defaultValue))?.color
    }

    func optionalColor(_ key: Key) throws -> Color? {
        try optional(key, as: ColorValue.self)?.color
    }

    /// A Pango font description such as "sans-serif 18" (`TextRule.fontDescription`), whose
    /// size, if it has one, obeys `NumberRule.fontSize`; nil when absent or invalid.
    func font(_ key: Key) throws -> String? {
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
    func number(_ key: Key, _ rule: NumberRule, default defaultValue: Double) throws -> Double? {
        try checked(try decode(key, default: defaultValue), rule, key)
    }

    /// The number at `key`, which must obey `rule`; nil when absent or invalid.
    func optionalNumber(_ key: Key, _ rule: NumberRule) throws -> Double? {
        try checked(try optional(key, as: Double.self), rule, key)
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
