import KioskCore

/// Text that inserts other controls' values and properties and follows them as they move:
/// a label's `text` or a button's `title` such as `"{price.lower:.2} – {price.upper:.2} €"`.
///
/// - `{ID.FIELD}` inserts control `ID`'s value field or property `FIELD` (`{price.lower}`,
///   `{title.text}`); `{ID}` alone, the one field of a control whose value has exactly one
///   (`{angle}`).
/// - `{ID.FIELD:FORMAT}` writes a number in `FORMAT`: an optional thousands separator
///   (`,` `.` `'` or `_` for a narrow space), then the decimal mark (`.` or `,`) and how many
///   decimals (0…6), then optionally a space and a unit: `{t.value:.1 °C}` → `21.5 °C`,
///   `{total.value:.,2}` → `1.234,50`, `{count.value:,0}` → `1,234`. Without a format a number is
///   written as events write it (at most three decimals, no trailing zeros).
/// - `{{` and `}}` are a brace.
///
/// Any text property holding a `{` is a template; `kiosk check` reports a syntax mistake, a
/// missing control or a missing field with the file, the path and the line.
package struct TextTemplate: Sendable, Equatable {
    /// What a template is made of, in order.
    package enum Part: Sendable, Equatable {
        case literal(String)
        case insert(Reference)
    }

    /// One `{…}`: what it inserts and how a number is written.
    package struct Reference: Sendable, Equatable {
        /// The control's id.
        package var control: String
        /// The value field or property; nil: the control's only value field.
        package var field: String?
        /// How a number is written; nil: as events write it.
        package var format: NumberStyle?
    }

    /// `FORMAT` of a `{ID.FIELD:FORMAT}`: the one number style of the kiosk (`KioskCore.NumberStyle`).
    package typealias NumberStyle = KioskCore.NumberStyle

    /// The parts, literals merged.
    package var parts: [Part]

    /// Every reference, in order.
    package var references: [Reference] {
        parts.compactMap { if case .insert(let reference) = $0 { reference } else { nil } }
    }

    /// Plain words as a template that inserts nothing.
    package static func literal(_ text: String) -> TextTemplate {
        TextTemplate(parts: text.isEmpty ? [] : [.literal(text)])
    }

    /// Whether `text` is a template at all: it holds a brace.
    package static func isTemplate(_ text: String) -> Bool { text.contains("{") || text.contains("}") }

    /// Reads `text`; the error says what is wrong and where (`at character 7: …`).
    package static func parse(_ text: String) -> Result<TextTemplate, SyntaxError> {
        var parts: [Part] = []
        var literal = ""
        var scalars = Array(text.unicodeScalars)[...]
        var position = 0
        func fail(_ message: String) -> Result<TextTemplate, SyntaxError> {
            .failure(SyntaxError(message: "at character \(position + 1) of the template: \(message)"))
        }
        while let scalar = scalars.first {
            if scalar == "{" || scalar == "}" {
                if scalars.dropFirst().first == scalar {
                    literal.unicodeScalars.append(scalar)
                    scalars = scalars.dropFirst(2)
                    position += 2
                    continue
                }
                if scalar == "}" { return fail("a '}' that closes nothing (write '}}' for a brace)") }
                guard let close = scalars.firstIndex(of: "}") else {
                    return fail("'{' is not closed by '}' (write '{{' for a brace)")
                }
                var inner = String(String.UnicodeScalarView(scalars[scalars.index(after: scalars.startIndex)..<close]))
                if inner.contains("{") { return fail("'{' inside '{…}'") }
                inner = inner.trimmingSpaces
                switch reference(inner) {
                case .success(let reference):
                    if !literal.isEmpty { parts.append(.literal(literal)); literal = "" }
                    parts.append(.insert(reference))
                case .failure(let error): return fail(error.message)
                }
                position += scalars.distance(from: scalars.startIndex, to: close) + 1
                scalars = scalars[scalars.index(after: close)...]
                continue
            }
            literal.unicodeScalars.append(scalar)
            scalars = scalars.dropFirst()
            position += 1
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return .success(TextTemplate(parts: parts))
    }

    /// `ID`, `ID.FIELD` or either with `:FORMAT`.
    private static func reference(_ inner: String) -> Result<Reference, SyntaxError> {
        let name: Substring
        var format: NumberStyle?
        if let colon = inner.firstIndex(of: ":") {
            name = inner[..<colon]
            switch NumberStyle.parse(inner[inner.index(after: colon)...]) {
            case .success(let style): format = style
            case .failure(let error): return .failure(SyntaxError(message: error.message))
            }
        } else {
            name = inner[...]
        }
        guard !name.isEmpty else { return .failure(SyntaxError(message: "'{}' names no control (write {ID.FIELD})")) }
        // Ids may hold dots; the field is what follows the last one.
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
            let field = name[name.index(after: dot)...]
            guard !field.isEmpty else { return .failure(SyntaxError(message: "'{\(inner)}' has no field after the dot")) }
            return .success(Reference(control: String(name[..<dot]), field: String(field), format: format))
        }
        return .success(Reference(control: String(name), field: nil, format: format))
    }

    /// The text with every reference replaced by what `value` gives for it ("" for nil),
    /// numbers written with the display language's decimal mark (`numbers`): a format of
    /// `.N` follows it, as does a number without a format (`2,5` in German); a format that
    /// writes `,` or a grouping is written as it says.
    package func render(numbers: NumberConventions = .standard, _ value: (Reference) -> JSONValue?) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .literal(let text): out += text
            case .insert(let reference):
                switch value(reference) {
                case .number(let n)?:
                    if let format = reference.format {
                        out += format.write(n, conventions: numbers)
                    } else {
                        let plain = NumberFormat.rounded(n, decimals: 3)
                        out += numbers.decimalMark == "." ? plain : plain.replacingDecimalPoint(with: numbers.decimalMark)
                    }
                case .string(let s)?: out += s
                case .bool(let b)?: out += b ? "true" : "false"
                default: break
                }
            }
        }
        return out
    }

    /// A template that cannot be read.
    package struct SyntaxError: Error, Equatable {
        package var message: String
    }
}

private extension String {
    /// Without spaces at either end.
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}

private extension String {
    /// The text with its decimal point (the first `.`) written as `mark`.
    func replacingDecimalPoint(with mark: Character) -> String {
        guard let dot = firstIndex(of: ".") else { return self }
        var out = self
        out.replaceSubrange(dot...dot, with: String(mark))
        return out
    }
}
