import KioskCore

/// The languages a kiosk speaks: the config's `"languages"`.
///
/// ```json
/// "languages": { "default": "en",
///                "files": { "en": "strings/en.json", "de": "strings/de.json", "hi": "strings/hi.json" },
///                "resetOnIdle": true }
/// ```
///
/// Any text on screen may then be a key of the string files (`"text": "@menu.title"`,
/// `StringKey`), so a screen is written once and shows its words in the display language.
/// The language changes live (a button's `{"setLanguage": "de"}`, the socket's
/// `setLanguage`, `kiosk ctl set-language de`, MQTT), survives a restart in the state file and,
/// with `resetOnIdle`, goes back to the default on the idle return. `kiosk check` reports a key
/// a language lacks, a string file that is not valid, a template whose insertions differ
/// between languages, and (a warning) a string that nothing uses.
package struct LanguageSettings: Sendable, Equatable, Decodable {
    /// `default` (required): the language shown first, and after the idle return with
    /// `resetOnIdle`; it needs a string file once any text is a key.
    package var defaultLanguage: String
    /// `files` (required, not empty): one string file per language, by language code (`de`,
    /// `pt-BR`), paths relative to the config file; in the order of their codes.
    package var files: [LanguageFile]
    /// `resetOnIdle` (default true): the idle return (`idle`) also goes back to the default
    /// language, so the next visitor is greeted in it.
    package var resetsOnIdle: Bool
    /// The strings of each language whose file was read, by language code. Not part of the
    /// JSON: `ConfigLoader` reads the files; other decoders leave it empty.
    package var strings: [String: StringTable] = [:]

    /// One language and its string file.
    package struct LanguageFile: Sendable, Equatable {
        /// The language code (`de`, `pt-BR`).
        package var language: String
        /// The string file's path as written, relative to the config file.
        package var path: String

        /// `language`'s strings in the file at `path`.
        package init(language: String, path: String) {
            self.language = language
            self.path = path
        }
    }

    /// Languages from their files; `defaultLanguage` is shown first.
    package init(defaultLanguage: String, files: [LanguageFile], resetsOnIdle: Bool = true) {
        self.defaultLanguage = defaultLanguage
        self.files = files
        self.resetsOnIdle = resetsOnIdle
    }

    /// Every language, the default first, then the others in the order of their codes.
    package var languages: [String] {
        [defaultLanguage] + files.map(\.language).filter { $0 != defaultLanguage }
    }

    /// What `key` says in `language`: its own string, else the default language's; nil when
    /// neither has it (never for a config from `ConfigLoader`, which checks every key).
    package func string(_ key: String, in language: String) -> String? {
        strings[language]?.entries[key] ?? strings[defaultLanguage]?.entries[key]
    }

    /// What `text` shows in `language`: the string a key names (`"@menu.title"`; the key itself,
    /// `@menu.title`, should the files lack it), `@…` for `@@…`, any other text itself.
    package func resolve(_ text: String, in language: String) -> String {
        guard StringKey.isSpecial(text) else { return text }
        guard let key = StringKey.key(in: text) else { return StringKey.literal(text) }
        return string(key, in: language) ?? text
    }

    /// The string file of `language`.
    package func file(of language: String) -> String? { files.first { $0.language == language }?.path }

    enum CodingKeys: String, CodingKey { case `default`, files, resetOnIdle }

    package init(from decoder: any Decoder) throws {
        let fields = try decoder.configFields(keyedBy: CodingKeys.self)
        var defaultLanguage = try fields.string(.default, .id)
        if let code = defaultLanguage, let problem = LanguageCode.problem(with: code) {
            try fields.report(problem, at: .default)
            defaultLanguage = nil
        }
        let files = try fields.required(.files, as: LanguageFiles.self)?.files
        let resets = try fields.bool(.resetOnIdle, default: true)
        self.init(defaultLanguage: defaultLanguage ?? "", files: files ?? [], resetsOnIdle: resets ?? true)
        if let files, files.isEmpty { try fields.report("must name at least one language's string file", at: .files) }
    }
}

/// `files`: language code → path, in the order written.
private struct LanguageFiles: Decodable {
    let files: [LanguageSettings.LanguageFile]

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: TemplateKey.self)
        var files: [LanguageSettings.LanguageFile] = []
        for key in container.allKeys {
            let path = container.codingPath + [key]
            if let problem = LanguageCode.problem(with: key.stringValue) {
                throw invalidValue(at: path, "\(JSONWriter.quoted(key.stringValue)): \(problem)")
            }
            let file = try container.decode(String.self, forKey: key)
            if let problem = TextRule.path.problem(with: file) { throw invalidValue(at: path, problem) }
            files.append(LanguageSettings.LanguageFile(language: key.stringValue, path: file))
        }
        // By code, whatever order the decoder hands the keys in (Foundation's has none).
        self.files = files.sorted { $0.language < $1.language }
    }
}

/// The shape of a language code: two or three lowercase letters (`de`, `fil`), then any
/// subtags of letters and digits (`pt-BR`, `zh-Hant`), as BCP 47 writes them.
enum LanguageCode {
    /// Why `code` is not one, or nil.
    static func problem(with code: String) -> String? {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        let language = parts[0].unicodeScalars
        let lower = language.allSatisfy { ("a"..."z").contains($0) }
        let subtags = parts.dropFirst().allSatisfy { tag in
            (1...8).contains(tag.count) && tag.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
        }
        guard (2...3).contains(language.count), lower, subtags else {
            return "must be a language code such as \"de\" or \"pt-BR\" (found \(JSONWriter.quoted(code)))"
        }
        return nil
    }
}
