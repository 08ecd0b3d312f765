import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// `{"type": "toggle", …}`: its keys with their defaults, the toggle it builds, and its
/// mistakes reported like every built-in's, with the file, the JSON path and the line.
@Suite("Toggle config")
struct ToggleConfigTests {
    static let toggle = #""type": "toggle", "id": "light", "frame": [20, 20, 64, 36]"#

    @Test("the keys are read with their defaults: off, the theme's colours")
    func defaults() throws {
        let config = try ConfigLoader.decode(mainScreen(#"{\#(Self.toggle)}"#,
            ##"{"type": "toggle", "id": "fan", "frame": [20, 80, 64, 36], "on": true, "onColor": "#2EA043", "offColor": "#303030", "thumbColor": "#F0F0F0"}"##),
            file: "demo.json")
        let controls = config.screens[0].controls
        #expect(controls[0].base as? ToggleConfig == ToggleConfig(id: "light", frame: Rect(20, 20, 64, 36)))
        #expect(controls[1].base as? ToggleConfig
                == ToggleConfig(id: "fan", frame: Rect(20, 80, 64, 36), isOn: true, onColor: Color(hex: "#2EA043"),
                                offColor: Color(hex: "#303030"), thumbColor: Color(hex: "#F0F0F0")))
        let scene = SceneBuilder.build(config)
        let fan = try #require(scene.control(withID: "fan") as? Toggle)
        #expect(fan.isOn && fan.thumbPosition == 1, "on at once at start, no spring")
        #expect(fan.onColor == Color(hex: "#2EA043") && fan.offColor == Color(hex: "#303030"))
        #expect(fan.thumbColor == Color(hex: "#F0F0F0"))
        #expect(!scene.isAnimating)
        let light = try #require(scene.control(withID: "light") as? Toggle)
        #expect(!light.isOn && light.onColor == nil)
    }

    static let cases: [BadConfig] = [
        BadConfig("on is a boolean",
                  mainScreen(#"{\#(toggle), "on": 1}"#),
                  "demo.json: screens[0].controls[0].on: expected true or false, found a number (line 2)"),
        BadConfig("a frame taller than wide leaves the thumb nowhere to go",
                  mainScreen(#"{"type": "toggle", "id": "light", "frame": [20, 20, 36, 64]}"#),
                  "demo.json: screens[0].controls[0].frame: must be at least as wide as it is tall, for the thumb to move sideways (found 36x64) (line 2)"),
        BadConfig("a misspelt key is named with its suggestion",
                  mainScreen(##"{\##(toggle), "onColour": "#FF0000"}"##),
                  #"demo.json: screens[0].controls[0]: unknown key "onColour"; did you mean "onColor"? (line 2)"#),
        BadConfig("checked is a button's word, not a toggle's",
                  mainScreen(#"{\#(toggle), "checked": true}"#),
                  #"demo.json: screens[0].controls[0]: unknown key "checked" (line 2)"#),
        BadConfig("a bad colour, at its line",
                  mainScreen("{\n\(toggle),\n\"offColor\": \"grey\"}"),
                  #"demo.json: screens[0].controls[0].offColor: invalid colour "grey": expected #RRGGBB or #RRGGBBAA (line 4)"#),
        BadConfig("a misspelt type",
                  mainScreen(#"{"type": "togle", "id": "light", "frame": [20, 20, 64, 36]}"#),
                  #"demo.json: screens[0].controls[0].type: unknown control type "togle"; did you mean "toggle"? (line 2)"#),
    ]

    @Test(arguments: cases)
    func mistakesAreReportedWithPathAndLine(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test("the owner's properties are the three colours; on is the value field")
    func properties() {
        #expect(ToggleConfig.properties.map(\.name) == ["onColor", "offColor", "thumbColor"])
        #expect(ControlRegistry.standard.descriptionType(named: "toggle") == ToggleConfig.self)
    }
}
