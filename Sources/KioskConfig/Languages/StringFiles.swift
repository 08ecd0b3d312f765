import KioskCore

/// The string files of one config, read and checked against what the config uses: each file
/// once, its problems kept under its own name (as popup templates are), the problems of a use
/// at the text that uses it.
///
/// It reports: a file that cannot be read or is not an object of strings; a key used by a
/// text that a language lacks (at the text, naming the file); a string that breaks the rules
/// of text on screen, or is a template that is broken or inserts what the config lacks, or
/// inserts other things than the default language's string does (in the file, at the key);
/// a format (`"format": "@units.temp"`) that is not one; and, as a warning, a string that no
/// text uses.
struct StringFiles {
    /// The tables that were read, by language.
    private(set) var tables: [String: StringTable] = [:]
    /// Problems inside the string files, file by file in the order of `languages.files`.
    private(set) var problems: [ConfigProblem] = []
    /// Warnings inside the string files: of each file the first
    /// `KioskConfiguration.maximumListedWarnings`.
    private(set) var warnings: [ConfigProblem] = []
    /// Warnings past those of `warnings`: only counted.
    private(set) var unlistedWarnings = 0

    /// One string of a file, with where it is written.
    private struct Entry {
        var text: String
        var path: [any CodingKey]
    }

    /// Per language: the file's diagnostics and its entries.
    private var files: [String: (path: String, diagnostics: Diagnostics, entries: [String: Entry], order: [String])] = [:]
    /// Languages whose file itself is broken: a key missing from it is not news.
    private var broken: Set<String> = []

    /// Reads `settings`' files with `readFile`; checks every use in `uses`. `templateProblems`
    /// says what is wrong with a template's insertions (no such control, no such field).
    mutating func load(_ settings: LanguageSettings?, uses: [ConfigValidator.StringUse],
                       readFile: ConfigLoader.FileReader, reportingTo diagnostics: Diagnostics,
                       languagesPath: [any CodingKey],
                       templateProblems: (TextTemplate) -> [String]) {
        guard let settings else {
            for use in uses {
                diagnostics.report("\(JSONWriter.quoted("@" + use.key)) names a string, but the config has no \"languages\" "
                                   + "(write \(JSONWriter.quoted("@@" + use.key)) for a text that starts with @)", at: use.path)
            }
            return
        }
        for file in settings.files {
            switch readFile(file.path) {
            case .success(let text): read(text, language: file.language, path: file.path)
            case .failure(let problem):
                diagnostics.report("cannot read \(JSONWriter.quoted(file.path)): \(problem.reason)",
                                   at: languagesPath + [TemplateKey(stringValue: "files"), TemplateKey(stringValue: file.language)])
            }
        }
        var used: [String: [ConfigValidator.StringUse]] = [:]
        var usedOrder: [String] = []
        for use in uses {
            if used[use.key] == nil { usedOrder.append(use.key) }
            used[use.key, default: []].append(use)
        }
        if !usedOrder.isEmpty, settings.file(of: settings.defaultLanguage) == nil {
            diagnostics.report("the default language \(JSONWriter.quoted(settings.defaultLanguage)) has no string file in "
                               + "\"files\", and texts name strings (first \(JSONWriter.quoted("@" + usedOrder[0])))",
                               at: languagesPath + [TemplateKey(stringValue: "default")])
        }
        for key in usedOrder {
            let uses = used[key]!
            checkUse(of: key, uses: uses, settings: settings, reportingTo: diagnostics, templateProblems: templateProblems)
        }
        for language in settings.files.map(\.language) {
            guard let file = files[language] else { continue }
            for key in file.order where used[key] == nil {
                file.diagnostics.warn("\(JSONWriter.quoted(key)) is never used (no text is \(JSONWriter.quoted("@" + key)))",
                                      at: file.entries[key]!.path)
            }
            problems += file.diagnostics.problems(file: file.path)
            warnings += file.diagnostics.warnings(file: file.path)
            unlistedWarnings += file.diagnostics.unlistedWarnings
            if file.diagnostics.isEmpty {
                tables[language] = StringTable(entries: file.entries.mapValues(\.text))
            }
        }
    }

