/// Which way a language is read across a line: what decides where a line's start is, which way
/// a slider grows and where the next page comes from (Contracts.md, "Right to left").
public enum LayoutDirection: String, Sendable, CaseIterable {
    /// Latin, Cyrillic, Greek, Devanagari, CJK, …: a line starts at the left.
    case leftToRight
    /// Arabic, Hebrew, Persian, Urdu, …: a line starts at the right.
    case rightToLeft

    /// The primary language subtags written right to left (Unicode CLDR's `characterOrder` of
    /// the languages with a right-to-left default script): Arabic, Hebrew (and its old code
    /// `iw`), Persian, Urdu, Pashto, Sindhi, Yiddish, Dhivehi, Central Kurdish, Uyghur.
    static let rightToLeftLanguages: Set<String> = ["ar", "he", "iw", "fa", "ur", "ps", "sd", "yi", "dv", "ckb", "ug"]

    /// The scripts written right to left, for a code that names its script (`az-Arab`).
    static let rightToLeftScripts: Set<String> = ["arab", "hebr", "thaa", "syrc", "nkoo", "adlm", "rohg"]

    /// The direction of the language `code` names: a BCP 47 tag such as `ar`, `ar-EG`,
    /// `he_IL` or `az-Arab`, in any case. A script subtag decides when there is one
    /// (`ku-Arab` is right to left, `ar-Latn` left to right); otherwise the language does.
    /// Anything else, the empty code included, is left to right.
    public static func of(language code: String) -> LayoutDirection {
        let subtags = LanguageCode.subtags(of: code)
        guard let language = subtags.first else { return .leftToRight }
        if let script = subtags.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            return rightToLeftScripts.contains(script) ? .rightToLeft : .leftToRight
        }
        return rightToLeftLanguages.contains(language) ? .rightToLeft : .leftToRight
    }

    /// Whether lines start at the right.
    public var isRightToLeft: Bool { self == .rightToLeft }

    /// The direction of `text`'s first strong letter (Unicode's bidi rule P2, as HTML's
    /// `dir="auto"`), or `otherwise` when it has none (digits, signs and spaces only). What a
    /// number with a unit is set in: "12.0 °C" reads left to right in an Arabic scene (the
    /// unit stays after the number), "12.0 °م" right to left, and "30 %" as the scene reads.
    public static func of(text: String, otherwise: LayoutDirection) -> LayoutDirection {
        for scalar in text.unicodeScalars where scalar.properties.isAlphabetic {
            return isRightToLeftLetter(scalar) ? .rightToLeft : .leftToRight
        }
        return otherwise
    }

    /// The direction a number with its unit is set in, whatever the scene's language: left to
    /// right ("30.0 %", "12.0 °C", the unit after the number, as Hebrew and Arabic interfaces
    /// with Western digits write it; set right to left, the space would send a Latin unit or a
    /// `%` to the left), unless the unit has a right-to-left letter ("12.0 °م"). A slider's and
    /// a dial's value label.
    public static func ofNumber(_ text: String) -> LayoutDirection { of(text: text, otherwise: .leftToRight) }

    /// The blocks of the right-to-left scripts: Hebrew, Arabic, Syriac, Thaana, NKo and the
    /// rest up to Arabic Extended (U+0590–U+08FF), the Hebrew and Arabic presentation forms,
    /// and the historic and Adlam planes (U+10800–U+10FFF, U+1E800–U+1EFFF).
    static func isRightToLeftLetter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: return true
        default: return false
        }
    }
}

/// Reading BCP-47-ish language codes the same way everywhere: subtags split at `-` or `_`,
/// lowercased (`pt_BR` and `pt-br` are one language).
enum LanguageCode {
    static func subtags(of code: String) -> [String] {
        code.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
    }
}
