import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import Testing

/// `languages`: string files, texts that are keys, and what `kiosk check` says about them.
@Suite("Languages in the config")
struct LanguageConfigTests {
    /// A kiosk in English and German whose title, button and popup are keys.
    static func config(languages: String = #""languages": {"default": "en", "files": {"en": "en.json", "de": "de.json"}}"#,
                       title: String = "@menu.title") -> String {
        """
        {\(languages), "startScreen": "main",
         "screens": [{"id": "main", "controls": [
           {"type": "label", "id": "title", "frame": [0, 0, 400, 40], "text": "\(title)"},
           {"type": "button", "id": "de", "frame": [0, 50, 100, 40], "title": "Deutsch", "action": {"setLanguage": "de"}},
           {"type": "slider", "id": "qty", "frame": [0, 100, 400, 40], "min": 0, "max": 10}]}],
         "popups": [{"id": "thanks", "template": "p.json", "title": "@thanks.title", "text": "@@kiosk",
                     "buttons": [{"id": "ok", "title": "@ok"}]}]}
        """
    }

    static let english = #"{"menu": {"title": "Menu"}, "thanks.title": "Thank you", "ok": "OK"}"#
    static let german = #"{"menu": {"title": "Speisekarte"}, "thanks.title": "Danke", "ok": "OK"}"#

    static func files(en: String = english, de: String = german) -> [String: String] {
        ["en.json": en, "de.json": de, "p.json": minimalTemplate]
    }

    func load(_ json: String = config(), files: [String: String] = files()) throws -> KioskConfiguration {
        try ConfigLoader.decode(json, file: "demo.json", readFile: reader(files))
    }

    @Test("the string files are read into tables, groups flattened to dotted keys, in the languages' order")
    func readsTheFiles() throws {
        let config = try load()
        let languages = try #require(config.languages)
        #expect(languages.languages == ["en", "de"])
        #expect(languages.strings["de"]?.entries == ["menu.title": "Speisekarte", "thanks.title": "Danke", "ok": "OK"])
        #expect(languages.resolve("@menu.title", in: "de") == "Speisekarte")
        #expect(languages.resolve("@@kiosk", in: "de") == "@kiosk")
        #expect(languages.resolve("plain", in: "de") == "plain")
        #expect(config.warnings.isEmpty)
    }

    @Test("a popup's words are given in the language asked for")
    func popupWords() throws {
        let config = try load()
        let content = config.popups[0].content(in: "de", of: config.languages)
        #expect(content.title == "Danke")
        #expect(content.text == "@kiosk")
        #expect(content.buttons.map(\.title) == ["OK"])
    }

