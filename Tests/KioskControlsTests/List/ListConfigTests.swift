import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// `{"type": "list", …}`: its keys with their defaults, the list it builds (rows of controls
/// found by id), and its mistakes reported with the file, the JSON path and the line, the
/// rows' controls checked against their row.
@Suite("List config")
struct ListConfigTests {
    static let list = #""type": "list", "id": "exhibits", "frame": [0, 40, 400, 300]"#
    static let row = #"{"controls": [{"type": "label", "id": "name0", "frame": [16, 0, 200, 60], "text": "Sundial"}, {"type": "button", "id": "open0", "frame": [300, 10, 80, 40], "title": "Open", "action": {"switchScreen": "main"}}]}"#

    @Test("the keys are read with their defaults, and the rows' controls are made and found by id")
    func defaults() throws {
        let config = try ConfigLoader.decode(mainScreen(#"{\#(Self.list), "rows": [\#(Self.row), {}]}"#,
            ##"{"type": "list", "id": "other", "frame": [400, 40, 400, 300], "rowHeight": 96, "background": "#102030", "separatorColor": "#00000000"}"##),
            file: "demo.json")
        let controls = config.screens[0].controls
        let first = try #require(controls[0].base as? ListConfig)
        #expect(first.rowHeight == 80 && first.background == nil && first.separatorColor == nil)
        #expect(first.rows.count == 2 && first.rows[0].controls.map(\.id) == ["name0", "open0"] && first.rows[1].controls.isEmpty)
        #expect(controls[0].withDescendants.map(\.id) == ["exhibits", "name0", "open0"])
        #expect(controls[1].base as? ListConfig == ListConfig(id: "other", frame: Rect(400, 40, 400, 300), rowHeight: 96,
                                                               background: Color(hex: "#102030"),
                                                               separatorColor: Color(hex: "#00000000")))
        let scene = SceneBuilder.build(config)
        let built = try #require(scene.control(withID: "exhibits") as? List)
        #expect(built.rows.count == 2 && built.rowHeight == 80 && built.offset == 0)
        let button = try #require(scene.control(withID: "open0") as? Button)
        #expect(button.frame == Rect(300, 10, 80, 40), "frames stay in row coordinates")
        #expect(button.action == .switchScreen("main"))
    }

    static let cases: [BadConfig] = [
        BadConfig("a row's control lies outside its row",
                  mainScreen(#"{\#(list), "rowHeight": 60, "rows": [{"controls": [{"type": "label", "id": "n", "frame": [10, 70, 100, 20], "text": "x"}]}]}"#),
                  "demo.json: screens[0].controls[0].rows[0].controls[0].frame: frame lies outside the row (400x60) (line 2)"),
        BadConfig("ids inside rows share the config's one namespace",
                  mainScreen(#"{"type": "label", "id": "name0", "frame": [0, 0, 10, 10], "text": "x"}"#, #"{\#(list), "rows": [\#(row)]}"#),
                  "demo.json: screens[0].controls[1].rows[0].controls[0].id: duplicate id \"name0\" (first used at screens[0].controls[0]) (line 3)"),
        BadConfig("rowHeight must be positive",
                  mainScreen(#"{\#(list), "rowHeight": 0}"#),
                  "demo.json: screens[0].controls[0].rowHeight: must be more than 0 and at most 16384 (found 0) (line 2)"),
        BadConfig("rows is an array of rows",
                  mainScreen(#"{\#(list), "rows": {"controls": []}}"#),
                  "demo.json: screens[0].controls[0].rows: expected an array, found an object (line 2)"),
        BadConfig("a misspelt key of a row is named with its suggestion",
                  mainScreen(#"{\#(list), "rows": [{"control": []}]}"#),
                  #"demo.json: screens[0].controls[0].rows[0]: unknown key "control"; did you mean "controls"? (line 2)"#),
        BadConfig("a misspelt key of the list is named with its suggestion",
                  mainScreen(#"{\#(list), "rowHieght": 60}"#),
                  #"demo.json: screens[0].controls[0]: unknown key "rowHieght"; did you mean "rowHeight"? (line 2)"#),
        BadConfig("a bad control in a row is reported at its path, the rest stands",
                  mainScreen("{\(list), \"rows\": [{}, {\"controls\": [\n{\"type\": \"rangeSlider\", \"id\": \"r\", \"frame\": [0, 0, 100, 40], \"min\": 5, \"max\": 1}]}]}"),
                  "demo.json: screens[0].controls[0].rows[1].controls[0].max: must be greater than min (5) (line 3)"),
    ]

    @Test(arguments: cases)
    func mistakesAreReportedWithPathAndLine(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test("the owner's properties are the colours")
    func properties() {
        #expect(ListConfig.properties.map(\.name) == ["background", "separatorColor"])
        #expect(ControlRegistry.standard.descriptionType(named: "list") == ListConfig.self)
    }
}
