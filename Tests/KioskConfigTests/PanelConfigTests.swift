import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// A config with screen "main" (a range slider "price" on line 2) and `panels`, the first on line 4.
func withPanels(_ panels: String..., display: String = "{}") -> String {
    #"""
    {"display": \#(display), "startScreen": "main", "screens": [{"id": "main", "controls": [
    {"type": "rangeSlider", "id": "price", "frame": [40, 40, 400, 40]}
    ]}], "panels": [
    """# + "\n" + panels.joined(separator: ",\n") + "\n]}"
}

@Suite struct PanelConfigTests {
    @Test func leftOutFieldsTakeTheirDocumentedDefaults() throws {
        let config = try ConfigLoader.decode(withPanels(#"{"id": "filters"}"#), file: "p.json")
        #expect(config.panels == [PanelConfig(id: "filters", edge: .bottom, extent: 0.5, background: nil,
                                              cornerRadius: nil, controls: [])])
        #expect(config.theme.panelBackground == Color(hex: "#1C232C"))
        #expect(config.theme.panelCornerRadius == 16)
        #expect(config.panels[0].style(theme: config.theme) == PanelStyle())
        #expect(config.panel(withID: "filters") == config.panels[0])
    }

    @Test func everyFieldIsRead() throws {
        let json = withPanels(##"""
            {"id": "side", "edge": "left", "extent": 0.25, "background": "#203040", "cornerRadius": 0, "controls": [
              {"type": "label", "id": "sideTitle", "frame": [10, 10, 180, 30], "text": "Side"},
              {"type": "button", "id": "close", "frame": [10, 420, 180, 48], "title": "Back",
               "action": {"back": true}}]}
            """##)
        let config = try ConfigLoader.decode(json, file: "p.json")
        #expect(config.panels == [PanelConfig(id: "side", edge: .left, extent: 0.25, background: Color(hex: "#203040"),
                                              cornerRadius: 0, controls: [
            ControlConfig(LabelConfig(id: "sideTitle", frame: Rect(10, 10, 180, 30), text: "Side")),
            ControlConfig(ButtonConfig(id: "close", frame: Rect(10, 420, 180, 48), title: "Back", action: .back())),
        ])])
        #expect(config.panels[0].style(theme: config.theme)
            == PanelStyle(edge: .left, extent: 0.25, background: Color(hex: "#203040")!, cornerRadius: 0))
    }

    @Test func thePanelsOwnLookWinsOverTheTheme() throws {
        let json = ##"""
            {"theme": {"panelBackground": "#FFFFFF", "panelCornerRadius": 4}, "startScreen": "main",
             "screens": [{"id": "main"}],
             "panels": [{"id": "a"}, {"id": "b", "background": "#000000"}, {"id": "c", "cornerRadius": 30}]}
            """##
        let config = try ConfigLoader.decode(json, file: "p.json")
        let styles = config.panels.map { $0.style(theme: config.theme) }
        #expect(styles.map(\.background) == [.white, .black, .white])
        #expect(styles.map(\.cornerRadius) == [4, 4, 30])
    }

    @Test(arguments: [
        (PanelEdge.bottom, 0.5, Size(800, 240)), (.top, 0.25, Size(800, 120)),
        (.left, 0.5, Size(400, 480)), (.right, 1, Size(800, 480)),
    ])
    func aPanelsSizeFollowsItsEdgeAndExtent(_ edge: PanelEdge, _ extent: Double, _ size: Size) {
        #expect(PanelConfig(id: "p", edge: edge, extent: extent).size(designSize: Size(800, 480)) == size)
    }

    static let cases: [BadConfig] = [
        BadConfig("misspelt edge",
                  withPanels(#"{"id": "filters", "edge": "bottm"}"#),
                  #"demo.json: panels[0].edge: unknown edge "bottm"; did you mean "bottom"? (line 4)"#),
        BadConfig("unknown edge",
                  withPanels(#"{"id": "filters", "edge": "centre"}"#),
                  #"demo.json: panels[0].edge: unknown edge "centre"; expected one of bottom, left, right, top (line 4)"#),
        BadConfig("extent of zero",
                  withPanels(#"{"id": "filters", "extent": 0}"#),
                  "demo.json: panels[0].extent: must be more than 0 and at most 1 (found 0) (line 4)"),
        BadConfig("extent as a percentage",
                  withPanels(#"{"id": "filters", "extent": 50}"#),
                  "demo.json: panels[0].extent: must be more than 0 and at most 1 (found 50) (line 4)"),
        BadConfig("negative corner radius",
                  withPanels(#"{"id": "filters", "cornerRadius": -4}"#),
                  "demo.json: panels[0].cornerRadius: must be between 0 and 16384 (found -4) (line 4)"),
        BadConfig("bad background",
                  withPanels(#"{"id": "filters", "background": "grey"}"#),
                  #"demo.json: panels[0].background: invalid colour "grey": expected #RRGGBB or #RRGGBBAA (line 4)"#),
        BadConfig("misspelt key",
                  withPanels(##"{"id": "filters", "backgroud": "#000000"}"##),
                  #"demo.json: panels[0]: unknown key "backgroud"; did you mean "background"? (line 4)"#),
        BadConfig("missing id",
                  withPanels(#"{"edge": "top"}"#),
                  #"demo.json: panels[0]: missing required key "id" (line 4)"#),
        BadConfig("a panel may not take a control's id",
                  withPanels(#"{"id": "price"}"#),
                  #"demo.json: panels[0].id: duplicate id "price" (first used at screens[0].controls[0]) (line 4)"#),
        BadConfig("a panel's controls share the config's ids",
                  withPanels(#"{"id": "filters", "controls": [{"type": "label", "id": "price", "frame": [0, 0, 10, 10], "text": "x"}]}"#),
                  #"demo.json: panels[0].controls[0].id: duplicate id "price" (first used at screens[0].controls[0]) (line 4)"#),
        BadConfig("a control below a bottom panel",
                  withPanels(#"{"id": "filters", "controls": [{"type": "label", "id": "t", "frame": [0, 300, 100, 40], "text": "x"}]}"#),
                  "demo.json: panels[0].controls[0].frame: frame lies outside the panel (800x240) (line 4)"),
        BadConfig("a control right of a left panel",
                  withPanels(#"{"id": "side", "edge": "left", "extent": 0.25, "controls": [{"type": "label", "id": "t", "frame": [200, 0, 100, 40], "text": "x"}]}"#),
                  "demo.json: panels[0].controls[0].frame: frame lies outside the panel (200x480) (line 4)"),
        BadConfig("a panel's size follows the design size",
                  withPanels(#"{"id": "side", "edge": "right", "controls": [{"type": "label", "id": "t", "frame": [512, 0, 100, 40], "text": "x"}]}"#,
                             display: #"{"designSize": [1024, 600]}"#),
                  "demo.json: panels[0].controls[0].frame: frame lies outside the panel (512x600) (line 4)"),
        BadConfig("with a broken extent the controls are not checked against a guess",
                  withPanels(#"{"id": "filters", "extent": 2, "controls": [{"type": "label", "id": "t", "frame": [0, 300, 100, 40], "text": "x"}]}"#),
                  "demo.json: panels[0].extent: must be more than 0 and at most 1 (found 2) (line 4)"),
        BadConfig("screen controls are checked against the screen even when panels come first",
                  #"{"startScreen": "main", "panels": [{"id": "p"}], "screens": [{"id": "main", "controls": ["#
                      + "\n" + #"{"type": "label", "id": "t", "frame": [0, 470, 100, 40], "text": "x"}, {"type": "label", "id": "u", "frame": [0, 480, 100, 40], "text": "x"}]}]}"#,
                  "demo.json: screens[0].controls[1].frame: frame lies outside the screen (800x480) (line 2)"),
        BadConfig("theme's panel values are checked",
                  ##"{"theme": {"panelBackground": "#12", "panelCornerRadius": -1}, "startScreen": "main", "screens": [{"id": "main"}]}"##,
                  ##"demo.json: theme.panelBackground: invalid colour "#12": expected #RRGGBB or #RRGGBBAA (line 1)"##,
                  "demo.json: theme.panelCornerRadius: must be between 0 and 16384 (found -1) (line 1)"),
    ]

    @Test(arguments: cases)
    func badPanelIsRejectedWithExactMessages(_ bad: BadConfig) {
        #expect(problems(in: bad.json) == bad.expected)
    }

    @Test func aControlPartlyOnThePanelIsAllowed() throws {
        let json = withPanels(#"{"id": "filters", "controls": [{"type": "label", "id": "t", "frame": [700, 220, 200, 40], "text": "x"}]}"#)
        #expect(problems(in: json) == [])
    }
}
