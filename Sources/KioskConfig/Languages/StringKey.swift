import KioskCore

/// A text that stands for a string of the string files: `"@menu.title"` shows what the
/// display language's file says for `menu.title` (`LanguageSettings`). The whole text is the
/// key: `@`, then a letter, then letters, digits, `_`, `-` and `.`. `"@@…"` is a literal text
/// starting with one `@` (a handle, `"@@kiosk"` shows `@kiosk`); any other text is itself.
package enum StringKey {
    /// The longest key, in characters (its groups' names and its own, joined by dots): far
    /// more than a real one needs (`checkout.summary.total` has 22), and short enough that a
    /// string file nested deep with long group names costs its reader and its messages time
    /// and memory linear in its size, not the square of it (each deeper key repeats the
    /// names above it).
    package static let maximumLength = 256

    /// The key `text` names (`"menu.title"` for `"@menu.title"`); nil when it names none.
    package static func key(in text: String) -> String? {
        let scalars = text.unicodeScalars
        guard scalars.first == "@", scalars.count > 1 else { return nil }
        let name = scalars.dropFirst()
        guard let first = name.first, first.properties.isAlphabetic, first.isASCII else { return nil }
        for scalar in name where !(scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                                                   || scalar == "_" || scalar == "-" || scalar == ".")) {
            return nil
        }
        return String(name)
    }

    /// What a text that is not a key shows: itself, or `@…` for `@@…`.
    package static func literal(_ text: String) -> String {
        text.hasPrefix("@@") ? String(text.dropFirst()) : text
    }

    /// Whether `text` needs the string files or unescaping at all: it starts with `@`.
    package static func isSpecial(_ text: String) -> Bool { text.hasPrefix("@") }

    /// What `text` shows in `language` of `languages` (`LanguageSettings.resolve`); without
    /// either, the text as written (`@…` for `@@…`, a key as itself).
    package static func words(_ text: String, in language: String?, of languages: LanguageSettings?) -> String {
        guard let languages, let language else { return literal(text) }
        return languages.resolve(text, in: language)
    }
}

extension ControlConfig {
    /// This control's config with every text property that names a string (`"@menu.title"`)
    /// or starts with `@@` holding what it shows in `language`: how a scene built straight from
    /// a config shows words rather than keys. A run-time language switch writes them again
    /// (`PropertyModel`); a string that is a template is written as the template, which the
    /// runtime then fills. Unchanged when nothing is special, or without `languages` and `@@`.
    package func resolvingStrings(in language: String?, of languages: LanguageSettings?, designSize: Size) -> ControlConfig {
        var changes: [(name: String, value: JSONValue)] = []
        for property in properties where property.kind == .text {
            guard case .string(let text)? = source?[property.name]?.kind, StringKey.isSpecial(text) else { continue }
            changes.append((property.name, .string(StringKey.words(text, in: language, of: languages))))
        }
        guard !changes.isEmpty, case .success(let resolved) = changing(changes, designSize: designSize) else { return self }
        return resolved
    }
}
