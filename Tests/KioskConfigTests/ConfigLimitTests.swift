import KioskConfig
import KioskControls
import KioskCore
import KioskTestSupport
import KioskUI
import Testing

/// The values the limits exist for, each as it was found: it passed `kiosk check`, then
/// trapped, hung or ran out of memory at run time. Every limit has its exact message in
/// `ConfigErrorTests.limitCases`; these are the reports that led to them.
@Suite struct ConfigLimitTests {
    static let dial = #""type": "circularSlider", "id": "dial", "frame": [0, 0, 240, 240]"#
    static let label = #""type": "label", "id": "title", "frame": [0, 0, 400, 40]"#

    /// A config with `display` and `theme` objects on line 1 and one screen.
    static func settings(display: String = "{}", theme: String = "{}", input: String = "{}") -> String {
        #"{"display": \#(display), "theme": \#(theme), "input": \#(input), "#
            + "\n" + #""startScreen": "main", "screens": [{"id": "main"}]}"#
    }

    /// Values that passed `kiosk check` once and are refused now, each with its path and line.
    static let refusedByCheck = [
        BadConfig("a dial angle of 1e19 is refused by check with its path and line",
                  mainScreen(#"{\#(dial), "angle": 1e19}"#),
                  "demo.json: screens[0].controls[0].angle: must be at least 0 and less than 360 (found 1e+19) (line 2)"),
        BadConfig("a calibration matrix with an entry of 1e308 is refused by check",
                  settings(input: #"{"calibration": [1, 0, 0, 0, 1e308, 0]}"#),
                  "demo.json: input.calibration[4]: must be between -100 and 100 (found 1e+308) (line 1)"),
        BadConfig("a label of 100,000 combining marks is refused by check",
                  mainScreen(#"{\#(label), "text": "a\#(String(repeating: "\u{301}", count: 100_000))"}"#),
                  "demo.json: screens[0].controls[0].text: must be at most 4096 Unicode scalars long (found 100001) (line 2)"),
    ]

    @Test("a value that once passed check is refused with its path and line", arguments: refusedByCheck)
    func refused(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test("a dial made in code with an angle of 1e19 or NaN is built without trapping")
    func sceneBuilderConvertsAnglesSafely() throws {
        for angle in [1e19, -1e19, .nan, .infinity, -90.5] {
            let config = KioskConfiguration(startScreen: "main", screens: [ScreenConfig(id: "main", controls: [
                ControlConfig(CircularSliderConfig(id: "dial", frame: Rect(0, 0, 240, 240), angle: angle)),
            ])])
            let dial = try #require(SceneBuilder.build(config).control(withID: "dial") as? CircularSlider)
            #expect((0..<360).contains(dial.angle))
        }
    }

    @Test("frames of 1e12 and 2^63 pixels are refused by check, at the number that is too large",
          arguments: [
              ("[1e12, 0, 100, 40]", "frame[0]: must be between -16384 and 16384 (found 1000000000000)"),
              ("[0, 0, 9223372036854775808, 40]",
               "frame[2]: must be more than 0 and at most 16384 (found 9.223372036854776e+18)"),
          ])
    func hugeFrames(_ frame: String, _ message: String) {
        #expect(problems(in: mainScreen(#"{"type": "label", "id": "t", "frame": \#(frame), "text": "Hi"}"#))
            == ["demo.json: screens[0].controls[0].\(message) (line 2)"])
    }

    @Test("design sizes of 1e5 and 1e300 are refused by check",
          arguments: [("[100000, 480]", "[0]", "100000"), ("[800, 1e300]", "[1]", "1e+300")])
    func hugeDesignSizes(_ size: String, _ index: String, _ found: String) {
        #expect(problems(in: Self.settings(display: #"{"designSize": \#(size)}"#))
            == ["demo.json: display.designSize\(index): must be between 64 and 8192 (found \(found)) (line 1)"])
    }

    @Test("font sizes of 1e308, in points or pixels, are refused by check",
          arguments: ["sans-serif 1e308", "sans 1e308px", "sans-serif bold 600", "sans 0"])
    func hugeFontSizes(_ font: String) {
        let word = font.split(separator: " ").last!
        #expect(problems(in: Self.settings(theme: #"{"font": "\#(font)"}"#))
            == ["demo.json: theme.font: the size must be between 1 and 512 (found \(word)) (line 1)"])
    }

    @Test("a character of 33 scalars is refused, one of 32 is not")
    func longGraphemeCluster() {
        let accepted = "ok a" + String(repeating: "\u{301}", count: 31)
        let refused = "ok a" + String(repeating: "\u{301}", count: 32) + "!"
        #expect(problems(in: mainScreen(#"{\#(Self.label), "text": "\#(accepted)"}"#)) == [])
        #expect(problems(in: mainScreen(#"{\#(Self.label), "text": "\#(refused)"}"#))
            == ["demo.json: screens[0].controls[0].text: a character must be at most 32 Unicode scalars long (character 4 has 33) (line 2)"])
    }

    @Test("the values at each limit are accepted")
    func valuesAtTheLimits() throws {
        let text = String(repeating: "x", count: 4096)
        let id = String(repeating: "i", count: 128)
        let font = String(repeating: "f", count: 252) + " 512"
        let json = #"""
            {"display": {"designSize": [64, 8192]}, "theme": {"font": "\#(font)", "panelCornerRadius": 16384},
             "input": {"calibration": [100, -100, 100, 0, 100, -100]},
             "startScreen": "\#(id)", "screens": [{"id": "\#(id)", "controls": [
              {"type": "label", "id": "t", "frame": [-16383, -16383, 16384, 16384], "text": "\#(text)", "font": "sans 1px"},
              {"type": "circularSlider", "id": "dial", "frame": [0, 0, 64, 64], "angle": 359.999},
              {"type": "rangeSlider", "id": "r", "frame": [0, 0, 64, 64], "min": -1e9, "max": 1e9, "lower": -1e9, "upper": 1e9}
             ]}]}
            """#
        let config = try ConfigLoader.decode(json, file: "k.json")
        #expect(config.display.designSize == Size(64, 8192))
        #expect(config.screens[0].controls.count == 3)
    }
}