    /// One key: present in every language, a sound text (or format) in each, and a template
    /// inserting the same things in each.
    private func checkUse(of key: String, uses: [ConfigValidator.StringUse], settings: LanguageSettings,
                          reportingTo diagnostics: Diagnostics, templateProblems: (TextTemplate) -> [String]) {
        let first = uses[0]
        // Keys from the config are ASCII (StringKey.key), so bytes are characters.
        guard key.utf8.count <= StringKey.maximumLength else {
            diagnostics.report("the key \(Self.shortened(key)) has \(key.utf8.count) characters: a key has at most "
                               + "\(StringKey.maximumLength), so no string file has it", at: first.path)
            return
        }
        let elsewhere = uses.count > 1 ? " (used \(uses.count) times; this is the first)" : ""
        var defaultInserts: [String]?
        for language in settings.languages {
            guard let file = files[language] else { continue }
            guard let entry = file.entries[key] else {
                if broken.contains(language) { continue }
                diagnostics.report("string \(JSONWriter.quoted(key)) is missing from \(JSONWriter.quoted(language)) "
                                   + "(\(file.path))\(elsewhere)", at: first.path)
                continue
            }
            if first.isNumberFormat {
                if case .failure(let error) = NumberStyle.parse(entry.text) {
                    file.diagnostics.report("\(error.message) (it is the format of \(first.pathDescription))", at: entry.path)
                }
                continue
            }
            if let problem = TextRule.displayText.problem(with: entry.text) {
                file.diagnostics.report(problem, at: entry.path)
                continue
            }
            var inserts: [String] = []
            if TextTemplate.isTemplate(entry.text) {
                switch TextTemplate.parse(entry.text) {
                case .failure(let error):
                    file.diagnostics.report(error.message, at: entry.path)
                    continue
                case .success(let template):
                    for problem in templateProblems(template) { file.diagnostics.report(problem, at: entry.path) }
                    inserts = template.references.map(Self.braces)
                }
            }
            if language == settings.defaultLanguage {
                defaultInserts = inserts
            } else if let expected = defaultInserts, Set(inserts) != Set(expected) {
                file.diagnostics.report("inserts \(Self.list(inserts)), but \(JSONWriter.quoted(settings.defaultLanguage))'s "
                                        + "string inserts \(Self.list(expected)): a translation shows the same values", at: entry.path)
            }
        }
    }

    /// `{ID.FIELD}` of a reference, without its format (a translation may write a number its own way).
    private static func braces(_ reference: TextTemplate.Reference) -> String {
        "{" + reference.control + (reference.field.map { "." + $0 } ?? "") + "}"
    }

    private static func list(_ inserts: [String]) -> String {
        inserts.isEmpty ? "nothing" : inserts.joined(separator: ", ")
    }

    /// Parses one file into `files[language]`; a file that is not JSON is a problem at once.
    private mutating func read(_ text: String, language: String, path: String) {
        let document: JSONNode
        do {
            document = try JSONParser().parse(text)
        } catch {
            problems.append(ConfigProblem(file: path, path: "", line: error.line, column: error.column, message: error.message))
            broken.insert(language)
            return
        }
        let diagnostics = Diagnostics(root: document)
        var entries: [String: Entry] = [:]
        var order: [String] = []
        if document.members == nil {
            diagnostics.report("a string file must be an object of strings, found \(document.kindDescription)", at: [])
        } else {
            Self.flatten(document, prefix: "", path: [], into: &entries, order: &order, diagnostics: diagnostics)
        }
        if !diagnostics.isEmpty { broken.insert(language) }
        files[language] = (path, diagnostics, entries, order)
    }

    /// Every string of `node` under its full key; groups (objects) add their key and a dot.
    ///
    /// A key longer than `StringKey.maximumLength` is refused where it passes the limit, and
    /// nothing inside that group is read: each key built is then at most that long, so a file
    /// nested deep with long group names costs time and memory linear in its size (built
    /// whole, each deeper key would repeat every name above it). A problem with a member's
    /// name is reported at its group's path and its own line, the name quoted in the message:
    /// the path stays as short as the key, and a name with a line break in it cannot break
    /// the line.
    private static func flatten(_ node: JSONNode, prefix: String, path: [any CodingKey], into entries: inout [String: Entry],
                                order: inout [String], diagnostics: Diagnostics) {
        for member in node.members ?? [] {
            guard StringKey.key(in: "@" + member.key) != nil else {
                diagnostics.report("\(JSONWriter.quoted(member.key)) is not a key: a letter, then letters, digits, _ - and .",
                                   at: path, position: member.keyPosition)
                continue
            }
            let length = prefix.utf8.count + member.key.utf8.count
            // Keys are ASCII (checked above), so bytes are characters.
            guard length <= StringKey.maximumLength else {
                let what = member.value.members != nil
                    ? "the keys in group \(shortened(member.key)) have more than \(StringKey.maximumLength) characters "
                        + "(\(length + 1) before their own names)"
                    : "the key \(shortened(member.key)) has \(length) characters"
                diagnostics.report("\(what): a key (its groups' names and its own, joined by dots) has at most "
                                   + "\(StringKey.maximumLength); name the groups shorter or nest them less",
                                   at: path, position: member.keyPosition)
                continue
            }
            let memberPath = path + [TemplateKey(stringValue: member.key)]
            let key = prefix + member.key
            switch member.value.kind {
            case .string(let text):
                if entries[key] != nil {
                    diagnostics.report("\(JSONWriter.quoted(key)) is defined twice", at: memberPath)
                    continue
                }
                entries[key] = Entry(text: text, path: memberPath)
                order.append(key)
            case .object:
                flatten(member.value, prefix: key + ".", path: memberPath, into: &entries, order: &order, diagnostics: diagnostics)
            default:
                diagnostics.report("expected a string (or an object of strings), found \(member.value.kindDescription)",
                                   at: memberPath)
            }
        }
    }

    /// A member's name for a message about its length: quoted, its first 32 characters and
    /// `…` when it is longer (the message gives the length; the line says where it is).
    private static func shortened(_ name: String) -> String {
        let shown = 32
        guard name.utf8.count > shown else { return JSONWriter.quoted(name) }
        return JSONWriter.quoted(String(name.unicodeScalars.prefix(shown))) + "…"
    }
}
