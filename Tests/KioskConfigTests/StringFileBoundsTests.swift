import KioskConfig
import KioskControls
import KioskTestSupport
import Testing

/// What a string file may cost (issue 29): keys of at most 256 characters, so a file nested
/// deep with long group names is read in time linear in its size, and a bounded list of
/// warnings, so a file of thousands of unused strings does not fill the log at every start.
@Suite("String files: bounded keys and warnings")
struct StringFileBoundsTests {
    static func files(en: String) -> [String: String] { ["en.json": en, "de.json": NestedStringFile.german] }

    /// What loading says: the problems, or the warnings of a config that loads.
    static func messages(en: String) -> [String] {
        do {
            return try ConfigLoader.decode(NestedStringFile.config, file: "demo.json", readFile: reader(files(en: en)))
                .warnings.map(\.description)
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test("a string file nested deep with long group names is refused once, where its keys pass 256 characters, and says so in fewer bytes than the file has")
    func deepNesting() {
        // 200 groups of 100-letter names: read whole, the deepest key alone would have
        // 20,199 characters, and the warnings about the unused strings 6 MB.
        let en = NestedStringFile.text(depth: 200, nameLength: 100)
        let said = Self.messages(en: en)
        let a = String(repeating: "a", count: 100), b = String(repeating: "b", count: 100)
        let c = String(repeating: "c", count: 32)
        #expect(said == [
            "en.json: \(a).\(b): the keys in group \"\(c)\"… have more than 256 characters (303 before their own "
                + "names): a key (its groups' names and its own, joined by dots) has at most 256; name the groups "
                + "shorter or nest them less (line 1)",
        ])
        #expect(said.joined().utf8.count < en.utf8.count)
    }

    @Test("a key of 256 characters is read; one of 257 is refused at its group, on its line")
    func limit() throws {
        let group = String(repeating: "g", count: 100)
        func file(_ nameLength: Int) -> String {
            "{\"title\": \"Title\",\n \"\(group)\": {\n  \"\(String(repeating: "k", count: nameLength))\": \"x\"}}"
        }
        // 100 + the dot + 155 = 256.
        let config = try ConfigLoader.decode(NestedStringFile.config, file: "demo.json", readFile: reader(Self.files(en: file(155))))
        #expect(config.languages?.strings["en"]?.entries.keys.map(\.utf8.count).max() == 256)
        #expect(problems(in: NestedStringFile.config, files: Self.files(en: file(156))) == [
            "en.json: \(group): the key \"\(String(repeating: "k", count: 32))\"… has 257 characters: a key (its groups' "
                + "names and its own, joined by dots) has at most 256; name the groups shorter or nest them less (line 3)",
        ])
    }

    @Test("a text naming a key longer than any string file may hold says so once, not once per language")
    func longKeyInTheConfig() {
        let key = String(repeating: "k", count: 300)
        let config = NestedStringFile.config.replacingOccurrences(of: "\"@title\"", with: "\"@\(key)\"")
        #expect(problems(in: config, files: Self.files(en: #"{"title": "Title"}"#)) == [
            "demo.json: screens[0].controls[0].text: the key \"\(String(repeating: "k", count: 32))\"… has 300 "
                + "characters: a key has at most 256, so no string file has it (line 3)",
        ])
    }

    @Test("a name that is no key is reported at its group, quoted: a line break in it cannot start a line of its own")
    func badNameQuoted() {
        let en = #"{"title": "Title", "menu": {"a\nkiosk: ready": "x"}}"#
        #expect(problems(in: NestedStringFile.config, files: Self.files(en: en)) == [
            #"en.json: menu: "a\nkiosk: ready" is not a key: a letter, then letters, digits, _ - and . (line 1)"#,
        ])
    }

    @Test("of thousands of unused strings, the first 100 warnings are listed and the rest counted")
    func warningsBounded() throws {
        let config = try ConfigLoader.decode(NestedStringFile.config, file: "demo.json",
                                             readFile: reader(Self.files(en: NestedStringFile.unused(5000))))
        #expect(config.warnings.count == KioskConfiguration.maximumListedWarnings)
        #expect(config.warnings.first?.description
                == #"en.json: unused0: warning: "unused0" is never used (no text is "@unused0") (line 1)"#)
        #expect(config.unlistedWarnings == 4900)
        #expect(config.warningLines.count == 101)
        #expect(config.warningLines.last == "… and 4900 more warnings")
    }

    @Test("a few warnings are all listed, with no count after them")
    func fewWarnings() throws {
        let config = try ConfigLoader.decode(NestedStringFile.config, file: "demo.json",
                                             readFile: reader(Self.files(en: NestedStringFile.unused(3))))
        #expect(config.unlistedWarnings == 0)
        #expect(config.warningLines == config.warnings.map(\.description))
        #expect(config.warningLines.count == 3)
    }
}
