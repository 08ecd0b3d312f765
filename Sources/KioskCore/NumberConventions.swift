/// How a language writes numbers where it differs from English: the decimal mark (21,5 °C in
/// German). A small built-in table, not a locale database: the kiosk writes the same text on
/// every machine, whatever locales it has installed.
public struct NumberConventions: Sendable, Hashable {
    /// The mark between the whole part and the fraction: `.` or `,`.
    public var decimalMark: Character

    /// Conventions with `decimalMark`.
    public init(decimalMark: Character = ".") { self.decimalMark = decimalMark }

    /// English's, and every language's not in the table: a decimal point.
    public static let standard = NumberConventions()

    /// A decimal comma.
    public static let decimalComma = NumberConventions(decimalMark: ",")

    /// The primary language subtags that write a decimal comma (CLDR's `decimal` symbol of the
    /// language's default region): most of continental Europe, Russian and its neighbours,
    /// Turkish, Indonesian, Vietnamese, Brazilian and European Portuguese. A region that
    /// writes otherwise (`de-CH`: a point) is in `regionalExceptions`.
    static let decimalCommaLanguages: Set<String> = [
        "af", "az", "be", "bg", "bs", "ca", "cs", "da", "de", "el", "es", "et", "eu", "fi", "fo", "fr",
        "gl", "hr", "hu", "hy", "id", "is", "it", "ka", "kk", "ky", "lb", "lt", "lv", "mk", "mn", "nb",
        "nl", "nn", "no", "pl", "pt", "ro", "ru", "sk", "sl", "sq", "sr", "sv", "tr", "uk", "uz", "vi",
    ]

    /// Language and region pairs that write differently from their language's default:
    /// Switzerland's German and Italian write a point, Mexico's and most of the Americas'
    /// Spanish too.
    static let regionalExceptions: [String: NumberConventions] = [
        "de-ch": .standard, "de-li": .standard, "it-ch": .standard,
        "es-mx": .standard, "es-us": .standard, "es-419": .standard, "es-pr": .standard,
        "es-do": .standard, "es-gt": .standard, "es-hn": .standard, "es-ni": .standard,
        "es-pa": .standard, "es-sv": .standard, "es-pe": .standard,
    ]

    /// The conventions of the language `code` names (`de`, `de-AT`, `pt_BR`, any case);
    /// `standard` for a language not in the table.
    public static func of(language code: String) -> NumberConventions {
        let subtags = LanguageCode.subtags(of: code)
        guard let language = subtags.first else { return .standard }
        if let region = subtags.dropFirst().first(where: { $0.count == 2 || $0.allSatisfy(\.isNumber) }),
           let exception = regionalExceptions[language + "-" + region] {
            return exception
        }
        return decimalCommaLanguages.contains(language) ? .decimalComma : .standard
    }
}
