import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// A config with a screen "main", a panel "filters" and `popups`, one per line from line 2.
func withPopups(_ popups: String..., display: String = "{}") -> String {
    #"{"display": \#(display), "startScreen": "main", "screens": [{"id": "main"}], "panels": [{"id": "filters"}], "popups": ["#
        + "\n" + popups.joined(separator: ",\n") + "\n]}"
}

/// A popup "hello" with `buttons`, using the template at `template`.
func helloPopup(template: String = "popups/dialog.json", buttons: String = #"[{"id": "ok", "title": "OK"}]"#) -> String {
    #"{"id": "hello", "template": "\#(template)", "title": "Hi", "text": "Hello World!", "buttons": \#(buttons)}"#
}

@Suite struct PopupConfigTests {
    static let files = ["popups/dialog.json": minimalTemplate]

    static let defaultTemplate = PopupTemplate(
        box: PopupTemplate.Box(frame: Rect(200, 110, 400, 260)),
        title: PopupTemplate.TextPart(frame: Rect(24, 20, 352, 36), font: "sans-serif bold 22", color: .white),
        text: PopupTemplate.TextPart(frame: Rect(24, 64, 352, 110), font: "sans-serif 17", color: Color(hex: "#C8D2DC")!),
        buttons: PopupTemplate.ButtonRow(frame: Rect(24, 192, 352, 48)))

