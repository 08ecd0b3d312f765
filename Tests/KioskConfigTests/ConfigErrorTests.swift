import KioskConfig
import KioskControls
import KioskTestSupport
import Testing

@Suite struct ConfigErrorTests {
    static let slider = #""type": "rangeSlider", "id": "price", "frame": [0, 0, 400, 40]"#
    static let label = #""type": "label", "id": "title", "frame": [0, 0, 400, 40]"#

    static let cases: [BadConfig] = [
        BadConfig("max must exceed min",
                  mainScreen(#"{\#(slider), "min": 0, "max": 0}"#),
                  "demo.json: screens[0].controls[0].max: must be greater than min (0) (line 2)"),
        BadConfig("lower must lie within min and max",
                  mainScreen(#"{\#(slider), "min": 0.5, "max": 10, "lower": -1}"#),
                  "demo.json: screens[0].controls[0].lower: must be between min (0.5) and max (10) (line 2)"),
        BadConfig("upper must lie within min and max (defaults count)",
                  mainScreen(#"{\#(slider), "upper": 12}"#),
                  "demo.json: screens[0].controls[0].upper: must be between min (0) and max (10) (line 2)"),
        BadConfig("lower must not pass upper",
                  mainScreen(#"{\#(slider), "lower": 8, "upper": 2}"#),
                  "demo.json: screens[0].controls[0].lower: must not be greater than upper (2) (line 2)"),
        BadConfig("unknown key with a suggestion",
                  mainScreen(##"{\##(label), "text": "Hi", "colour": "#FFFFFF"}"##),
                  #"demo.json: screens[0].controls[0]: unknown key "colour"; did you mean "color"? (line 2)"#),
        BadConfig("unknown key without a close match",
                  mainScreen(#"{\#(label), "text": "Hi", "blink": true}"#),
                  #"demo.json: screens[0].controls[0]: unknown key "blink" (line 2)"#),
        BadConfig("unknown key in a nested object",
                  #"{"display": {"rotaton": 90}, "startScreen": "main", "screens": [{"id": "main"}]}"#,
                  #"demo.json: display: unknown key "rotaton"; did you mean "rotation"? (line 1)"#),
        BadConfig("wrong type",
                  mainScreen(#"{\#(label), "text": 5}"#),
                  "demo.json: screens[0].controls[0].text: expected a string, found a number (line 2)"),
        BadConfig("a wrongly typed number gives one message, not a range error as well",
                  mainScreen(#"{\#(slider), "min": "0", "max": 10}"#),
                  "demo.json: screens[0].controls[0].min: expected a number, found a string (line 2)"),
        BadConfig("missing required key",
                  mainScreen(#"{"type": "label", "frame": [0, 0, 400, 40], "text": "Hi"}"#),
                  #"demo.json: screens[0].controls[0]: missing required key "id" (line 2)"#),
        BadConfig("missing required key at the root is placed by line and column",
                  #"{"screens": [{"id": "main"}]}"#,
                  #"demo.json:1:1: missing required key "startScreen""#),
        BadConfig("bad colour",
                  mainScreen(##"{\##(label), "text": "Hi", "color": "#12345G"}"##),
                  ##"demo.json: screens[0].controls[0].color: invalid colour "#12345G": expected #RRGGBB or #RRGGBBAA (line 2)"##),
        BadConfig("bad rotation",
                  #"{"display": {"rotation": 45}, "startScreen": "main", "screens": [{"id": "main"}]}"#,
                  "demo.json: display.rotation: must be 0, 90, 180 or 270 (line 1)"),
        BadConfig("syntax error with line and column",
                  "{\"startScreen\": \"main\",\n  \"screens\": [{\"id\": \"main\" \"controls\": []}]}",
                  "demo.json:2:29: expected ',' or '}' after object member"),
        BadConfig("duplicate key is a syntax error",
                  "{\"startScreen\": \"main\",\n \"startScreen\": \"other\", \"screens\": []}",
                  #"demo.json:2:2: duplicate key "startScreen""#),
        BadConfig("duplicate id among controls",
                  mainScreen(#"{\#(slider)}"#, #"{"type": "button", "id": "price", "frame": [0, 50, 100, 40], "title": "Go"}"#),
                  #"demo.json: screens[0].controls[1].id: duplicate id "price" (first used at screens[0].controls[0]) (line 3)"#),
        BadConfig("a control may not take a screen's id",
                  mainScreen(#"{"type": "label", "id": "main", "frame": [0, 0, 400, 40], "text": "Hi"}"#),
                  #"demo.json: screens[0].controls[0].id: duplicate id "main" (first used at screens[0]) (line 2)"#),
        BadConfig("unknown control type",
                  mainScreen(#"{"type": "dimmer", "id": "s", "frame": [0, 0, 400, 40]}"#),
                  #"demo.json: screens[0].controls[0].type: unknown control type "dimmer"; expected one of button, circularSlider, image, keypad, label, list, progressBar, rangeSlider, slider, textField, toggle (line 2)"#),
        BadConfig("misspelt control type",
                  mainScreen(#"{"type": "lable", "id": "s", "frame": [0, 0, 400, 40]}"#),
                  #"demo.json: screens[0].controls[0].type: unknown control type "lable"; did you mean "label"? (line 2)"#),
        BadConfig("misspelt alignment",
                  mainScreen(#"{\#(label), "text": "Hi", "alignment": "centre"}"#),
                  #"demo.json: screens[0].controls[0].alignment: unknown alignment "centre"; did you mean "center"? (line 2)"#),
        BadConfig("start screen names no screen",
                  #"{"startScreen": "mian", "screens": [{"id": "main"}]}"#,
                  #"demo.json: startScreen: no screen with id "mian"; did you mean "main"? (line 1)"#),
        BadConfig("switchScreen names no screen",
                  mainScreen(#"{"type": "button", "id": "go", "frame": [0, 0, 100, 40], "title": "Go", "action": {"switchScreen": "settings"}}"#),
                  #"demo.json: screens[0].controls[0].action.switchScreen: no screen with id "settings" (line 2)"#),
        BadConfig("unknown action",
                  mainScreen(#"{"type": "button", "id": "go", "frame": [0, 0, 100, 40], "title": "Go", "action": {"launch": "filters"}}"#),
                  #"demo.json: screens[0].controls[0].action: unknown action "launch"; expected one of back, setLanguage, showPanel, showPopup, switchScreen (line 2)"#),
        BadConfig("frame with three numbers",
                  mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, 400], "text": "Hi"}"#),
                  "demo.json: screens[0].controls[0].frame: expected 4 numbers [x, y, width, height], found 3 (line 2)"),
        BadConfig("frame without area",
                  mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, 0, 40], "text": "Hi"}"#),
                  "demo.json: screens[0].controls[0].frame[2]: must be more than 0 and at most 16384 (found 0) (line 2)"),
        BadConfig("frame element of the wrong type",
                  mainScreen(#"{"type": "label", "id": "t", "frame": [0, 0, "400", 40], "text": "Hi"}"#),
                  "demo.json: screens[0].controls[0].frame[2]: expected a number, found a string (line 2)"),
        BadConfig("frame off the screen",
                  mainScreen(#"{"type": "label", "id": "t", "frame": [800, 0, 100, 40], "text": "Hi"}"#),
                  "demo.json: screens[0].controls[0].frame: frame lies outside the screen (800x480) (line 2)"),
        BadConfig("frame checked against the configured design size",
                  #"{"display": {"designSize": [1024, 600]}, "startScreen": "main", "screens": [{"id": "main", "controls": ["#
                      + "\n" + #"{"type": "label", "id": "t", "frame": [900, 620, 100, 40], "text": "Hi"}]}]}"#,
                  "demo.json: screens[0].controls[0].frame: frame lies outside the screen (1024x600) (line 2)"),
        BadConfig("design size with one number",
                  #"{"display": {"designSize": [800]}, "startScreen": "main", "screens": [{"id": "main"}]}"#,
                  "demo.json: display.designSize: expected 2 numbers [width, height], found 1 (line 1)"),
        BadConfig("curvaceousness beyond 1",
                  #"{"theme": {"curvaceousness": 1.5}, "startScreen": "main", "screens": [{"id": "main"}]}"#,
                  "demo.json: theme.curvaceousness: must be between 0 and 1 (found 1.5) (line 1)"),
        BadConfig("no screens",
                  #"{"startScreen": "main", "screens": []}"#,
                  "demo.json: screens: must contain at least one screen (line 1)"),
        BadConfig("empty id",
                  #"{"startScreen": "", "screens": [{"id": ""}]}"#,
                  "demo.json: startScreen: must not be empty (line 1)",
                  "demo.json: screens[0].id: must not be empty (line 1)"),
        BadConfig("a control that is not an object",
                  mainScreen("42"),
                  "demo.json: screens[0].controls[0]: expected an object, found a number (line 2)"),
        BadConfig("a document that is not an object",
                  "[1, 2]",
                  "demo.json:1:1: expected an object, found an array"),
        BadConfig("root key misspelt",
                  #"{"startScreen": "main", "screen": [{"id": "main"}]}"#,
                  #"demo.json:1:1: missing required key "screens""#,
                  #"demo.json:1:25: unknown key "screen"; did you mean "screens"?"#),
        BadConfig("several problems in one run, in document order",
                  """
                  {
                    "theme": {"accent": "blue", "curvaceousness": -1},
                    "startScreen": "home",
                    "screens": [{"id": "main", "controls": [
                      {"type": "rangeSlider", "id": "price", "frame": [0, 0, 400, 40], "min": 10, "max": 5},
                      {"type": "knob", "id": "k", "frame": [0, 0, 40, 40]},
                      {"type": "label", "id": "price", "frame": [0, 50, 400, 40], "txt": "Hi"}
                    ]}],
                    "display": {"rotation": 91}
                  }
                  """,
                  #"demo.json: theme.accent: invalid colour "blue": expected #RRGGBB or #RRGGBBAA (line 2)"#,
                  "demo.json: theme.curvaceousness: must be between 0 and 1 (found -1) (line 2)",
                  #"demo.json: startScreen: no screen with id "home" (line 3)"#,
                  "demo.json: screens[0].controls[0].max: must be greater than min (10) (line 5)",
                  #"demo.json: screens[0].controls[1].type: unknown control type "knob"; expected one of button, circularSlider, image, keypad, label, list, progressBar, rangeSlider, slider, textField, toggle (line 6)"#,
                  #"demo.json: screens[0].controls[2]: missing required key "text" (line 7)"#,
                  #"demo.json: screens[0].controls[2].id: duplicate id "price" (first used at screens[0].controls[0]) (line 7)"#,
                  #"demo.json: screens[0].controls[2]: unknown key "txt"; did you mean "text"? (line 7)"#,
                  "demo.json: display.rotation: must be 0, 90, 180 or 270 (line 9)"),
    ]

    @Test(arguments: cases + limitCases)
    func badConfigIsRejectedWithExactMessages(_ bad: BadConfig) {
        #expect(problems(in: bad.json, files: bad.files) == bad.expected)
    }

    @Test func problemsCarryTheirPartsSeparately() throws {
        let control = #"{\#(Self.slider), "min": 0, "max": -1}"#
        let error = caughtError(ConfigErrors.self) {
            try ConfigLoader.decode(mainScreen(control), file: "kiosk/demo.json")
        }
        let problem = try #require(error?.problems.first)
        let column = control.distance(from: control.startIndex, to: control.firstRange(of: "-1")!.lowerBound) + 1
        #expect(problem == ConfigProblem(file: "kiosk/demo.json", path: "screens[0].controls[0].max", line: 2,
                                         column: column, message: "must be greater than min (0)"))
    }

    @Test func allProblemsPrintOnePerLine() {
        let json = ##"{"display": {"rotation": 1}, "theme": {"knob": "#FFF"}, "startScreen": "main", "screens": [{"id": "main"}]}"##
        let error = caughtError(ConfigErrors.self) { try ConfigLoader.decode(json, file: "k.json") }
        #expect(error?.description == """
            k.json: display.rotation: must be 0, 90, 180 or 270 (line 1)
            k.json: theme.knob: invalid colour "#FFF": expected #RRGGBB or #RRGGBBAA (line 1)
            """)
    }

    @Test func badControlsAreLeftOutWhileTheOthersAreStillChecked() {
        // The first control is broken beyond repair; the second still gets its own check.
        let json = mainScreen(#"{"id": "a", "frame": [0, 0, 10, 10]}"#, #"{\#(Self.label), "text": 3}"#)
        #expect(problems(in: json) == [
            #"demo.json: screens[0].controls[0]: missing required key "type" (line 2)"#,
            "demo.json: screens[0].controls[1].text: expected a string, found a number (line 3)",
        ])
    }
}