    @Test("a key a language lacks is reported at the text that uses it, naming the language and its file")
    func missingKey() {
        let german = #"{"menu": {}, "thanks.title": "Danke", "ok": "OK"}"#
        #expect(problems(in: Self.config(), files: Self.files(de: german)) == [
            #"demo.json: screens[0].controls[0].text: string "menu.title" is missing from "de" (de.json) (line 3)"#,
        ])
    }

    @Test("a string file that is not an object of strings is reported in that file, at the place")
    func badFile() {
        #expect(problems(in: Self.config(), files: Self.files(de: #"{"menu": {"title": 3}, "thanks.title": "Danke", "ok": "OK"}"#))
                == [#"de.json: menu.title: expected a string (or an object of strings), found a number (line 1)"#])
        #expect(problems(in: Self.config(), files: Self.files(de: "[1]")) == [
            "de.json:1:1: a string file must be an object of strings, found an array",
        ])
        #expect(problems(in: Self.config(), files: Self.files(de: "{")).first?.hasPrefix("de.json:1:2:") == true)
    }

    @Test("a string file that cannot be read is reported at its place in the config")
    func unreadableFile() {
        var files = Self.files()
        files["de.json"] = nil
        #expect(problems(in: Self.config(), files: files) == [
            #"demo.json: languages.files.de: cannot read "de.json": No such file or directory (line 1)"#,
        ])
    }

    @Test("a string nothing uses is a warning in its file; the config still loads")
    func unusedString() throws {
        let config = try load(files: Self.files(de: #"{"menu": {"title": "Speisekarte", "old": "Alt"}, "thanks.title": "Danke", "ok": "OK"}"#))
        #expect(config.warnings.map(\.description) == [
            #"de.json: menu.old: warning: "menu.old" is never used (no text is "@menu.old") (line 1)"#,
        ])
    }

    @Test("a template that inserts other values in a translation than in the default language is reported there")
    func templatesDiffer() {
        let english = #"{"menu": {"title": "{qty.value} items"}, "thanks.title": "Thank you", "ok": "OK"}"#
        let german = #"{"menu": {"title": "Artikel"}, "thanks.title": "Danke", "ok": "OK"}"#
        #expect(problems(in: Self.config(), files: Self.files(en: english, de: german)) == [
            #"de.json: menu.title: inserts nothing, but "en"'s string inserts {qty.value}: a translation shows the same values (line 1)"#,
        ])
    }

    @Test("a template in a string file is checked like one in the config: the control and the field must exist")
    func templateInAFile() {
        let german = #"{"menu": {"title": "{qty.valu} Artikel"}, "thanks.title": "Danke", "ok": "OK"}"#
        let english = #"{"menu": {"title": "{qty.valu} items"}, "thanks.title": "Thank you", "ok": "OK"}"#
        let found = problems(in: Self.config(), files: Self.files(en: english, de: german))
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.contains(#"{qty.valu}: "qty" has no value field or property "valu""#) })
    }

    @Test("a key in a config without languages is a mistake that says how to write a text starting with @")
    func keyWithoutLanguages() {
        let json = mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, 100, 40], "text": "@home"}"#)
        #expect(problems(in: json) == [
            #"demo.json: screens[0].controls[0].text: "@home" names a string, but the config has no "languages" (write "@@home" for a text that starts with @) (line 2)"#,
        ])
        let literal = mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, 100, 40], "text": "@@home"}"#)
        #expect(problems(in: literal).isEmpty)
    }

    @Test("setLanguage must name one of the config's languages, with a suggestion")
    func unknownLanguage() {
        let json = Self.config().replacingOccurrences(of: #"{"setLanguage": "de"}"#, with: #"{"setLanguage": "dee"}"#)
        #expect(problems(in: json, files: Self.files()) == [
            #"demo.json: screens[0].controls[1].action.setLanguage: no language "dee" (the config has en, de); did you mean "de"? (line 4)"#,
        ])
    }

    @Test("texts that are keys need the default language's file; a bad language code is located")
    func defaultNeedsAFile() {
        let noEnglish = Self.config(languages: #""languages": {"default": "en", "files": {"de": "de.json"}}"#)
        #expect(problems(in: noEnglish, files: Self.files()).first
                == #"demo.json: languages.default: the default language "en" has no string file in "files", and texts name strings (first "@menu.title") (line 1)"#)
        let badCode = Self.config(languages: #""languages": {"default": "English", "files": {"en": "en.json", "de": "de.json"}}"#)
        #expect(problems(in: badCode, files: Self.files()).first
                == #"demo.json: languages.default: must be a language code such as "de" or "pt-BR" (found "English") (line 1)"#)
    }

    @Test("a format that is a key is checked as a format in every language")
    func formatKey() {
        let json = mainScreen(#"{"type": "slider", "id": "t", "frame": [0, 0, 400, 40], "format": "@units.temp"}"#)
            .replacingOccurrences(of: #"{"startScreen""#, with: #"{"languages": {"default": "en", "files": {"en": "en.json", "de": "de.json"}}, "startScreen""#)
        let files = ["en.json": #"{"units": {"temp": ".1 °C"}}"#, "de.json": #"{"units": {"temp": "1,5"}}"#]
        #expect(problems(in: json, files: files) == [
            #"de.json: units.temp: format "1,5": expected [separator](. or ,)DECIMALS[ unit], e.g. .2 or ,.2 or .1 °C (it is the format of screens[0].controls[0].format) (line 1)"#,
        ])
    }
}
