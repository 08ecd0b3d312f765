import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// `{"type": "progressBar", …}`: its keys with their defaults, the bar it builds, and its
/// mistakes reported like a range slider's, with the file, the JSON path and the line.
@Suite("Progress bar config")
struct ProgressBarConfigTests {
    static let bar = #""type": "progressBar", "id": "load", "frame": [20, 20, 400, 16]"#

    @Test("the keys are read with their defaults: 0…1, the value at min, determinate, the theme's colours")
    func defaults() throws {
        let config = try ConfigLoader.decode(mainScreen(#"{\#(Self.bar)}"#,
            ##"{"type": "progressBar", "id": "copy", "frame": [20, 60, 400, 16], "min": 10, "max": 20, "value": 12.5, "indeterminate": true, "trackColor": "#303030", "fillColor": "#2EA043"}"##),
            file: "demo.json")
        let controls = config.screens[0].controls
        #expect(controls[0].base as? ProgressBarConfig == ProgressBarConfig(id: "load", frame: Rect(20, 20, 400, 16)))
        let copy = try #require(controls[1].base as? ProgressBarConfig)
        #expect(copy == ProgressBarConfig(id: "copy", frame: Rect(20, 60, 400, 16), minimum: 10, maximum: 20, value: 12.5,
                                          isIndeterminate: true, trackColor: Color(hex: "#303030"),
                                          fillColor: Color(hex: "#2EA043")))
        let scene = SceneBuilder.build(config)
        let built = try #require(scene.control(withID: "copy") as? ProgressBar)
        #expect(built.value == 12.5 && built.displayedValue == 12.5, "shown at once at start, no glide")
        #expect(built.isIndeterminate)
        #expect(built.fillColor == Color(hex: "#2EA043"))
        #expect(!scene.isAnimating, "nothing moves before the bar is first drawn")
    }

    static let cases: [BadConfig] = [
        BadConfig("max must exceed min",
                  mainScreen(#"{\#(bar), "min": 5, "max": 5}"#),
                  "demo.json: screens[0].controls[0].max: must be greater than min (5) (line 2)"),
        BadConfig("value must lie within min and max",
                  mainScreen(#"{\#(bar), "max": 100, "value": 120}"#),
                  "demo.json: screens[0].controls[0].value: must be between min (0) and max (100) (line 2)"),
        BadConfig("value beyond the limit: one message, not a range message as well",
                  mainScreen(#"{\#(bar), "value": 1e300}"#),
                  "demo.json: screens[0].controls[0].value: must be between -1000000000 and 1000000000 (found 1e+300) (line 2)"),
        BadConfig("indeterminate is a boolean",
                  mainScreen(#"{\#(bar), "indeterminate": "yes"}"#),
                  "demo.json: screens[0].controls[0].indeterminate: expected true or false, found a string (line 2)"),
        BadConfig("a misspelt key is named with its suggestion",
                  mainScreen(##"{\##(bar), "fillColour": "#FF0000"}"##),
                  #"demo.json: screens[0].controls[0]: unknown key "fillColour"; did you mean "fillColor"? (line 2)"#),
        BadConfig("a bad colour",
                  mainScreen("{\n\(bar),\n\"trackColor\": \"grey\"}"),
                  #"demo.json: screens[0].controls[0].trackColor: invalid colour "grey": expected #RRGGBB or #RRGGBBAA (line 4)"#),
    ]

    @Test(arguments: cases)
    func mistakesAreReportedWithPathAndLine(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test("the owner's properties are indeterminate and the colours; value is the value field")
    func properties() {
        #expect(ProgressBarConfig.properties.map(\.name) == ["indeterminate", "trackColor", "fillColor"])
        #expect(ControlRegistry.standard.descriptionType(named: "progressBar") == ProgressBarConfig.self)
    }
}
