/// How a number is written for people: an optional thousands separator, the decimal mark, how
/// many decimals, and a unit after a space. One syntax for a template's `{t.value:.1 °C}` and
/// a slider's or a dial's `"format": ".1 °C"`: `[SEPARATOR](. or ,)DECIMALS[ UNIT]`, such as
/// `.0`, `.2`, `,.2` (`1.234,50`), `_,1 °C` (a narrow space between thousands) or `.0 %`.
/// Written without printf or a locale, so the text is the same on every machine.
public struct NumberStyle: Sendable, Hashable {
    /// Between groups of three digits; nil: none.
    public var grouping: String?
    /// `.` or `,`.
    public var decimalMark: Character
    /// 0…6.
    public var decimals: Int
    /// Written after the number (with the space before it), or "".
    public var unit: String

    /// A style from its parts; `decimals` is brought into 0…6.
    public init(grouping: String? = nil, decimalMark: Character = ".", decimals: Int, unit: String = "") {
        self.grouping = grouping
        self.decimalMark = decimalMark
        self.decimals = min(max(decimals, 0), 6)
        self.unit = unit
    }

    /// A format that cannot be read; `message` says what is expected.
    public struct SyntaxError: Error, Equatable, Sendable {
        /// `format ".x": expected [separator](. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C`.
        public var message: String
    }

    /// Reads `[SEPARATOR](. or ,)DECIMALS[ UNIT]`: `.2`, `,2`, `,.2`, `_,1 °C`.
    public static func parse(_ text: Substring) -> Result<Self, SyntaxError> {
        let bad = SyntaxError(message: "format \(JSONWriter.quoted(String(text))): expected [separator]"
                              + "(. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C")
        var rest = text
        var unit = ""
        if let space = rest.firstIndex(of: " ") {
            unit = String(rest[space...])
            rest = rest[..<space]
        }
        let groupings: [Character: String] = [",": ",", ".": ".", "'": "'", "_": "\u{202F}"]
        var grouping: String?
        if rest.count == 3, let first = rest.first, let separator = groupings[first] {
            grouping = separator
            rest = rest.dropFirst()
        }
        guard rest.count == 2, let mark = rest.first, mark == "." || mark == ",",
              let digit = rest.last?.wholeNumberValue, (0...6).contains(digit) else { return .failure(bad) }
        if let grouping, grouping == String(mark) { return .failure(bad) }
        return .success(Self(grouping: grouping, decimalMark: mark, decimals: digit, unit: unit))
    }

    /// Reads `text` as `parse(_:)` does.
    public static func parse(_ text: String) -> Result<Self, SyntaxError> { parse(text[...]) }

    /// Whether the style leaves the decimal mark to the language (`.N[ unit]`: a `.` and no
    /// grouping): the plain form an author writes without thinking of a language. A style that
    /// names a grouping or writes `,` was chosen on purpose and is kept as written.
    public var followsLanguage: Bool { grouping == nil && decimalMark == "." }

    /// `value` as a display language writes it: a style that `followsLanguage` takes the
    /// language's decimal mark (`.1 °C`: 21.5 °C in English, 21,5 °C in German); any other is
    /// written as `write(_:)` writes it.
    public func write(_ value: Double, conventions: NumberConventions) -> String {
        guard followsLanguage, conventions.decimalMark != decimalMark else { return write(value) }
        var style = self
        style.decimalMark = conventions.decimalMark
        return style.write(value)
    }

    /// `value` in this style: rounded to `decimals`, grouped, with its mark and unit, whatever
    /// the language (see `write(_:conventions:)`).
    public func write(_ value: Double) -> String {
        let plain = NumberFormat.fixed(value, decimals: decimals)   // "-1234.50"
        var whole = Substring(plain)
        var fraction: Substring = ""
        if let dot = plain.firstIndex(of: ".") {
            whole = plain[..<dot]
            fraction = plain[plain.index(after: dot)...]
        }
        var sign = ""
        if whole.hasPrefix("-") { sign = "-"; whole = whole.dropFirst() }
        var digits = String(whole)
        if let grouping, digits.count > 3 {
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0 && (digits.count - index) % 3 == 0 { grouped += grouping }
                grouped.append(digit)
            }
            digits = grouped
        }
        return sign + digits + (fraction.isEmpty ? "" : String(decimalMark) + fraction) + unit
    }
}
