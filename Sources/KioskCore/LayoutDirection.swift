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
}

/// Reading BCP-47-ish language codes the same way everywhere: subtags split at `-` or `_`,
/// lowercased (`pt_BR` and `pt-br` are one language).
enum LanguageCode {
    static func subtags(of code: String) -> [String] {
        code.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.lowercased() }
    }
}