    @Test func aPopupDecodesWithItsTemplate() throws {
        let json = withPopups(#"""
            {"id": "hello", "template": "popups/dialog.json", "title": "Popup Title", "text": "Hello World!",
             "buttons": [{"id": "ok", "title": "Okay"}, {"id": "more", "title": "Filters", "action": {"showPanel": "filters"}}]}
            """#)
        let config = try ConfigLoader.decode(json, file: "demo.json", readFile: reader(Self.files))
        let popup = try #require(config.popup(withID: "hello"))
        #expect(popup == PopupConfig(id: "hello", templatePath: "popups/dialog.json", title: "Popup Title",
                                     text: "Hello World!", buttons: [
            PopupButtonConfig(id: "ok", title: "Okay"),
            PopupButtonConfig(id: "more", title: "Filters", action: .showPanel("filters")),
        ]))
        #expect(config.templates == ["popups/dialog.json": Self.defaultTemplate])
        let template = try #require(config.template(for: popup))
        #expect(popup.style(from: template) == template.style())
        #expect(popup.content() == PopupContent(title: "Popup Title", text: "Hello World!", buttons: [
            .init(id: "ok", title: "Okay", action: nil),
            .init(id: "more", title: "Filters", action: .showPanel("filters")),
        ]))
    }

    @Test func textIsOptional() throws {
        let json = withPopups(#"{"id": "hello", "template": "popups/dialog.json", "title": "Hi", "buttons": [{"id": "ok", "title": "OK"}]}"#)
        let config = try ConfigLoader.decode(json, file: "demo.json", readFile: reader(Self.files))
        #expect(config.popups[0].text == "")
    }

    @Test func buttonIdsBelongToTheirPopupAlone() throws {
        // "ok" twice in two popups, and "main" (a screen's id) as a button id: all fine.
        let json = withPopups(
            helloPopup(buttons: #"[{"id": "ok", "title": "OK"}, {"id": "main", "title": "Home", "action": {"switchScreen": "main"}}]"#),
            #"{"id": "bye", "template": "popups/dialog.json", "title": "Bye", "buttons": [{"id": "ok", "title": "OK"}]}"#)
        let config = try ConfigLoader.decode(json, file: "demo.json", readFile: reader(Self.files))
        #expect(config.popups.map { $0.buttons.map(\.id) } == [["ok", "main"], ["ok"]])
    }

    @Test func aSharedTemplateIsReadOnce() throws {
        let files = MemoryFiles(["popups/dialog.json": minimalTemplate, "popups/other.json": minimalTemplate])
        let json = withPopups(
            helloPopup(),
            #"{"id": "a", "template": "popups/other.json", "title": "A", "buttons": [{"id": "ok", "title": "OK"}]}"#,
            #"{"id": "b", "template": "popups/dialog.json", "title": "B", "buttons": [{"id": "ok", "title": "OK"}]}"#)
        let config = try ConfigLoader.decode(json, file: "demo.json", readFile: files.read)
        #expect(files.reads == ["popups/dialog.json", "popups/other.json"])
        #expect(config.templates.keys.sorted() == ["popups/dialog.json", "popups/other.json"])
    }

    static let cases: [BadConfig] = [
        BadConfig("missing template key",
                  withPopups(#"{"id": "hello", "title": "Hi", "buttons": [{"id": "ok", "title": "OK"}]}"#),
                  #"demo.json: popups[0]: missing required key "template" (line 2)"#),
        BadConfig("empty template path",
                  withPopups(helloPopup(template: "")),
                  "demo.json: popups[0].template: must not be empty (line 2)"),
        BadConfig("missing template file",
                  withPopups(helloPopup(template: "popups/missing.json")),
                  #"demo.json: popups[0].template: cannot read "popups/missing.json": No such file or directory (line 2)"#,
                  files: files),
        BadConfig("a missing template shared by two popups is reported once, at the first",
                  withPopups(helloPopup(template: "popups/missing.json"),
                             #"{"id": "bye", "template": "popups/missing.json", "title": "Bye", "buttons": [{"id": "ok", "title": "OK"}]}"#),
                  #"demo.json: popups[0].template: cannot read "popups/missing.json": No such file or directory (line 2)"#),
        BadConfig("no buttons",
                  withPopups(helloPopup(buttons: "[]")),
                  "demo.json: popups[0].buttons: must contain at least one button (line 2)",
                  files: files),
        BadConfig("four buttons",
                  withPopups(helloPopup(buttons: #"[{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}, {"id": "d", "title": "D"}]"#)),
                  "demo.json: popups[0].buttons: must contain at most 3 buttons, found 4 (line 2)",
                  files: files),
        BadConfig("duplicate button id",
                  withPopups(helloPopup(buttons: #"[{"id": "ok", "title": "OK"}, {"id": "ok", "title": "Fine"}]"#)),
                  #"demo.json: popups[0].buttons[1].id: duplicate button id "ok" (first used at popups[0].buttons[0]) (line 2)"#,
                  files: files),
        BadConfig("misspelt button key",
                  withPopups(helloPopup(buttons: #"[{"id": "ok", "titel": "OK"}]"#)),
                  #"demo.json: popups[0].buttons[0]: missing required key "title" (line 2)"#,
                  #"demo.json: popups[0].buttons[0]: unknown key "titel"; did you mean "title"? (line 2)"#,
                  files: files),
        BadConfig("empty button id",
                  withPopups(helloPopup(buttons: #"[{"id": "", "title": "OK"}]"#)),
                  "demo.json: popups[0].buttons[0].id: must not be empty (line 2)",
                  files: files),
        BadConfig("button action naming a missing panel",
                  withPopups(helloPopup(buttons: #"[{"id": "more", "title": "More", "action": {"showPanel": "filtres"}}]"#)),
                  #"demo.json: popups[0].buttons[0].action.showPanel: no panel with id "filtres"; did you mean "filters"? (line 2)"#,
                  files: files),
        BadConfig("button action with two actions",
                  withPopups(helloPopup(buttons: #"[{"id": "more", "title": "More", "action": {"showPanel": "filters", "back": true}}]"#)),
                  #"demo.json: popups[0].buttons[0].action: only one action per button; found "showPanel" and "back" (line 2)"#,
                  files: files),
        BadConfig("a popup may not take a panel's id",
                  withPopups(#"{"id": "filters", "template": "popups/dialog.json", "title": "Hi", "buttons": [{"id": "ok", "title": "OK"}]}"#),
                  #"demo.json: popups[0].id: duplicate id "filters" (first used at panels[0]) (line 2)"#,
                  files: files),
        BadConfig("missing title, text not a string",
                  withPopups(#"{"id": "hello", "template": "popups/dialog.json", "text": 42, "buttons": [{"id": "ok", "title": "OK"}]}"#),
                  #"demo.json: popups[0]: missing required key "title" (line 2)"#,
                  "demo.json: popups[0].text: expected a string, found a number (line 2)",
                  files: files),
        BadConfig("popups not an array",
                  #"{"startScreen": "main", "screens": [{"id": "main"}], "popups": {}}"#,
                  "demo.json: popups: expected an array, found an object (line 1)"),
        BadConfig("buttons that do not fit the template's row",
                  withPopups(helloPopup(template: "popups/tight.json",
                                        buttons: #"[{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}]"#)),
                  #"demo.json: popups[0].buttons: 3 buttons do not fit the button row of "popups/tight.json" (352 wide, spacing 200) (line 2)"#,
                  files: ["popups/tight.json": """
                      {"box": {"frame": [200, 110, 400, 260]}, "title": {"frame": [24, 20, 352, 36]},
                       "text": {"frame": [24, 64, 352, 110]}, "buttons": {"frame": [24, 192, 352, 48], "spacing": 200}}
                      """]),
        BadConfig("the config's problems come first, then each template's, once however many popups share it",
                  withPopups(helloPopup(template: "popups/broken.json"),
                             #"{"id": "bye", "template": "popups/broken.json", "title": "Bye", "buttons": [{"id": "ok", "title": 1}]}"#,
                             #"{"id": "why", "template": "popups/bad.json", "title": "Why", "buttons": [{"id": "ok", "title": "OK"}]}"#),
                  "demo.json: popups[1].buttons[0].title: expected a string, found a number (line 3)",
                  ##"popups/broken.json: backdrop: invalid colour "#0008": expected #RRGGBB or #RRGGBBAA (line 3)"##,
                  "popups/bad.json:1:2: expected a string key or '}'",
                  files: ["popups/broken.json": minimalTemplate.dropLast() + ##",\##n "backdrop": "#0008"}"##,
                          "popups/bad.json": "{box: 1}"]),
    ]

    @Test(arguments: cases)
    func badPopupIsRejectedWithExactMessages(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test func withoutAFileReaderTemplatesCannotBeRead() {
        let error = caughtError(ConfigErrors.self) {
            try ConfigLoader.decode(withPopups(helloPopup()), file: "demo.json")
        }
        #expect(error?.problems.map(\.description) == [
            #"demo.json: popups[0].template: cannot read "popups/dialog.json": files need a file reader (line 2)"#,
        ])
    }
}
